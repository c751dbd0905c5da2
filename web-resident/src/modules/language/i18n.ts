import { DEFAULT_LANGUAGE, englishResources, type Language, loadLanguage, NAMESPACES } from '@porta/i18n';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type I18n = i18n;

/**
 * A fresh i18next instance with English (the default and fallback) bundled; other languages are
 * added by `applyLanguage` when startup picks one.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    ns: [...NAMESPACES],
    defaultNS: 'resident',
    fallbackNS: 'common',
    resources: { [DEFAULT_LANGUAGE]: englishResources },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
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
