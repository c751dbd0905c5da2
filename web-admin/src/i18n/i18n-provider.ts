import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LANGUAGE_NAMES } from '../common/languages';
import { en } from './en';
import { ADMIN_LANGUAGES, type AdminLanguage, DEFAULT_ADMIN_LANGUAGE, toAdminLanguage } from './locale';

/** English is in the main bundle: the default, and what a failed download falls back to. */
const ENGLISH: TranslationMessages = { ...englishMessages, ...en };

/**
 * The other languages load when first chosen (03 §9: locale files load lazily per language), each
 * as Porta's texts over react-admin's own.
 */
const LOADERS: Record<Exclude<AdminLanguage, 'en'>, () => Promise<TranslationMessages>> = {
  cs: async () => {
    const [{ cs }, { raCzech }] = await Promise.all([import('./cs'), import('./ra-cs')]);
    return { ...raCzech, ...cs };
  },
  et: async () => {
    const [{ et }, { raEstonian }] = await Promise.all([import('./et'), import('./ra-et')]);
    return { ...raEstonian, ...et };
  },
  fi: async () => {
    const [{ fi }, { raFinnish }] = await Promise.all([import('./fi'), import('./ra-fi')]);
    return { ...raFinnish, ...fi };
  },
  lt: async () => {
    const [{ lt }, { raLithuanian }] = await Promise.all([import('./lt'), import('./ra-lt')]);
    return { ...raLithuanian, ...lt };
  },
  lv: async () => {
    const [{ lv }, { raLatvian }] = await Promise.all([import('./lv'), import('./ra-lv')]);
    return { ...raLatvian, ...lv };
  },
  pl: async () => {
    const [{ pl }, { raPolish }] = await Promise.all([import('./pl'), import('./ra-pl')]);
    return { ...raPolish, ...pl };
  },
  sk: async () => {
    const [{ sk }, { raSlovak }] = await Promise.all([import('./sk'), import('./ra-sk')]);
    return { ...raSlovak, ...sk };
  },
  sv: async () => {
    const [{ sv }, { raSwedish }] = await Promise.all([import('./sv'), import('./ra-sv')]);
    return { ...raSwedish, ...sv };
  },
};

const loaded = new Map<AdminLanguage, TranslationMessages>([['en', ENGLISH]]);

/** Are the language's texts here (no download needed)? */
export function hasMessages(language: AdminLanguage): boolean {
  return loaded.has(language);
}

/** The language's texts, downloaded once; English when the download fails. */
export async function loadMessages(language: AdminLanguage): Promise<TranslationMessages> {
  const known = loaded.get(language);
  if (known) return known;
  try {
    const messages = await LOADERS[language as Exclude<AdminLanguage, 'en'>]();
    loaded.set(language, messages);
    return messages;
  } catch {
    return ENGLISH;
  }
}

/** The page's `lang` follows the app's language, so that screen readers pronounce it right. */
function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * react-admin's translations. The initial language's texts must be loaded first (loadMessages):
 * Polyglot takes them synchronously; a language chosen later downloads on the way.
 */
export function createI18nProvider(initial: AdminLanguage = DEFAULT_ADMIN_LANGUAGE): I18nProvider {
  const messagesOf = (locale: string) => {
    const language = toAdminLanguage(locale) ?? DEFAULT_ADMIN_LANGUAGE;
    return loaded.get(language) ?? loadMessages(language);
  };
  const start = loaded.has(initial) ? initial : DEFAULT_ADMIN_LANGUAGE;
  const provider = polyglotI18nProvider(
    messagesOf,
    start,
    ADMIN_LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  );
  setDocumentLanguage(start);
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      setDocumentLanguage(locale);
    },
  };
}
