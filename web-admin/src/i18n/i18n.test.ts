import { LANGUAGES } from '@porta/contracts';
import englishMessages from 'ra-language-english';
import { memoryStore, type TranslationMessages } from 'react-admin';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cs } from './cs';
import { en, type PortaMessages } from './en';
import { et } from './et';
import { fi } from './fi';
import { languageFromSearch, startupLanguage, toAdminLanguage } from './locale';
import { lt } from './lt';
import { lv } from './lv';
import { pl } from './pl';
import { raCzech } from './ra-cs';
import { raEstonian } from './ra-et';
import { raFinnish } from './ra-fi';
import { raLithuanian } from './ra-lt';
import { raLatvian } from './ra-lv';
import { raPolish } from './ra-pl';
import { raSlovak } from './ra-sk';
import { raSwedish } from './ra-sv';
import { sk } from './sk';
import { sv } from './sv';

/**
 * Which languages are downloaded is the provider module's state, and a package's test files share
 * one process: this file takes a fresh copy of the module, as a page load does.
 */
let provider: typeof import('./i18n-provider');
beforeAll(async () => {
  vi.resetModules();
  provider = await import('./i18n-provider');
});

/** Every language but English, with Porta's texts and react-admin's. */
const TRANSLATIONS: [string, PortaMessages, TranslationMessages][] = [
  ['cs', cs, raCzech],
  ['et', et, raEstonian],
  ['fi', fi, raFinnish],
  ['lt', lt, raLithuanian],
  ['lv', lv, raLatvian],
  ['pl', pl, raPolish],
  ['sk', sk, raSlovak],
  ['sv', sv, raSwedish],
];
const PORTA_TREES: object[] = [en, ...TRANSLATIONS.map(([, porta]) => porta)];

/** Every leaf of a message tree as a dotted key. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) =>
      value !== null && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

function textAt(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], tree);
}

const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

/** Polyglot's plural forms by language: three for the Czech, Slovak, Polish and Lithuanian rules. */
const PLURAL_FORMS: Record<string, number> = { cs: 3, sk: 3, pl: 3, lt: 3 };

describe('translations', () => {
  it.each(TRANSLATIONS)("Porta's %s texts have the English keys", (_, porta) => {
    expect(keys(porta)).toEqual(keys(en));
  });

  it.each(TRANSLATIONS)("react-admin's %s texts have the keys of ra-language-english", (_, __, ra) => {
    expect(keys(ra)).toEqual(keys(englishMessages));
  });

  it('no text is left empty', () => {
    for (const tree of [...PORTA_TREES, ...TRANSLATIONS.map(([, , ra]) => ra)]) {
      // react-admin's "no value" of a boolean is a space in English too.
      const texts = keys(tree).filter((k) => k !== 'ra.boolean.null');
      expect(texts.filter((k) => String(textAt(tree, k) ?? '').trim() === '')).toEqual([]);
    }
  });

  it.each(TRANSLATIONS)(
    '%s keeps the placeholders and has the plural forms it needs',
    (language, porta, ra) => {
      const pairs: [object, object][] = [
        [en, porta],
        [englishMessages, ra],
      ];
      for (const [english, translated] of pairs) {
        for (const key of keys(english)) {
          const source = textAt(english, key) as string;
          const text = textAt(translated, key) as string;
          expect([key, placeholders(text)]).toEqual([key, placeholders(source)]);
          if (source.includes('||||')) {
            expect([key, text.split('||||').length]).toEqual([key, PLURAL_FORMS[language] ?? 2]);
          }
        }
      }
    },
  );

  it('translates the shell in the languages', async () => {
    const i18n = provider.createI18nProvider('en');
    expect(i18n.translate('porta.login.submit')).toBe('Sign in');
    expect(i18n.translate('ra.action.search')).toBe('Search');
    await provider.loadMessages('fi');
    const finnish = provider.createI18nProvider('fi');
    expect(finnish.translate('porta.login.submit')).toBe('Kirjaudu sisään');
    expect(finnish.translate('ra.action.search')).toBe('Hae');
    expect(finnish.translate('resources.users.name', { smart_count: 2 })).toBe('Käyttäjät');
    expect(document.documentElement.lang).toBe('fi');
    expect(finnish.getLocales?.().map((l) => l.locale)).toEqual([...LANGUAGES]);
    expect(finnish.getLocales?.().find((l) => l.locale === 'sv')?.name).toBe('Svenska');
  });

  it('picks the plural form by the language (Czech: one, a few, many)', async () => {
    await provider.loadMessages('cs');
    const czech = provider.createI18nProvider('cs');
    const [one, few, many] = (raCzech.ra as { action: { bulk_actions: string } }).action.bulk_actions
      .split('||||')
      .map((form) => form.trim());
    expect(czech.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe(one);
    expect(czech.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe(
      few?.replace('%{smart_count}', '3'),
    );
    expect(czech.translate('ra.action.bulk_actions', { smart_count: 7 })).toBe(
      many?.replace('%{smart_count}', '7'),
    );
  });
});

/** The screens' sources, to find the translation keys they name. */
const SOURCES = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('translation keys used by the screens', () => {
  it('exist in every language', () => {
    const used = new Set<string>();
    for (const source of Object.values(SOURCES)) {
      for (const match of source.matchAll(
        /['"`]((?:porta|resources)\.[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+)['"`]/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    for (const tree of PORTA_TREES) {
      const known = new Set(keys(tree));
      expect([...used].filter((key) => !known.has(key) && !key.endsWith('.'))).toEqual([]);
    }
  });

  it('cover every role, feature, taxonomy group, partner type and notification setting', async () => {
    const { FEATURE_IDS, NOTIFICATION_SETTING_KEYS, PARTNER_COMPANY_TYPES, ROLES, TAXONOMY_GROUPS } =
      await import('@porta/contracts');
    for (const tree of PORTA_TREES) {
      const known = new Set(keys(tree));
      const wanted = [
        ...ROLES.map((r) => `porta.roles.${r}`),
        ...FEATURE_IDS.map((f) => `porta.features.${f}`),
        ...TAXONOMY_GROUPS.map((g) => `porta.taxonomy_groups.${g}`),
        ...PARTNER_COMPANY_TYPES.map((t) => `porta.partner_types.${t}`),
        ...NOTIFICATION_SETTING_KEYS.map((k) => `porta.notification_settings.keys.${k}`),
      ];
      expect(wanted.filter((key) => !known.has(key))).toEqual([]);
    }
  });
});

describe('language choice', () => {
  it('uses only the part of a locale before the underscore', () => {
    expect(toAdminLanguage('fi_FI')).toBe('fi');
    expect(toAdminLanguage('en-US')).toBe('en');
    expect(toAdminLanguage('sv_FI')).toBe('sv');
    expect(toAdminLanguage('ru_RU')).toBeNull();
    expect(toAdminLanguage(undefined)).toBeNull();
  });

  it('keeps the page language in step when the language changes', async () => {
    const i18n = provider.createI18nProvider('en');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLocale('fi');
    expect(i18n.translate('porta.login.submit')).toBe('Kirjaudu sisään');
    expect(document.documentElement.lang).toBe('fi');
  });

  it("downloads a language's texts when it is first chosen", async () => {
    expect(provider.hasMessages('sv')).toBe(false);
    const i18n = provider.createI18nProvider('en');
    await i18n.changeLocale('sv');
    expect(provider.hasMessages('sv')).toBe(true);
    expect(i18n.translate('porta.login.submit')).toBe(sv.porta.login.submit);
    expect(i18n.translate('ra.action.search')).toBe(
      (raSwedish.ra as { action: { search: string } }).action.search,
    );
    expect(document.documentElement.lang).toBe('sv');
  });

  it('starts in English until the first language is loaded', () => {
    expect(provider.hasMessages('lv')).toBe(false);
    const i18n = provider.createI18nProvider('lv');
    expect(i18n.getLocale()).toBe('en');
    expect(i18n.translate('porta.login.submit')).toBe('Sign in');
  });

  it('reads the lang URL parameter', () => {
    expect(languageFromSearch('?lang=fi')).toBe('fi');
    expect(languageFromSearch('?x=1&lang=en')).toBe('en');
    expect(languageFromSearch('?lang=sk')).toBe('sk');
    expect(languageFromSearch('?lang=xx')).toBeNull();
    expect(languageFromSearch('')).toBeNull();
  });

  it('starts in English, or in the language chosen before, and the lang parameter wins and is kept', () => {
    const store = memoryStore();
    store.setup();
    expect(startupLanguage('', store)).toBe('en');
    store.setItem('locale', 'fi');
    expect(startupLanguage('', store)).toBe('fi');
    store.setItem('locale', 'fi');
    expect(startupLanguage('?lang=en', store)).toBe('en');
    expect(store.getItem('locale')).toBe('en');
  });
});
