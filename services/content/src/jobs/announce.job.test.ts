import { CONTENT_EVENTS, WELCOME_ARTICLE_CODENAME } from '@porta/contracts';
import type { JobDefinition, Jobs, RepeatOptions } from '@porta/service-kit';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, calendarEntries, directoryHousingCompanies } from '../db/schema.js';
import { addDays } from '../domain/clock.js';
import { seedEditorial } from '../seed/editorial.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';
import { announceDue, announceJob } from './announce.job.js';
import { scheduleContentJobs } from './index.js';

/**
 * The announce job over the demo news and calendar: nothing is announced when the demo is
 * seeded; the scheduled article and the coming deadlines are announced once when their time comes.
 */
describe('announce job with the demo editorial content', () => {
  let t: ContentTestApp;
  let start: Date;

  beforeAll(async () => {
    t = await contentTestApp();
    const db = t.content.context.db;
    const [linden] = await db
      .select()
      .from(directoryHousingCompanies)
      .where(eq(directoryHousingCompanies.id, t.hc.lindenCourt));
    start = new Date();
    t.clock.set(start);
    await seedEditorial(db, { ...t.hc, lindenCourtTaxonomy: linden!.taxonomyPath }, start);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the seed gives every demo company news and calendar entries', async () => {
    const db = t.content.context.db;
    expect((await db.select({ n: count() }).from(articles))[0]!.n).toBeGreaterThanOrEqual(15);
    const owner = await clientAs(t, 'owner');
    const hv = (await owner.get(`/api/content/news?housingCompanyId=${t.hc.harbourView}&limit=20`)).json();
    expect(hv.items.map((i: { codename: string }) => i.codename)).toContain(WELCOME_ARTICLE_CODENAME);
    const lc = (await owner.get(`/api/content/news?housingCompanyId=${t.hc.lindenCourt}&limit=20`)).json();
    const lcCodes = lc.items.map((i: { codename: string }) => i.codename);
    expect(lcCodes).not.toContain(WELCOME_ARTICLE_CODENAME);
    expect(lc.total).toBeGreaterThanOrEqual(6);
    expect(lc.items[0].sticky).toBe(true);
    expect(lc.items.some((i: { isPriority: boolean }) => i.isPriority)).toBe(true);
    expect(lc.items.some((i: { language: string }) => i.language === 'en')).toBe(true);
    const fi = (await owner.get(`/api/content/news?housingCompanyId=${t.hc.lindenCourt}&lang=fi`)).json();
    expect(fi.items.every((i: { language: string }) => i.language === 'fi')).toBe(true);
    const cal = (
      await owner.get(`/api/content/calendar?housingCompanyId=${t.hc.lindenCourt}&limit=20`)
    ).json();
    const types = new Set(cal.items.map((i: { type: string }) => i.type));
    expect([...types].sort()).toEqual(['deadline', 'event', 'task']);
    const hvCal = (
      await owner.get(`/api/content/calendar?housingCompanyId=${t.hc.harbourView}&type=deadline`)
    ).json();
    expect(hvCal.total).toBe(2);
    const neighbour = await clientAs(t, 'neighbour');
    const bh = (await neighbour.get(`/api/content/news?housingCompanyId=${t.hc.birchHill}&limit=20`)).json();
    expect(bh.total).toBe(3);
  });

  it('announces nothing for the seeded past, then the scheduled article and coming deadlines once', async () => {
    const ctx = t.content.context;
    expect(await announceDue(ctx)).toEqual({ articles: 0, calendarEntries: 0, deadlines: 0 });

    t.clock.set(addDays(start, 2.1));
    expect(await announceDue(ctx)).toEqual({ articles: 1, calendarEntries: 0, deadlines: 0 });
    const [published] = await t.events(CONTENT_EVENTS.articlePublished);
    expect(published!.payload).toMatchObject({
      codename: 'linden-court-elevator-maintenance',
      housingCompanyIds: [t.hc.lindenCourt],
      url: '/news/linden-court-elevator-maintenance',
      titles: { en: 'Elevator maintenance next week', fi: 'Hissihuolto ensi viikolla' },
    });

    // Nine days on, Harbour View's kitchen deadline (day 10, 21:00 UTC) is within 48 hours.
    t.clock.set(addDays(start, 9));
    expect(await announceDue(ctx)).toEqual({ articles: 0, calendarEntries: 0, deadlines: 1 });
    const [deadline] = await t.events(CONTENT_EVENTS.deadlineComing);
    expect(deadline!.payload).toMatchObject({
      codename: 'harbour-view-kitchen-selection-deadline',
      housingCompanyIds: [t.hc.harbourView],
    });
    expect(await announceDue(ctx)).toEqual({ articles: 0, calendarEntries: 0, deadlines: 0 });
    const [row] = await ctx.db
      .select()
      .from(calendarEntries)
      .where(eq(calendarEntries.codename, 'harbour-view-kitchen-selection-deadline'));
    expect(row!.deadlineNoticeAt).not.toBeNull();
  });

  it('is one repeat job every ANNOUNCE_EVERY_SECONDS with a stable key', async () => {
    const registered: string[] = [];
    const repeats: RepeatOptions[] = [];
    const jobs = {
      kind: 'local',
      register: (definition: JobDefinition) => registered.push(definition.name),
      repeat: async (_definition: JobDefinition, _payload: unknown, options: RepeatOptions) => {
        repeats.push(options);
      },
    } as unknown as Jobs;
    await scheduleContentJobs(t.content.context, jobs);
    const name = announceJob(t.content.context).name;
    expect(registered).toContain(name);
    expect(repeats).toContainEqual({
      key: name,
      everyMs: t.content.context.config.ANNOUNCE_EVERY_SECONDS * 1000,
    });
    // Its handler announces what is due: the bathroom deadline (day 24) on day 23.
    t.clock.set(addDays(start, 23));
    const before = (await t.events(CONTENT_EVENTS.deadlineComing)).length;
    await announceJob(t.content.context).handler({}, { jobId: 'x', attempt: 1 });
    const after = await t.events(CONTENT_EVENTS.deadlineComing);
    expect(after.slice(before).map((e) => e.payload.codename)).toEqual([
      'harbour-view-bathroom-selection-deadline',
    ]);
  });
});
