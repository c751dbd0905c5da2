import {
  ARTICLE_TYPES,
  CALENDAR_ENTRY_TYPES,
  CONTACT_TAXONOMY_GROUPS,
  CONTENT_ERRORS,
  FAQ_KINDS,
  FEED_FORMATS,
  FEED_KINDS,
  STEP_RELATED_TYPES,
} from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { fi } from '../i18n/fi';

const leaf = (tree: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('content texts', () => {
  it('put every content problem code in words, in both languages', () => {
    for (const tree of [en, fi]) {
      const missing = Object.keys(CONTENT_ERRORS).filter(
        (code) => typeof leaf(tree, `porta.errors.${code}`) !== 'string',
      );
      expect(missing).toEqual([]);
    }
  });

  it('name every type, group, kind and format of the contracts', () => {
    const wanted = [
      ...ARTICLE_TYPES.map((t) => `porta.content.article_types.${t}`),
      ...CALENDAR_ENTRY_TYPES.map((t) => `porta.content.calendar_types.${t}`),
      ...CONTACT_TAXONOMY_GROUPS.map((g) => `porta.content.contact_groups.${g}`),
      ...FAQ_KINDS.map((k) => `porta.content.help.kinds.${k}`),
      ...FEED_KINDS.map((k) => `porta.content.feeds.kinds.${k}`),
      ...FEED_FORMATS.map((f) => `porta.content.feeds.formats.${f}`),
      ...STEP_RELATED_TYPES.map((t) => `porta.content.steps.related_types.${t}`),
      ...['draft', 'published', 'scheduled', 'archived'].map((s) => `porta.content.status.${s}`),
      ...['publish', 'unpublish', 'cancel-schedule'].flatMap((a) => [
        `porta.content.publication.confirm_title.${a}`,
        `porta.content.publication.confirm_content.${a}`,
        `porta.content.publication.done.${a}`,
      ]),
      'porta.content.publication.done.schedule',
      ...['details', 'targeting', 'preview', 'publish'].map((s) => `porta.content.wizard.steps.${s}`),
    ];
    for (const tree of [en, fi]) {
      expect(wanted.filter((key) => typeof leaf(tree, key) !== 'string')).toEqual([]);
    }
  });
});
