import type { TimelineResponse } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, calendarEntries, directoryHousingCompanies } from '../db/schema.js';
import { type ContentTestApp, contentTestApp } from '../testing/index.js';
import { newsList } from './articles.js';
import { audienceOf, type Reader } from './reader.js';
import { timelinePage } from './timeline.js';

/**
 * The reader's lists read the audience key by key (reader.ts audienceByKey): items with one key
 * per key along the reader indexes, items with several keys apart. Together they must be exactly
 * the items `audience && keys` selects: here a reader's company gets items of its own, of its
 * taxonomy terms, for all, and items that name it among other companies or terms.
 */

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;

describe('reading a reader’s items key by key', () => {
  let t: ContentTestApp;
  let reader: Reader;
  /** What the reader sees, newest first. */
  const visibleArticles: string[] = [];
  const visibleEntries: string[] = [];

  beforeAll(async () => {
    t = await contentTestApp();
    t.clock.set(NOW);
    const db = t.content.context.db;
    const own = t.hc.lindenCourt;
    const other = t.hc.birchHill;
    const [hc] = await db
      .select()
      .from(directoryHousingCompanies)
      .where(eq(directoryHousingCompanies.id, own));
    const term = hc!.taxonomyPath[0]!;
    // [housing companies, terms, visible to the reader]
    const targetings: [string[], string[], boolean][] = [
      [[own], [], true],
      [[other], [], false],
      [[], [], true],
      [[], [term], true],
      [[other, own], [], true],
      [[other], [term], true],
      [[other], ['elsewhere'], false],
      [[], ['elsewhere', term], true],
    ];
    for (let n = 0; n < 160; n++) {
      const [housingCompanyIds, buildingTaxonomies, visible] = targetings[n % targetings.length]!;
      const targeting = {
        housingCompanyIds,
        buildingTaxonomies,
        audience: audienceOf({ housingCompanyIds, buildingTaxonomies }),
      };
      const published = { status: 'published', ...targeting, authorName: 'Test', authorRoles: [] };
      const at = new Date(NOW.getTime() - (n + 1) * DAY * 0.7);
      const [article] = await db
        .insert(articles)
        .values({
          codename: `key-article-${n}`,
          articleType: 'news',
          title: `Article ${n}`,
          variants: { en: { title: `Article ${n}` } },
          publishAt: at,
          ...published,
        })
        .returning({ id: articles.id });
      const [entry] = await db
        .insert(calendarEntries)
        .values({
          codename: `key-entry-${n}`,
          entryType: 'event',
          title: `Entry ${n}`,
          variants: { en: { title: `Entry ${n}` } },
          // Half in the past, half coming.
          startAt: new Date(NOW.getTime() + (n % 2 ? 1 : -1) * (n + 1) * DAY * 0.7),
          publishAt: new Date(NOW.getTime() - 200 * DAY),
          ...published,
        })
        .returning({ id: calendarEntries.id });
      if (visible) {
        visibleArticles.push(article!.id);
        visibleEntries.push(entry!.id);
      }
    }
    reader = {
      userId: 'reader',
      housingCompany: hc!,
      audienceKeys: ['all', `hc:${own}`, ...hc!.taxonomyPath.map((p) => `term:${p}`)],
      roles: ['tenant'],
      language: 'en',
      phase: 'living',
      now: NOW,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists and counts the news of every key, and of several keys, once each', async () => {
    const ids: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 30) {
      const page = await newsList(t.content.context, reader, { mode: 'archive', limit: 30, offset });
      total = page.total;
      ids.push(...page.items.map((i) => i.id));
      if (page.items.length < 30) break;
    }
    expect(ids).toEqual(visibleArticles);
    expect(total).toBe(visibleArticles.length);
  });

  it('pages the whole timeline, items of several keys included, each once and in order', async () => {
    const seen: { id: string; date: string }[] = [];
    let page: TimelineResponse = await timelinePage(t.content.context, reader, { types: [] }, 7);
    const items = (p: TimelineResponse) => p.sections.flatMap((s) => s.items);
    seen.push(...items(page));
    for (let cursor = page.earlierCursor; page.hasEarlier && cursor; cursor = page.earlierCursor) {
      page = await timelinePage(t.content.context, reader, { types: [], direction: 'earlier', cursor }, 7);
      seen.unshift(...items(page));
    }
    page = await timelinePage(t.content.context, reader, { types: [] }, 7);
    for (let cursor = page.laterCursor; page.hasLater && cursor; cursor = page.laterCursor) {
      page = await timelinePage(t.content.context, reader, { types: [], direction: 'later', cursor }, 7);
      seen.push(...items(page));
    }
    const ids = seen.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...visibleArticles, ...visibleEntries].sort());
    const dates = seen.map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
  });
});
