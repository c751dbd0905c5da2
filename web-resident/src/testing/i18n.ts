import { englishResources } from '@porta/i18n';
import { createI18n, type I18n } from '../modules/language';

/** An i18next instance with the English dictionaries in place, as startup leaves it for English. */
export function createTestI18n(): I18n {
  return createI18n({ en: englishResources });
}
