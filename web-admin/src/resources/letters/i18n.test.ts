import {
  AUDIENCE_SOURCES,
  CSV_ROW_PROBLEMS,
  DELIVERY_STATUSES,
  LETTER_ERRORS,
  LETTER_ROLE_GROUPS,
  LETTER_STATUSES,
  LETTER_TEMPLATES,
} from '@porta/contracts';
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
import { STEPS } from './LetterWizard';

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

describe('e-mail letters texts', () => {
  it.each(LANGUAGES)('put every letters problem code in words (%s)', (_, tree) => {
    const missing = Object.keys(LETTER_ERRORS).filter(
      (code) => typeof leaf(tree, `porta.errors.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)(
    'name every role group, source, status, delivery state, CSV problem and step (%s)',
    (_, tree) => {
      const wanted = [
        ...LETTER_ROLE_GROUPS.map((group) => `porta.letters.groups.${group}`),
        ...AUDIENCE_SOURCES.map((source) => `porta.letters.groups.${source}`),
        ...LETTER_STATUSES.map((status) => `porta.letters.status.${status}`),
        ...DELIVERY_STATUSES.map((status) => `porta.letters.delivery.${status}`),
        ...CSV_ROW_PROBLEMS.map((problem) => `porta.letters.csv.problems.${problem}`),
        ...LETTER_TEMPLATES.flatMap((t) => [
          `porta.letters.templates.${t}`,
          `porta.letters.template_help.${t}`,
        ]),
        ...STEPS.map((step) => `porta.letters.steps.${step}`),
        'porta.menu.letters',
      ];
      expect(wanted.filter((key) => typeof leaf(tree, key) !== 'string')).toEqual([]);
    },
  );

  it('calls the screens what the brief calls them in Finnish', () => {
    expect(fi.porta.letters.title).toBe('Sähköpostikirjeet');
    expect(fi.porta.letters.new).toBe('Uusi kirje');
    expect(fi.porta.letters.steps.recipients).toBe('Vastaanottajat');
    expect(fi.porta.letters.steps.preview).toBe('Esikatselu');
    expect(fi.porta.letters.send.send).toBe('Lähetä');
    expect(fi.porta.letters.test.title).toBe('Testiviesti');
  });
});
