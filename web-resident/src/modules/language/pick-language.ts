import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@porta/contracts';

/**
 * A language from a `lang` parameter, a locale (`fi_FI`) or a browser tag (`sv-FI`): only the part
 * before the separator counts (01 §1). Unknown values give null so that the next source is tried.
 */
export function languageFrom(value: string | null | undefined): Language | null {
  const head = (value ?? '').trim().split(/[_-]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(head) ? (head as Language) : null;
}

export interface LanguageSources {
  /** The `lang` address parameter; it overrides everything else. */
  urlLang?: string | null;
  /** The signed-in user's locale, e.g. `fi_FI`. */
  userLocale?: string | null;
  /** The browser's preferred languages, best first (`navigator.languages`). */
  browserLanguages?: readonly string[];
}

/** The interface language: `lang` parameter, then the user's locale, then the browser, then English. */
export function pickLanguage({ urlLang, userLocale, browserLanguages = [] }: LanguageSources): Language {
  return (
    languageFrom(urlLang) ??
    languageFrom(userLocale) ??
    browserLanguages.map(languageFrom).find((lang) => lang !== null) ??
    DEFAULT_LANGUAGE
  );
}

/** The `lang` parameter of an address's query string. */
export function langParam(search: string): string | null {
  return new URLSearchParams(search).get('lang');
}
