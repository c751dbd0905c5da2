import englishMessages from 'ra-language-english';
import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fi } from './fi';
import { createI18nProvider } from './i18n-provider';
import { languageFromSearch, startupLanguage, toAdminLanguage } from './locale';
import { raFinnish } from './ra-fi';

/** Every leaf of a message tree as a dotted key. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) =>
      value !== null && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

describe('translations', () => {
  it("Porta's English and Finnish texts have the same keys", () => {
    expect(keys(fi)).toEqual(keys(en));
  });

  it("react-admin's Finnish texts have the keys of ra-language-english", () => {
    expect(keys(raFinnish)).toEqual(keys(englishMessages));
  });

  it('no text is left empty', () => {
    for (const tree of [en, fi]) {
      const leaves = keys(tree).map((k) => k.split('.').reduce<unknown>((o, p) => (o as never)[p], tree));
      expect(leaves.filter((v) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    }
  });

  it('translates the shell in both languages', () => {
    const i18n = createI18nProvider('en');
    expect(i18n.translate('porta.login.submit')).toBe('Sign in');
    expect(i18n.translate('ra.action.search')).toBe('Search');
    const finnish = createI18nProvider('fi');
    expect(finnish.translate('porta.login.submit')).toBe('Kirjaudu sisään');
    expect(finnish.translate('ra.action.search')).toBe('Hae');
    expect(finnish.translate('resources.users.name', { smart_count: 2 })).toBe('Käyttäjät');
    expect(document.documentElement.lang).toBe('fi');
    expect(finnish.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'fi', name: 'Suomi' },
    ]);
  });
});

/** The screens' sources, to find the translation keys they name. */
const SOURCES = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('translation keys used by the screens', () => {
  it('exist in both languages', () => {
    const used = new Set<string>();
    for (const source of Object.values(SOURCES)) {
      for (const match of source.matchAll(
        /['"`]((?:porta|resources)\.[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+)['"`]/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    for (const tree of [en, fi]) {
      const known = new Set(keys(tree));
      expect([...used].filter((key) => !known.has(key) && !key.endsWith('.'))).toEqual([]);
    }
  });

  it('cover every role, feature, taxonomy group, partner type and notification setting', async () => {
    const { FEATURE_IDS, NOTIFICATION_SETTING_KEYS, PARTNER_COMPANY_TYPES, ROLES, TAXONOMY_GROUPS } =
      await import('@porta/contracts');
    for (const tree of [en, fi]) {
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
    expect(toAdminLanguage('sv_FI')).toBeNull();
    expect(toAdminLanguage(undefined)).toBeNull();
  });

  it('keeps the page language in step when the language changes', async () => {
    const i18n = createI18nProvider('en');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLocale('fi');
    expect(i18n.translate('porta.login.submit')).toBe('Kirjaudu sisään');
    expect(document.documentElement.lang).toBe('fi');
  });

  it('reads the lang URL parameter', () => {
    expect(languageFromSearch('?lang=fi')).toBe('fi');
    expect(languageFromSearch('?x=1&lang=en')).toBe('en');
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
