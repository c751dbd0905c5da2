import { LANGUAGES, LOCALES, languageOfLocale } from '@porta/contracts';
import { LANGUAGE_NAMES } from '@porta/i18n';

/** The gender choice of a form: `male` is true, false or not given (03 §3). */
export type Gender = 'male' | 'female' | 'unspecified';

export function genderOf(male: boolean | null | undefined): Gender {
  if (male === true) return 'male';
  if (male === false) return 'female';
  return 'unspecified';
}

export function maleOf(gender: Gender): boolean | null {
  return gender === 'unspecified' ? null : gender === 'male';
}

/** The user locales (cs_CZ … sv_FI), each named in its own language. */
export const LOCALE_OPTIONS: readonly { value: string; label: string }[] = LANGUAGES.map((lang) => ({
  value: LOCALES[lang],
  label: LANGUAGE_NAMES[lang],
}));

/** A supported locale for a user's stored locale or a language (falls back to English). */
export function supportedLocale(localeOrLanguage: string | null | undefined): string {
  return LOCALES[languageOfLocale(localeOrLanguage)];
}

/** The name of a locale's language, in that language. */
export function localeName(locale: string): string {
  return LANGUAGE_NAMES[languageOfLocale(locale)];
}
