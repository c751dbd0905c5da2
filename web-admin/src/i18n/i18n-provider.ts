import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { LANGUAGE_NAMES } from '../common/languages';
import { en, type PortaMessages } from './en';
import { ADMIN_LANGUAGES, type AdminLanguage, DEFAULT_ADMIN_LANGUAGE, toAdminLanguage } from './locale';

/** English is in the main bundle: the default, and what a failed download falls back to. */
const ENGLISH: TranslationMessages = { ...englishMessages, ...en };

/** A language's texts: Porta's over react-admin's own, the two downloaded together. */
async function both(
  porta: Promise<PortaMessages>,
  reactAdmin: Promise<TranslationMessages>,
): Promise<TranslationMessages> {
  const [own, ra] = await Promise.all([porta, reactAdmin]);
  return { ...ra, ...own };
}

/** The other languages load when first chosen (03 §9: locale files load lazily per language). */
const LOADERS: Record<Exclude<AdminLanguage, 'en'>, () => Promise<TranslationMessages>> = {
  cs: () =>
    both(
      import('./cs').then((m) => m.cs),
      import('./ra-cs').then((m) => m.raCzech),
    ),
  et: () =>
    both(
      import('./et').then((m) => m.et),
      import('./ra-et').then((m) => m.raEstonian),
    ),
  fi: () =>
    both(
      import('./fi').then((m) => m.fi),
      import('./ra-fi').then((m) => m.raFinnish),
    ),
  lt: () =>
    both(
      import('./lt').then((m) => m.lt),
      import('./ra-lt').then((m) => m.raLithuanian),
    ),
  lv: () =>
    both(
      import('./lv').then((m) => m.lv),
      import('./ra-lv').then((m) => m.raLatvian),
    ),
  pl: () =>
    both(
      import('./pl').then((m) => m.pl),
      import('./ra-pl').then((m) => m.raPolish),
    ),
  sk: () =>
    both(
      import('./sk').then((m) => m.sk),
      import('./ra-sk').then((m) => m.raSlovak),
    ),
  sv: () =>
    both(
      import('./sv').then((m) => m.sv),
      import('./ra-sv').then((m) => m.raSwedish),
    ),
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
