import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from './en';
import { fi } from './fi';
import {
  ADMIN_LANGUAGES,
  type AdminLanguage,
  DEFAULT_ADMIN_LANGUAGE,
  LANGUAGE_NAMES,
  toAdminLanguage,
} from './locale';
import { raFinnish } from './ra-fi';

export const MESSAGES: Record<AdminLanguage, TranslationMessages> = {
  en: { ...englishMessages, ...en },
  fi: { ...raFinnish, ...fi },
};

/** The page's `lang` follows the app's language, so that screen readers pronounce it right. */
function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function createI18nProvider(initial: AdminLanguage = DEFAULT_ADMIN_LANGUAGE): I18nProvider {
  const provider = polyglotI18nProvider(
    (locale) => MESSAGES[toAdminLanguage(locale) ?? DEFAULT_ADMIN_LANGUAGE],
    initial,
    ADMIN_LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  );
  setDocumentLanguage(initial);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      setDocumentLanguage(locale);
    },
  };
}
