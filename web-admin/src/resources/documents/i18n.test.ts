import { DOCUMENT_ERRORS, FOLDER_RULE_GROUPS, HOME_FOLDER_CATEGORIES } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { cs } from '../../i18n/cs';
import { en } from '../../i18n/en';
import { et } from '../../i18n/et';
import { fi } from '../../i18n/fi';
import { lt } from '../../i18n/lt';
import { lv } from '../../i18n/lv';
import { pl } from '../../i18n/pl';
import { sk } from '../../i18n/sk';
import { sv } from '../../i18n/sv';

const LANGUAGES: [string, object][] = [
  ['cs', cs],
  ['en', en],
  ['et', et],
  ['fi', fi],
  ['lt', lt],
  ['lv', lv],
  ['pl', pl],
  ['sk', sk],
  ['sv', sv],
];

const leaf = (tree: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('document library texts', () => {
  it.each(LANGUAGES)('put every documents problem code in words (%s)', (_, tree) => {
    const missing = Object.keys(DOCUMENT_ERRORS).filter(
      (code) => typeof leaf(tree, `porta.errors.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('name every rule group, right, category and upload state (%s)', (_, tree) => {
    const wanted = [
      ...FOLDER_RULE_GROUPS.map((group) => `porta.documents.groups.${group}`),
      ...HOME_FOLDER_CATEGORIES.map((category) => `porta.documents.categories.${category}`),
      ...['read', 'create', 'update', 'delete'].map((right) => `porta.documents.rights.${right}`),
      ...['waiting', 'uploading', 'done', 'failed', 'cancelled'].map(
        (s) => `porta.documents.upload.status.${s}`,
      ),
      'porta.menu.documents',
    ];
    expect(wanted.filter((key) => typeof leaf(tree, key) !== 'string')).toEqual([]);
  });

  it('calls the "all" group what the spec calls it', () => {
    expect(en.porta.documents.groups.all).toBe('All logged in users');
  });
});
