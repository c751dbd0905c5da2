import { DEFAULT_LANGUAGE, type Language, loadLanguage, NAMESPACES, type Resources } from '@porta/i18n';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type I18n = i18n;

/**
 * A fresh i18next instance without dictionaries: startup loads the language it shows with
 * `applyLanguage` before anything is rendered (English, the default and fallback, is a lazy chunk
 * like the others, so that the first load carries no dictionary). Tests hand in the dictionaries
 * they render with.
 */
export function createI18n(dictionaries: Partial<Record<Language, Resources>> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    ns: [...NAMESPACES],
    defaultNS: 'resident',
    fallbackNS: 'common',
    resources: dictionaries,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Start fetching a language's dictionaries (startup does while it fetches the features). */
export function prefetchLanguage(lang: Language): void {
  void loadLanguage(lang).catch(() => undefined);
}

/** Load a language's dictionaries (lazily, once) and switch to it. */
export async function applyLanguage(i18n: I18n, lang: Language): Promise<void> {
  if (!NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns))) {
    const resources = await loadLanguage(lang);
    for (const ns of NAMESPACES) i18n.addResourceBundle(lang, ns, resources[ns], true, true);
  }
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
