import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@porta/contracts';
import enCommon from './locales/en/common.json' with { type: 'json' };
import enCommunity from './locales/en/community.json' with { type: 'json' };
import enDocuments from './locales/en/documents.json' with { type: 'json' };
import enNews from './locales/en/news.json' with { type: 'json' };
import enResident from './locales/en/resident.json' with { type: 'json' };
import enServiceRequests from './locales/en/serviceRequests.json' with { type: 'json' };
import enSupport from './locales/en/support.json' with { type: 'json' };

/**
 * Porta's dictionaries (01 §1, 03 §9). One JSON file per language and namespace under
 * `src/locales/<lang>/<namespace>.json`; English is the reference every other language must match
 * key for key (see `locales.test.ts`).
 *
 * Every language loads lazily, one chunk per language and namespace (03 §9), English too: a web
 * app's first load carries no dictionary, and startup fetches the one language it shows (issue 17).
 * `englishResources` (the reference, eager) is for tests and servers; a web app that imports it
 * bundles every English dictionary into its first load.
 */
export const NAMESPACES = [
  'common',
  'resident',
  'news',
  'support',
  'community',
  'serviceRequests',
  'documents',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** The English dictionaries: the reference shape of every language. */
export const englishResources = {
  common: enCommon,
  resident: enResident,
  news: enNews,
  support: enSupport,
  community: enCommunity,
  serviceRequests: enServiceRequests,
  documents: enDocuments,
};
export type Resources = typeof englishResources;
export type Dictionary<N extends Namespace> = Resources[N];

/** Each language's name in that language, for a language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  cs: 'Čeština',
  en: 'English',
  et: 'Eesti',
  fi: 'Suomi',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  pl: 'Polski',
  sk: 'Slovenčina',
  sv: 'Svenska',
};

type Loaders = { [N in Namespace]: () => Promise<{ default: Dictionary<N> }> };

/*
 * Literal import paths (no template strings) so that bundlers split one chunk per file and the
 * compiler checks that every language file has at least the keys of the English one.
 */
const lazy: Record<Language, Loaders> = {
  en: {
    common: () => import('./locales/en/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/en/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/en/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/en/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/en/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/en/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/en/documents.json', { with: { type: 'json' } }),
  },
  cs: {
    common: () => import('./locales/cs/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/cs/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/cs/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/cs/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/cs/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/cs/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/cs/documents.json', { with: { type: 'json' } }),
  },
  et: {
    common: () => import('./locales/et/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/et/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/et/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/et/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/et/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/et/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/et/documents.json', { with: { type: 'json' } }),
  },
  fi: {
    common: () => import('./locales/fi/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/fi/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/fi/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/fi/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/fi/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/fi/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/fi/documents.json', { with: { type: 'json' } }),
  },
  lt: {
    common: () => import('./locales/lt/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/lt/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/lt/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/lt/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/lt/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/lt/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/lt/documents.json', { with: { type: 'json' } }),
  },
  lv: {
    common: () => import('./locales/lv/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/lv/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/lv/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/lv/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/lv/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/lv/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/lv/documents.json', { with: { type: 'json' } }),
  },
  pl: {
    common: () => import('./locales/pl/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/pl/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/pl/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/pl/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/pl/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/pl/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/pl/documents.json', { with: { type: 'json' } }),
  },
  sk: {
    common: () => import('./locales/sk/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/sk/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/sk/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/sk/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/sk/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/sk/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/sk/documents.json', { with: { type: 'json' } }),
  },
  sv: {
    common: () => import('./locales/sv/common.json', { with: { type: 'json' } }),
    resident: () => import('./locales/sv/resident.json', { with: { type: 'json' } }),
    news: () => import('./locales/sv/news.json', { with: { type: 'json' } }),
    support: () => import('./locales/sv/support.json', { with: { type: 'json' } }),
    community: () => import('./locales/sv/community.json', { with: { type: 'json' } }),
    serviceRequests: () => import('./locales/sv/serviceRequests.json', { with: { type: 'json' } }),
    documents: () => import('./locales/sv/documents.json', { with: { type: 'json' } }),
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value);
}

/** The dictionary of one namespace in one language, loaded lazily (once: the module stays loaded). */
export async function loadLocale<N extends Namespace>(lang: Language, ns: N): Promise<Dictionary<N>> {
  if (!isLanguage(lang)) throw new Error(`Unknown language: ${String(lang)}`);
  if (!isNamespace(ns)) throw new Error(`Unknown namespace: ${String(ns)}`);
  const module = await lazy[lang][ns]();
  return module.default;
}

/** Every namespace of one language, keyed by namespace (the shape i18next expects for a language). */
export async function loadLanguage(lang: Language): Promise<Resources> {
  const [common, resident, news, support, community, serviceRequests, documents] = await Promise.all([
    loadLocale(lang, 'common'),
    loadLocale(lang, 'resident'),
    loadLocale(lang, 'news'),
    loadLocale(lang, 'support'),
    loadLocale(lang, 'community'),
    loadLocale(lang, 'serviceRequests'),
    loadLocale(lang, 'documents'),
  ]);
  return { common, resident, news, support, community, serviceRequests, documents };
}
