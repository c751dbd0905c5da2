import type { FeedCategory, TimelineItem, TimelineResponse } from '@porta/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, assets, calendarEntries, directoryHousingCompanies, steps } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';

/** "Now" for these tests: 15 March 2026, 12:00 UTC. Today is 2026-03-15. */
const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const days = (n: number, hour = 10) => new Date(Date.UTC(2026, 2, 15 + n, hour, 0, 0));
const dayOf = (n: number) => days(n, 0).toISOString().slice(0, 10);

type Client = Awaited<ReturnType<typeof clientAs>>;

/** What the timeline should answer for an item: its key and category. */
interface Expected {
  id: string;
  date: string;
  sortType: string;
  type: FeedCategory;
}

const byKey = (a: Expected, b: Expected) =>
  a.date !== b.date
    ? a.date < b.date
      ? -1
      : 1
    : a.sortType !== b.sortType
      ? a.sortType < b.sortType
        ? -1
        : 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;

const itemsOf = (body: TimelineResponse) => body.sections.flatMap((s) => s.items);

describe('GET /api/content/timeline', () => {
  let t: ContentTestApp;
  let tenant: Client;
  let board: Client;
  let owner: Client;
  let neighbour: Client;
  let linden: string;
  let birch: string;
  let harbour: string;
  /** Everything the tenant of Linden Court may see, in timeline order. */
  const lindenExpected: Expected[] = [];
  const birchIds = new Set<string>();
  const birchStepIds = new Set<string>();
  const hiddenIds = new Map<string, string>();
  let seq = 0;

  const db = () => t.content.context.db;
  const targeting = (hc: string | null) => ({
    housingCompanyIds: hc ? [hc] : [],
    buildingTaxonomies: [],
    audience: audienceOf({ housingCompanyIds: hc ? [hc] : [], buildingTaxonomies: [] }),
  });

  async function addArticle(
    hc: string | null,
    articleType: string,
    publishAt: Date,
    extra: Partial<typeof articles.$inferInsert> = {},
  ) {
    const n = ++seq;
    const [row] = await db()
      .insert(articles)
      .values({
        codename: `article-${n}`,
        articleType,
        title: `Article ${n}`,
        variants: {
          en: { title: `Article ${n}`, introduction: `Intro ${n}`, content: '<p>Body</p>' },
          fi: { title: `Artikkeli ${n}`, introduction: `Johdanto ${n}` },
        },
        status: 'published',
        publishAt,
        ...targeting(hc),
        ...extra,
      })
      .returning();
    return row!;
  }

  async function addEntry(
    hc: string | null,
    entryType: string,
    startAt: Date | null,
    extra: Partial<typeof calendarEntries.$inferInsert> = {},
  ) {
    const n = ++seq;
    const [row] = await db()
      .insert(calendarEntries)
      .values({
        codename: `entry-${n}`,
        entryType,
        title: `Entry ${n}`,
        variants: { en: { title: `Entry ${n}`, content: `<p>Entry <b>${n}</b> &amp; more</p>` } },
        startAt,
        endAt: startAt ? new Date(startAt.getTime() + 2 * 3_600_000) : null,
        status: 'published',
        publishAt: at('2025-01-01T00:00:00.000Z'),
        ...targeting(hc),
        ...extra,
      })
      .returning();
    return row!;
  }

  async function addStep(
    hc: string | null,
    dateStart: string | null,
    extra: Partial<typeof steps.$inferInsert> = {},
  ) {
    const n = ++seq;
    const [row] = await db()
      .insert(steps)
      .values({
        codename: `step-${n}`,
        title: `Step ${n}`,
        variants: { en: { title: `Step ${n}`, introduction: 'x'.repeat(400) } },
        dateStart,
        status: 'published',
        publishAt: at('2025-01-01T00:00:00.000Z'),
        ...targeting(hc),
        ...extra,
      })
      .returning();
    return row!;
  }

  const articleType = (type: string, publishAt: Date): FeedCategory =>
    type === 'priority_news'
      ? publishAt > at('2026-02-15T12:00:00.000Z')
        ? 'priority_news'
        : 'news'
      : (type as FeedCategory);

  async function expectArticle(hc: string | null, type: string, publishAt: Date) {
    const row = await addArticle(hc, type, publishAt);
    lindenExpected.push({
      id: row.id,
      date: publishAt.toISOString(),
      sortType: type,
      type: articleType(type, publishAt),
    });
    return row;
  }
  async function expectEntry(type: string, startAt: Date, codename?: string) {
    const row = await addEntry(linden, type, startAt, codename ? { codename } : {});
    const category =
      type === 'deadline' || codename?.includes('deadline') ? 'deadline' : (type as FeedCategory);
    lindenExpected.push({ id: row.id, date: startAt.toISOString(), sortType: category, type: category });
    return row;
  }
  async function expectStep(day: string) {
    const row = await addStep(linden, day);
    lindenExpected.push({ id: row.id, date: `${day}T00:00:00.000Z`, sortType: 'step', type: 'step' });
    return row;
  }

  async function setLifecycleSteps(hc: string, active: boolean) {
    await db()
      .update(directoryHousingCompanies)
      .set({ lifecycleStepsActive: active })
      .where(eq(directoryHousingCompanies.id, hc));
  }

  const url = (hc: string, query = '') => `/api/content/timeline?housingCompanyId=${hc}${query}`;

  async function page(client: Client, hc: string, query = ''): Promise<TimelineResponse> {
    const res = await client.get(url(hc, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TimelineResponse>();
  }

  beforeAll(async () => {
    t = await contentTestApp();
    t.clock.set(NOW);
    linden = t.hc.lindenCourt;
    birch = t.hc.birchHill;
    harbour = t.hc.harbourView;
    tenant = await clientAs(t, 'tenant');
    board = await clientAs(t, 'board');
    owner = await clientAs(t, 'owner');
    neighbour = await clientAs(t, 'neighbour');
    await setLifecycleSteps(linden, true);

    // 45 articles over the last ~4 months, all five types, three sharing one publish time.
    const types = ['news', 'announcement', 'status_update', 'marketing', 'priority_news'];
    for (let k = 1; k <= 45; k++) {
      const publishAt =
        k >= 20 && k <= 22 ? days(-20, 9) : new Date(NOW.getTime() - k * 2.5 * DAY - k * 3_600_000);
      await expectArticle(linden, types[k % 5]!, publishAt);
    }
    // Published this morning (after the Today marker), at this very moment, and one for every company.
    await expectArticle(linden, 'news', days(0, 8));
    await expectArticle(linden, 'announcement', NOW);
    await expectArticle(null, 'news', days(-3, 7));

    // 55 calendar entries from about 80 days ago to 80 days ahead; some deadlines by codename.
    for (let j = 0; j < 55; j++) {
      const type = ['event', 'task', 'deadline'][j % 3]!;
      const codename = j % 7 === 0 ? `material-deadline-${j}` : undefined;
      await expectEntry(type, days((j - 27) * 3, 9 + (j % 5)), codename);
    }
    // Steps from 40 days ago to 60 days ahead, three on the same day, one today.
    for (let s = 0; s < 27; s++) await expectStep(dayOf(-40 + s * 4));
    await expectStep(dayOf(10));
    await expectStep(dayOf(10));
    await expectStep(dayOf(0));
    // Ties across sources: a step day, a calendar entry and an article at the same midnight.
    await expectStep(dayOf(-10));
    await expectEntry('event', days(-10, 0));
    await expectEntry('task', days(-10, 0));
    await expectArticle(linden, 'news', days(-10, 0));
    await expectArticle(linden, 'marketing', days(-10, 0));

    // Not for this tenant: another company's items at the same dates, and invisible ones.
    for (let b = 0; b < 10; b++) {
      birchIds.add((await addArticle(birch, 'news', days(-b * 5, 10))).id);
      birchIds.add((await addEntry(birch, 'event', days(b * 5 - 20, 10))).id);
      const step = await addStep(birch, dayOf(b * 6 - 25));
      birchIds.add(step.id);
      birchStepIds.add(step.id);
    }
    const hide = (what: string, row: { id: string }) => hiddenIds.set(row.id, what);
    hide('draft', await addArticle(linden, 'news', days(-2), { status: 'draft' }));
    hide('scheduled', await addArticle(linden, 'news', days(2)));
    hide('unpublished', await addArticle(linden, 'news', days(-30), { unpublishAt: days(-1) }));
    hide('board only', await addArticle(linden, 'news', days(-4), { userRoles: ['boardMember'] }));
    hide('construction phase', await addArticle(linden, 'news', days(-5), { buildingPhase: 'construction' }));
    hide('welcome', await addArticle(linden, 'news', days(-6), { codename: 'welcome-to-porta' }));
    hide('entry without start', await addEntry(linden, 'event', null));
    hide('draft entry', await addEntry(linden, 'task', days(3), { status: 'draft' }));
    hide('step without date', await addStep(linden, null));
    hide('draft step', await addStep(linden, dayOf(4), { status: 'draft' }));
    hide('harbour view', await addArticle(harbour, 'news', days(-1)));

    lindenExpected.sort(byKey);
  }, 120_000);

  afterAll(() => t.close());

  beforeEach(async () => {
    t.clock.set(NOW);
    await setLifecycleSteps(linden, true);
  });

  it('answers the page around today: 25 latest past items, the Today marker, 25 next items', async () => {
    const body = await page(tenant, linden);
    const pivot = '2026-03-15T00:00:00.000Z';
    const past = lindenExpected.filter((e) => e.date < pivot);
    const future = lindenExpected.filter((e) => e.date >= pivot);
    expect(past.length).toBeGreaterThan(25);
    expect(future.length).toBeGreaterThan(25);
    const items = itemsOf(body);
    expect(items.map((i) => i.id)).toEqual([...past.slice(-25), ...future.slice(0, 25)].map((e) => e.id));
    expect(body).toMatchObject({
      direction: 'around',
      today: '2026-03-15',
      todayIndex: 25,
      hasLater: true,
      hasEarlier: true,
      finalized: false,
    });
    // The first item of today is the article published this morning, after the step of today.
    expect(items[25]!.date.slice(0, 10)).toBe('2026-03-15');
    expect(items[24]!.date < pivot).toBe(true);
  });

  it('groups items into month sections, oldest first, each item in its own month', async () => {
    const body = await page(tenant, linden);
    const months = body.sections.map((s) => s.month);
    expect(months).toEqual([...new Set(months)].sort());
    expect(months).toContain('2026-03');
    for (const section of body.sections) {
      expect(section.items.length).toBeGreaterThan(0);
      for (const item of section.items) expect(item.date.slice(0, 7)).toBe(section.month);
    }
    const dates = itemsOf(body).map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('pages 50 at a time in both directions with no duplicates and no gaps', async () => {
    const first = await page(tenant, linden);
    const seen = itemsOf(first).map((i) => i.id);
    let later = first;
    let laterPages = 0;
    while (later.hasLater) {
      later = await page(tenant, linden, `&direction=later&cursor=${later.laterCursor}`);
      expect(later.direction).toBe('later');
      const items = itemsOf(later);
      expect(items.length).toBeLessThanOrEqual(50);
      if (later.hasLater) expect(items.length).toBe(50);
      expect(later.hasEarlier).toBe(true);
      expect(later.todayIndex).toBe(0);
      seen.push(...items.map((i) => i.id));
      laterPages++;
    }
    let earlier = first;
    let earlierPages = 0;
    while (earlier.hasEarlier) {
      earlier = await page(tenant, linden, `&direction=earlier&cursor=${earlier.earlierCursor}`);
      expect(earlier.direction).toBe('earlier');
      const items = itemsOf(earlier);
      expect(items.length).toBeLessThanOrEqual(50);
      if (earlier.hasEarlier) expect(items.length).toBe(50);
      expect(earlier.hasLater).toBe(true);
      expect(earlier.todayIndex).toBe(items.length);
      seen.unshift(...items.map((i) => i.id));
      earlierPages++;
    }
    expect(lindenExpected.length).toBeGreaterThanOrEqual(130);
    expect(laterPages).toBeGreaterThanOrEqual(1);
    expect(earlierPages).toBeGreaterThanOrEqual(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(lindenExpected.map((e) => e.id));
    // The ends are final: nothing more after the last page in either direction.
    expect(later.finalized).toBe(false);
    const beyond = await page(tenant, linden, `&direction=later&cursor=${later.laterCursor}`);
    expect(beyond).toMatchObject({
      sections: [],
      hasLater: false,
      hasEarlier: true,
      laterCursor: later.laterCursor,
    });
    const before = await page(tenant, linden, `&direction=earlier&cursor=${earlier.earlierCursor}`);
    expect(before).toMatchObject({ sections: [], hasEarlier: false, hasLater: true });
  });

  it('pages the same way with a filter, and keeps types, categories, links and flags right', async () => {
    const all: TimelineItem[] = [];
    let body = await page(tenant, linden, '&types=task,deadline,step');
    all.push(...itemsOf(body));
    const firstBody = body;
    while (body.hasLater) {
      body = await page(
        tenant,
        linden,
        `&types=task,deadline,step&direction=later&cursor=${body.laterCursor}`,
      );
      all.push(...itemsOf(body));
    }
    body = firstBody;
    while (body.hasEarlier) {
      body = await page(
        tenant,
        linden,
        `&types=task,deadline,step&direction=earlier&cursor=${body.earlierCursor}`,
      );
      all.unshift(...itemsOf(body));
    }
    const wanted = lindenExpected.filter((e) => ['task', 'deadline', 'step'].includes(e.type));
    expect(all.map((i) => i.id)).toEqual(wanted.map((e) => e.id));
    expect(all.map((i) => i.type)).toEqual(wanted.map((e) => e.type));
    for (const item of all) {
      expect(item.categories).toEqual([item.type]);
      expect(item.state).toBe('active');
      if (item.type === 'step') {
        expect(item.link).toMatch(/^\/step\/step-\d+$/);
        expect(item.dateEnd).toBeNull();
        expect(item.date).toMatch(/T00:00:00\.000Z$/);
        expect(item.upcoming).toBe(item.date >= '2026-03-15');
        expect(item.description).toHaveLength(250);
      } else {
        expect(item.link).toMatch(/^\/calendar\/entry\/(entry-\d+|material-deadline-\d+)$/);
        expect(new Date(item.dateEnd!).getTime() - new Date(item.date).getTime()).toBe(2 * 3_600_000);
        expect(item.upcoming).toBe(false);
      }
    }
    const deadlineByCodename = all.find((i) => i.link.includes('material-deadline'));
    expect(deadlineByCodename?.type).toBe('deadline');
    expect(all.find((i) => i.type === 'step' && i.date.startsWith('2026-03-15'))?.upcoming).toBe(true);
  });

  it('says per direction whether more exists beyond a cursor, for the types asked', async () => {
    const stepsBody = await page(tenant, linden, '&types=step');
    const stepItems = itemsOf(stepsBody);
    expect(stepItems.map((i) => i.id)).toEqual(
      lindenExpected.filter((e) => e.type === 'step').map((e) => e.id),
    );
    expect(stepsBody).toMatchObject({ hasLater: false, hasEarlier: false, finalized: true });
    const newsTypes = '&types=news,announcement,status_update,priority_news,marketing';
    const articleIds = lindenExpected
      .filter((e) => !['task', 'event', 'deadline', 'step'].includes(e.type))
      .map((e) => e.id);

    // Every article lies before the last step: earlier from it gives all 50, nothing later.
    expect(articleIds).toHaveLength(50);
    const beforeLastStep = await page(
      tenant,
      linden,
      `${newsTypes}&direction=earlier&cursor=${stepsBody.laterCursor}`,
    );
    expect(itemsOf(beforeLastStep).map((i) => i.id)).toEqual(articleIds);
    expect(beforeLastStep).toMatchObject({ hasLater: false, hasEarlier: false, finalized: true });
    // Every event lies after the oldest article: later from it gives them all, nothing earlier.
    const eventsAfter = await page(
      tenant,
      linden,
      `&types=event&direction=later&cursor=${beforeLastStep.earlierCursor}`,
    );
    expect(itemsOf(eventsAfter).map((i) => i.id)).toEqual(
      lindenExpected.filter((e) => e.type === 'event').map((e) => e.id),
    );
    expect(eventsAfter).toMatchObject({ hasLater: false, hasEarlier: false, finalized: true });
    // Events go on after the last step.
    const eventsBefore = await page(
      tenant,
      linden,
      `&types=event&direction=earlier&cursor=${stepsBody.laterCursor}`,
    );
    expect(eventsBefore.hasLater).toBe(true);

    // Articles after the first step, and older ones before it.
    const firstStep = lindenExpected.find((e) => e.type === 'step')!;
    const afterFirstStep = await page(
      tenant,
      linden,
      `${newsTypes}&direction=later&cursor=${stepsBody.earlierCursor}`,
    );
    const expectedAfter = lindenExpected
      .filter((e) => articleIds.includes(e.id) && byKey(e, firstStep) > 0)
      .map((e) => e.id);
    expect(expectedAfter.length).toBeLessThan(50);
    expect(itemsOf(afterFirstStep).map((i) => i.id)).toEqual(expectedAfter);
    expect(afterFirstStep).toMatchObject({ hasLater: false, hasEarlier: true });
    const stepsAfterLast = await page(
      tenant,
      linden,
      `&types=step&direction=later&cursor=${stepsBody.laterCursor}`,
    );
    expect(stepsAfterLast).toMatchObject({ sections: [], hasLater: false, hasEarlier: true });
  });

  it('answers exactly the types asked', async () => {
    const task = await page(tenant, linden, '&types=task');
    expect(itemsOf(task).length).toBeGreaterThan(0);
    expect(new Set(itemsOf(task).map((i) => i.type))).toEqual(new Set(['task']));

    const news = await page(tenant, linden, '&types=marketing,announcement');
    const expected = lindenExpected.filter((e) => e.type === 'marketing' || e.type === 'announcement');
    expect(expected.length).toBeLessThan(50);
    expect(itemsOf(news).map((i) => i.id)).toEqual(expected.map((e) => e.id));
    expect(news.finalized).toBe(true);
    const first = itemsOf(news)[0]!;
    expect(first).toMatchObject({ isPriority: false, dateEnd: null, thumbnail: null, isYit: false });
    expect(first.link).toMatch(/^\/news\/article-\d+$/);
    expect(first.description).toMatch(/^Intro \d+$/);

    const none = await page(tenant, linden, '&types=booking,service,today');
    expect(none).toMatchObject({
      sections: [],
      todayIndex: 0,
      hasLater: false,
      hasEarlier: false,
      finalized: true,
      laterCursor: null,
      earlierCursor: null,
    });
  });

  it('refuses an unknown category, a lone cursor or direction and a tampered cursor with 400', async () => {
    const first = await page(tenant, linden);
    const cursor = first.laterCursor!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const tampered = [
      '&types=news,gossip',
      '&types=NEWS',
      `&cursor=${cursor}`,
      '&direction=later',
      `&direction=sideways&cursor=${cursor}`,
      '&direction=later&cursor=not%20a%20cursor',
      '&direction=later&cursor=bm90IGpzb24',
      `&direction=later&cursor=${cursor.slice(0, -2)}`,
      `&direction=later&cursor=${Buffer.from(JSON.stringify({ ...decoded, d: '2026-13-01T00:00:00.000000Z' })).toString('base64url')}`,
      `&direction=earlier&cursor=${Buffer.from(JSON.stringify({ ...decoded, i: "1' or '1'='1" })).toString('base64url')}`,
      `&direction=earlier&cursor=${Buffer.from(JSON.stringify({ ...decoded, t: 'News' })).toString('base64url')}`,
    ];
    for (const query of tampered) {
      const res = await tenant.get(url(linden, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('pages through many items sharing one date, across sources, without losing any at the boundary', async () => {
    // Harbour View: more calendar entries than a page starting at one midnight, and steps on that day.
    const created: Expected[] = [];
    const stepRows = [];
    for (let i = 0; i < 10; i++) stepRows.push(await addStep(harbour, dayOf(20)));
    for (const row of stepRows) created.push({ id: row.id, date: '', sortType: 'step', type: 'step' });
    for (let i = 0; i < 60; i++) {
      const type = i % 2 ? 'task' : 'event';
      const row = await addEntry(harbour, type, days(20, 0));
      created.push({ id: row.id, date: '', sortType: type, type: type as FeedCategory });
    }
    for (let i = 0; i < 6; i++) {
      const row = await addEntry(harbour, 'deadline', days(-20, 0));
      created.push({ id: row.id, date: 'past', sortType: 'deadline', type: 'deadline' });
    }
    try {
      const sameDay = created.filter((c) => c.date === '').sort(byKey);
      const past = created.filter((c) => c.date === 'past').sort(byKey);
      const types = '&types=step,event,task,deadline';
      const first = await page(owner, harbour, types);
      // 6 past items leave 44 places for the 72 coming ones.
      expect(itemsOf(first).map((i) => i.id)).toEqual([...past, ...sameDay.slice(0, 44)].map((c) => c.id));
      expect(first).toMatchObject({ todayIndex: 6, hasEarlier: false, hasLater: true });
      const second = await page(owner, harbour, `${types}&direction=later&cursor=${first.laterCursor}`);
      expect(itemsOf(second).map((i) => i.id)).toEqual(sameDay.slice(44).map((c) => c.id));
      expect(second).toMatchObject({ hasLater: false, hasEarlier: true, finalized: false });
      // Back from the end of the second page: the 50 before it, then the rest.
      const back = await page(owner, harbour, `${types}&direction=earlier&cursor=${second.laterCursor}`);
      const all = [...past, ...sameDay].map((c) => c.id);
      expect(itemsOf(back).map((i) => i.id)).toEqual(all.slice(-51, -1));
      const rest = await page(owner, harbour, `${types}&direction=earlier&cursor=${back.earlierCursor}`);
      expect(itemsOf(rest).map((i) => i.id)).toEqual(all.slice(0, -51));
      expect(rest).toMatchObject({ hasEarlier: false, hasLater: true });
    } finally {
      await db()
        .delete(steps)
        .where(
          inArray(
            steps.id,
            stepRows.map((r) => r.id),
          ),
        );
      await db()
        .delete(calendarEntries)
        .where(
          inArray(
            calendarEntries.id,
            created.filter((c) => c.type !== 'step').map((c) => c.id),
          ),
        );
    }
  });

  it('keeps microsecond times exact in cursors (no repeats at a page boundary)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 51; i++) {
      const start = `2026-04-0${1 + (i % 3)}T10:00:00.${String(100001 + i * 7).slice(1)}Z`;
      const row = await addEntry(harbour, 'event', null, {
        startAt: sql`${start}::timestamptz` as unknown as Date,
      });
      ids.push(row.id);
    }
    try {
      const first = await page(owner, harbour, '&types=event');
      expect(itemsOf(first)).toHaveLength(50);
      expect(first).toMatchObject({ todayIndex: 0, hasLater: true, hasEarlier: false });
      const next = await page(owner, harbour, `&types=event&direction=later&cursor=${first.laterCursor}`);
      const all = [...itemsOf(first), ...itemsOf(next)].map((i) => i.id);
      expect(itemsOf(next)).toHaveLength(1);
      expect(new Set(all)).toEqual(new Set(ids));
      expect(next).toMatchObject({ hasLater: false, hasEarlier: true });
      const back = await page(owner, harbour, `&types=event&direction=earlier&cursor=${next.laterCursor}`);
      expect(itemsOf(back).map((i) => i.id)).toEqual(all.slice(0, 50));
    } finally {
      await db().delete(calendarEntries).where(inArray(calendarEntries.id, ids));
    }
  });

  it('shows a priority_news article as priority for one month after publishing, then as news', async () => {
    const article = await addArticle(harbour, 'priority_news', days(-20));
    try {
      const within = await page(owner, harbour, '&types=priority_news');
      expect(itemsOf(within).map((i) => [i.id, i.type, i.isPriority, i.categories])).toEqual([
        [article.id, 'priority_news', true, ['priority_news', 'news']],
      ]);
      expect(itemsOf(await page(owner, harbour, '&types=news')).map((i) => i.id)).not.toContain(article.id);
      // Past the only item: nothing later, and the item itself lies earlier.
      const beyond = await page(
        owner,
        harbour,
        `&types=priority_news&direction=later&cursor=${within.laterCursor}`,
      );
      expect(beyond).toMatchObject({
        sections: [],
        hasLater: false,
        hasEarlier: true,
        earlierCursor: within.laterCursor,
      });

      t.clock.set(new Date(NOW.getTime() + 11 * DAY));
      expect(itemsOf(await page(owner, harbour, '&types=priority_news'))).toEqual([]);
      const after = itemsOf(await page(owner, harbour, '&types=news')).find((i) => i.id === article.id);
      expect(after).toMatchObject({ type: 'news', isPriority: false, categories: ['news'] });
    } finally {
      await db().delete(articles).where(eq(articles.id, article.id));
    }
  });

  it('hides lifecycle steps when the housing company has them switched off', async () => {
    await setLifecycleSteps(linden, false);
    const body = await page(tenant, linden);
    const items = itemsOf(body);
    expect(items.some((i) => i.type === 'step')).toBe(false);
    const noSteps = lindenExpected.filter((e) => e.type !== 'step');
    const pivot = '2026-03-15T00:00:00.000Z';
    const past = noSteps.filter((e) => e.date < pivot);
    const future = noSteps.filter((e) => e.date >= pivot);
    expect(items.map((i) => i.id)).toEqual([...past.slice(-25), ...future.slice(0, 25)].map((e) => e.id));
    expect(itemsOf(await page(tenant, linden, '&types=step'))).toEqual([]);
  });

  it("never shows another company's items or invisible ones, in any page", async () => {
    const ids: string[] = [];
    let body = await page(tenant, linden);
    const first = body;
    ids.push(...itemsOf(body).map((i) => i.id));
    while (body.hasLater) {
      body = await page(tenant, linden, `&direction=later&cursor=${body.laterCursor}`);
      ids.push(...itemsOf(body).map((i) => i.id));
    }
    body = first;
    while (body.hasEarlier) {
      body = await page(tenant, linden, `&direction=earlier&cursor=${body.earlierCursor}`);
      ids.push(...itemsOf(body).map((i) => i.id));
    }
    expect(ids.filter((id) => birchIds.has(id))).toEqual([]);
    expect(ids.filter((id) => hiddenIds.has(id)).map((id) => hiddenIds.get(id))).toEqual([]);

    // The board member sees the board-only article; the neighbour sees Birch Hill's items only.
    const boardIds = itemsOf(await page(board, linden, '&types=news')).map((i) => i.id);
    const boardOnly = [...hiddenIds].find(([, what]) => what === 'board only')![0];
    expect(boardIds).toContain(boardOnly);
    const birchBody = await page(neighbour, birch);
    const birchItems = itemsOf(birchBody).map((i) => i.id);
    const global = lindenExpected.find((e) => e.type === 'news' && e.date === days(-3, 7).toISOString())!.id;
    // Birch Hill has lifecycle steps off: its steps stay hidden.
    expect(new Set(birchItems)).toEqual(
      new Set([...[...birchIds].filter((id) => !birchStepIds.has(id)), global]),
    );
    expect(birchItems).toHaveLength(21);
    expect(birchBody.finalized).toBe(true);
  });

  it('answers 404 to a neighbour asking for Linden Court and 401 without a token', async () => {
    const res = await neighbour.get(url(linden));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    const anonymous = await t.app.inject({ method: 'GET', url: url(linden) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('uses the reader language and the first image as thumbnail', async () => {
    const [image] = await db()
      .insert(assets)
      .values({
        storageKey: 'x/thumb.png',
        fileName: 'thumb.png',
        mimeType: 'image/png',
        size: 10,
        purpose: 'image',
      })
      .returning();
    const row = await addArticle(linden, 'status_update', days(0, 9), { imageIds: [image!.id] });
    try {
      const fi = itemsOf(await page(tenant, linden, '&types=status_update&lang=fi')).find(
        (i) => i.id === row.id,
      );
      expect(fi).toMatchObject({
        title: `Artikkeli ${row.codename.split('-')[1]}`,
        description: `Johdanto ${row.codename.split('-')[1]}`,
        thumbnail: `/api/content/assets/${image!.id}`,
        type: 'status_update',
      });
      const sv = itemsOf(await page(tenant, linden, '&types=status_update&lang=sv')).find(
        (i) => i.id === row.id,
      );
      expect(sv?.title).toBe(`Article ${row.codename.split('-')[1]}`);
    } finally {
      await db().delete(articles).where(eq(articles.id, row.id));
    }
  });
});
