import {
  ADMIN_CALENDAR_DEFAULT,
  CALENDAR_LIST_DEFAULT,
  CONTENT_EVENTS,
  zAdminCalendarEntryRequest,
} from '@porta/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarEntries } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import { announceDue } from '../jobs/announce.job.js';
import {
  addDirectoryHousingCompanies,
  type ContentTestApp,
  clientAs,
  contentTestApp,
  writeFields,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

let t: ContentTestApp;
const c: Record<string, Client> = {};

beforeAll(async () => {
  t = await contentTestApp();
  for (const key of ['admin', 'staff', 'manager', 'othermanager', 'board', 'owner', 'tenant', 'neighbour'])
    c[key] = await clientAs(t, key);
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => t.clock.reset());
beforeEach(async () => {
  await db().delete(calendarEntries);
});

const db = () => t.content.context.db;
const stored = async () => (await db().select({ n: count() }).from(calendarEntries))[0]!.n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

async function insertEntry(
  input: Partial<typeof calendarEntries.$inferInsert> & { codename: string; hcs?: string[] },
) {
  const { hcs, ...rest } = input;
  const targeting = { housingCompanyIds: hcs ?? [t.hc.lindenCourt], buildingTaxonomies: [] };
  const [row] = await db()
    .insert(calendarEntries)
    .values({
      entryType: 'event',
      title: input.codename,
      variants: { en: { title: `Title ${input.codename}`, content: `<p>About ${input.codename}</p>` } },
      startAt: inDays(1),
      status: 'published',
      publishAt: inDays(-10),
      announcedAt: inDays(-10),
      ...targeting,
      audience: audienceOf(targeting),
      authorName: 'Test Author',
      ...rest,
    })
    .returning();
  return row!;
}

async function calendar(client: Client, hc: string, query = '') {
  const res = await client.get(`/api/content/calendar?housingCompanyId=${hc}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Record<string, unknown>[]; total: number; limit: number; offset: number };
}
const codes = (list: { items: Record<string, unknown>[] }) => list.items.map((i) => i.codename);

function body(overrides: Record<string, unknown> = {}) {
  return {
    type: 'event',
    variants: { en: { title: 'Yard party', content: '<p>Bring snacks</p>' } },
    startAt: inDays(5).toISOString(),
    endAt: new Date(inDays(5).getTime() + 2 * HOUR).toISOString(),
    location: 'Courtyard',
    targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
    status: 'published',
    ...overrides,
  };
}

describe('resident calendar', () => {
  it('lists coming entries by start, hides ended ones, pages with a total', async () => {
    await insertEntry({ codename: 'ended', startAt: inDays(-3), endAt: inDays(-2) });
    await insertEntry({ codename: 'started-no-end', startAt: inDays(-1) });
    await insertEntry({ codename: 'ongoing', startAt: inDays(-1), endAt: inDays(1) });
    await insertEntry({ codename: 'third', startAt: inDays(3) });
    await insertEntry({ codename: 'first', startAt: inDays(1) });
    await insertEntry({ codename: 'second', startAt: inDays(2) });
    await insertEntry({ codename: 'fourth', startAt: inDays(4) });
    const list = await calendar(c.tenant!, t.hc.lindenCourt);
    expect(list.limit).toBe(CALENDAR_LIST_DEFAULT);
    expect(list.total).toBe(5);
    expect(codes(list)).toEqual(['ongoing', 'first', 'second', 'third']);
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt, '&offset=4'))).toEqual(['fourth']);

    t.clock.set(inDays(2.5));
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt, '&limit=10'))).toEqual(['third', 'fourth']);
  });

  it('a range shows past entries overlapping it', async () => {
    await insertEntry({ codename: 'long-ago', startAt: inDays(-30), endAt: inDays(-29) });
    await insertEntry({ codename: 'last-week', startAt: inDays(-7) });
    await insertEntry({ codename: 'spans-into-range', startAt: inDays(-12), endAt: inDays(-9) });
    await insertEntry({ codename: 'next-week', startAt: inDays(7) });
    const from = encodeURIComponent(inDays(-10).toISOString());
    const to = encodeURIComponent(inDays(0).toISOString());
    const ranged = await calendar(c.tenant!, t.hc.lindenCourt, `&from=${from}&to=${to}&limit=10`);
    expect(codes(ranged)).toEqual(['spans-into-range', 'last-week']);
    const fromOnly = await calendar(c.tenant!, t.hc.lindenCourt, `&from=${from}&limit=10`);
    expect(codes(fromOnly)).toEqual(['spans-into-range', 'last-week', 'next-week']);
    const backwards = await c.tenant!.get(
      `/api/content/calendar?housingCompanyId=${t.hc.lindenCourt}&from=${to}&to=${from}`,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it('filters by type (repeatable or comma list); a deadline codename makes a deadline', async () => {
    await insertEntry({ codename: 'party', entryType: 'event', startAt: inDays(1) });
    await insertEntry({ codename: 'form', entryType: 'task', startAt: inDays(2) });
    await insertEntry({ codename: 'payment', entryType: 'deadline', startAt: inDays(3) });
    await insertEntry({ codename: 'kitchen-deadline', entryType: 'event', startAt: inDays(4) });
    const all = await calendar(c.tenant!, t.hc.lindenCourt, '&limit=10');
    expect(all.items.map((i) => [i.codename, i.type, i.isDeadline])).toEqual([
      ['party', 'event', false],
      ['form', 'task', false],
      ['payment', 'deadline', true],
      ['kitchen-deadline', 'deadline', true],
    ]);
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt, '&type=deadline'))).toEqual([
      'payment',
      'kitchen-deadline',
    ]);
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt, '&type=task&type=deadline'))).toEqual([
      'form',
      'payment',
      'kitchen-deadline',
    ]);
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt, '&type=event,task'))).toEqual(['party', 'form']);
    const bad = await c.tenant!.get(`/api/content/calendar?housingCompanyId=${t.hc.lindenCourt}&type=party`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('shows only what the reader may see', async () => {
    const own = await insertEntry({ codename: 'linden-event' });
    await insertEntry({ codename: 'board-event', userRoles: ['boardMember'] });
    await insertEntry({ codename: 'draft-event', status: 'draft' });
    await insertEntry({ codename: 'scheduled-event', publishAt: inDays(0.5) });
    await insertEntry({ codename: 'birch-event', hcs: [t.hc.birchHill] });
    expect(codes(await calendar(c.tenant!, t.hc.lindenCourt))).toEqual(['linden-event']);
    expect(codes(await calendar(c.board!, t.hc.lindenCourt)).sort()).toEqual(['board-event', 'linden-event']);
    expect(codes(await calendar(c.neighbour!, t.hc.birchHill))).toEqual(['birch-event']);
    for (const id of [own.id, 'linden-event']) {
      const res = await c.neighbour!.get(`/api/content/calendar/${id}?housingCompanyId=${t.hc.birchHill}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_NOT_FOUND');
    }
    const foreign = await c.neighbour!.get(`/api/content/calendar?housingCompanyId=${t.hc.lindenCourt}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    for (const codename of ['board-event', 'draft-event', 'scheduled-event']) {
      const res = await c.tenant!.get(
        `/api/content/calendar/${codename}?housingCompanyId=${t.hc.lindenCourt}`,
      );
      expect(res.statusCode, codename).toBe(404);
    }
  });

  it('the detail has content, location in the language, the document library link and the author', async () => {
    const row = await insertEntry({
      codename: 'meeting',
      location: 'Club room',
      startAt: inDays(2),
      endAt: new Date(inDays(2).getTime() + HOUR),
      variants: {
        en: { title: 'Meeting', content: '<p>Agenda</p><script>bad()</script>' },
        fi: { title: 'Kokous', content: '<p>Esityslista</p>', location: 'Kerhohuone' },
      },
      documentLibraryLinkPath: '/documents',
      documentLibraryLinkTitle: 'Meeting papers',
    });
    const en = await c.tenant!.get(`/api/content/calendar/meeting?housingCompanyId=${t.hc.lindenCourt}`);
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({
      id: row.id,
      codename: 'meeting',
      type: 'event',
      title: 'Meeting',
      excerpt: 'Agenda',
      startAt: row.startAt!.toISOString(),
      endAt: row.endAt!.toISOString(),
      location: 'Club room',
      image: null,
      isDeadline: false,
      language: 'en',
      content: '<p>Agenda</p>',
      images: [],
      attachments: [],
      documentLibraryLink: { path: '/documents', title: 'Meeting papers' },
      authorName: 'Test Author',
      publishDate: row.publishAt!.toISOString(),
    });
    const fi = await c.tenant!.get(
      `/api/content/calendar/${row.id}?housingCompanyId=${t.hc.lindenCourt}&lang=fi`,
    );
    expect(fi.json()).toMatchObject({ title: 'Kokous', location: 'Kerhohuone', language: 'fi' });
    // A past entry stays readable by address.
    t.clock.set(inDays(10));
    expect(
      (await c.tenant!.get(`/api/content/calendar/meeting?housingCompanyId=${t.hc.lindenCourt}`)).statusCode,
    ).toBe(200);
  });

  it("tasks are marked done through identity with the entry's id", async () => {
    const task = await insertEntry({ codename: 'return-form', entryType: 'task' });
    const done = await c.tenant!.post(`/api/identity/me/tasks/${task.id}/status/true`);
    expect(done.statusCode).toBe(204);
    const me = await c.tenant!.get('/api/identity/me');
    expect(me.json().user.tasks).toEqual([{ taskId: task.id, done: true }]);
  });
});

describe('staff calendar', () => {
  it('creates, lists (start desc, 10 by default), edits within scope, deletes', async () => {
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await c.manager!.post(
        '/api/content/admin/calendar-entries',
        body({
          status: 'draft',
          variants: { en: { title: `Entry ${i}` } },
          startAt: inDays(i + 1).toISOString(),
          endAt: null,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().id);
    }
    const list = await c.manager!.get('/api/content/admin/calendar-entries');
    expect(list.headers['content-range']).toBe(`calendar-entries 0-${ADMIN_CALENDAR_DEFAULT - 1}/12`);
    expect(
      list
        .json()
        .map((e: { title: string }) => e.title)
        .slice(0, 3),
    ).toEqual(['Entry 11', 'Entry 10', 'Entry 9']);
    const filtered = await c.manager!.get(
      `/api/content/admin/calendar-entries?filter=${encodeURIComponent(JSON.stringify({ q: 'entry 1' }))}&sort=${encodeURIComponent('["startAt","ASC"]')}`,
    );
    expect(filtered.json().map((e: { title: string }) => e.title)).toEqual([
      'Entry 1',
      'Entry 10',
      'Entry 11',
    ]);

    expect((await c.othermanager!.get(`/api/content/admin/calendar-entries/${created[0]}`)).statusCode).toBe(
      404,
    );
    expect(
      (await c.othermanager!.delete(`/api/content/admin/calendar-entries/${created[0]}`)).statusCode,
    ).toBe(404);
    const asBoard = await c.board!.put(
      `/api/content/admin/calendar-entries/${created[0]}`,
      body({ status: 'draft', variants: { en: { title: 'Renamed by the board' } } }),
    );
    expect(asBoard.statusCode, asBoard.body).toBe(200);
    expect(asBoard.json()).toMatchObject({
      title: 'Renamed by the board',
      author: { name: 'Maria Manager' },
    });

    expect((await c.manager!.delete(`/api/content/admin/calendar-entries/${created[0]}`)).statusCode).toBe(
      204,
    );
    expect(await stored()).toBe(11);
  });

  it('answers the admin shape with the shown type and sanitised, plain-text fields', async () => {
    const res = await c.manager!.post(
      '/api/content/admin/calendar-entries',
      body({
        type: 'event',
        codename: 'window-deadline',
        variants: {
          en: {
            title: '<em>Windows</em>',
            content: '<p onmouseover="x()">Wash</p><script>x()</script>',
            location: '<b>Yard</b>',
          },
        },
        documentLibraryLinkPath: '/documents/hc_common',
        documentLibraryLinkTitle: 'Instructions',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      type: 'event',
      shownType: 'deadline',
      title: 'Windows',
      variants: { en: { title: 'Windows', content: '<p>Wash</p>', location: 'Yard' } },
      location: 'Courtyard',
      documentLibraryLinkPath: '/documents/hc_common',
      canEdit: true,
      scheduled: false,
    });
    const [row] = await db().select().from(calendarEntries).where(eq(calendarEntries.id, entry.id));
    expect(JSON.stringify(row!.variants)).not.toMatch(/script|onmouseover/);
  });

  it.each([
    [
      'an end before the start',
      () => ({ endAt: inDays(4).toISOString() }),
      400,
      'CNT_CALENDAR_END_BEFORE_START',
    ],
    ['a missing start', () => ({ startAt: undefined }), 400, 'VALIDATION_FAILED'],
    ['a missing title', () => ({ variants: { en: { content: 'x' } } }), 400, 'VALIDATION_FAILED'],
    ['an unknown type', () => ({ type: 'party' }), 400, 'VALIDATION_FAILED'],
    [
      'a javascript link',
      () => ({ documentLibraryLinkPath: 'javascript:alert(1)' }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'unpublish before publish',
      () => ({ publishAt: inDays(2).toISOString(), unpublishAt: inDays(1).toISOString() }),
      400,
      'CNT_UNPUBLISH_BEFORE_PUBLISH',
    ],
    [
      'another housing company',
      () => ({ targeting: { housingCompanyIds: [t.hc.birchHill], buildingTaxonomies: [] } }),
      403,
      'CNT_TARGET_OUT_OF_SCOPE',
    ],
  ])('refuses %s and stores nothing', async (_what, overrides, status, code) => {
    const res = await c.manager!.post('/api/content/admin/calendar-entries', body(overrides()));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await stored()).toBe(0);
  });

  it('preview shows a draft in the resident shape', async () => {
    const id = (
      await c.manager!.post('/api/content/admin/calendar-entries', body({ status: 'draft' }))
    ).json().id;
    expect(
      (await c.tenant!.get(`/api/content/calendar/${id}?housingCompanyId=${t.hc.lindenCourt}`)).statusCode,
    ).toBe(404);
    const preview = await c.manager!.get(`/api/content/admin/calendar-entries/${id}/preview?lang=fi`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ id, title: 'Yard party', location: 'Courtyard', language: 'en' });
  });
});

describe('calendar announcements', () => {
  it('publishing announces the entry once, scheduled ones when their time comes', async () => {
    const before = (await t.events(CONTENT_EVENTS.calendarEntryPublished)).length;
    const now = await c.manager!.post('/api/content/admin/calendar-entries', body({ userRoles: ['owner'] }));
    const entry = now.json();
    const scheduledAt = new Date(Date.now() + HOUR).toISOString();
    const later = (
      await c.manager!.post(
        '/api/content/admin/calendar-entries',
        body({ codename: 'later-event', publishAt: scheduledAt }),
      )
    ).json();
    expect(later).toMatchObject({ scheduled: true, announcedAt: null });
    let events = (await t.events(CONTENT_EVENTS.calendarEntryPublished)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      entryId: entry.id,
      codename: entry.codename,
      type: 'event',
      titles: { en: 'Yard party' },
      defaultLanguage: 'en',
      startAt: entry.startAt,
      endAt: entry.endAt,
      url: `/calendar/entry/${entry.codename}`,
      publishedAt: entry.publishAt,
      housingCompanyIds: [t.hc.lindenCourt],
      userRoles: ['owner'],
    });
    expect((await announceDue(t.content.context)).calendarEntries).toBe(0);
    t.clock.set(new Date(Date.now() + 2 * HOUR));
    expect((await announceDue(t.content.context)).calendarEntries).toBe(1);
    expect((await announceDue(t.content.context)).calendarEntries).toBe(0);
    events = (await t.events(CONTENT_EVENTS.calendarEntryPublished)).slice(before);
    expect(events.map((e) => e.payload.codename)).toEqual([entry.codename, 'later-event']);
  });

  it('a deadline is announced once when it comes within 48 hours; moving it re-arms the notice', async () => {
    const before = (await t.events(CONTENT_EVENTS.deadlineComing)).length;
    const deadlineAt = inDays(4);
    const created = await c.manager!.post(
      '/api/content/admin/calendar-entries',
      body({
        type: 'deadline',
        codename: 'sauna-applications',
        variants: { en: { title: 'Sauna applications due' }, fi: { title: 'Saunahakemukset' } },
        startAt: inDays(3).toISOString(),
        endAt: deadlineAt.toISOString(),
      }),
    );
    expect(created.statusCode).toBe(201);
    // An event in the same window is no deadline.
    await c.manager!.post(
      '/api/content/admin/calendar-entries',
      body({ startAt: inDays(3).toISOString(), endAt: inDays(3.5).toISOString() }),
    );
    expect((await announceDue(t.content.context)).deadlines).toBe(0);

    t.clock.set(inDays(2.5));
    const runs = await Promise.all([announceDue(t.content.context), announceDue(t.content.context)]);
    expect(runs.map((r) => r.deadlines).sort()).toEqual([0, 1]);
    t.clock.set(inDays(3.9));
    expect((await announceDue(t.content.context)).deadlines).toBe(0);
    let events = (await t.events(CONTENT_EVENTS.deadlineComing)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      entryId: created.json().id,
      codename: 'sauna-applications',
      titles: { en: 'Sauna applications due', fi: 'Saunahakemukset' },
      defaultLanguage: 'en',
      deadlineAt: deadlineAt.toISOString(),
      url: '/calendar/entry/sauna-applications',
      housingCompanyIds: [t.hc.lindenCourt],
      userRoles: [],
    });

    // Moved a week later: announced again when that comes near.
    t.clock.reset();
    const record = (await c.manager!.get(`/api/content/admin/calendar-entries/${created.json().id}`)).json();
    expect(record.deadlineNoticeAt).not.toBeNull();
    const moved = await c.manager!.put(`/api/content/admin/calendar-entries/${record.id}`, {
      ...writeFields(zAdminCalendarEntryRequest, record),
      startAt: inDays(10).toISOString(),
      endAt: inDays(11).toISOString(),
    });
    expect(moved.json().deadlineNoticeAt).toBeNull();
    t.clock.set(inDays(10));
    expect((await announceDue(t.content.context)).deadlines).toBe(1);
    events = (await t.events(CONTENT_EVENTS.deadlineComing)).slice(before);
    expect(events).toHaveLength(2);
  });

  it('a passed deadline is not announced', async () => {
    const before = (await t.events(CONTENT_EVENTS.deadlineComing)).length;
    await insertEntry({ codename: 'old-deadline', entryType: 'deadline', startAt: inDays(-1) });
    expect((await announceDue(t.content.context)).deadlines).toBe(0);
    expect((await t.events(CONTENT_EVENTS.deadlineComing)).slice(before)).toHaveLength(0);
  });
});

describe('broad audience (03 §4)', () => {
  // Eleven more housing companies in the directory: everyone is fourteen.
  let extra: Awaited<ReturnType<typeof addDirectoryHousingCompanies>>;
  beforeAll(async () => {
    extra = await addDirectoryHousingCompanies(t, 11);
  });
  afterAll(async () => {
    await extra?.remove();
  });
  const everyone = { targeting: { housingCompanyIds: [], buildingTaxonomies: [] } };
  const URL = '/api/content/admin/calendar-entries';

  it('saves a draft to everyone without asking', async () => {
    const res = await c.admin!.post(URL, body({ ...everyone, status: 'draft' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft' });
  });

  it('asks before publishing to everyone, stores nothing, then publishes with the confirmation', async () => {
    const announced = (await t.events(CONTENT_EVENTS.calendarEntryPublished)).length;
    const refused = await c.admin!.post(URL, body(everyone));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    expect(await stored()).toBe(0);
    expect(await t.events(CONTENT_EVENTS.calendarEntryPublished)).toHaveLength(announced);

    const confirmed = await c.admin!.post(URL, body({ ...everyone, confirmBroadAudience: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ status: 'published' });
    expect(await stored()).toBe(1);
  });

  it('publishes to one housing company without asking', async () => {
    const res = await c.admin!.post(URL, body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'published' });
  });

  it('asks when a draft is published or scheduled by the action', async () => {
    const draft = (await c.admin!.post(URL, body({ ...everyone, status: 'draft' }))).json();
    const url = `${URL}/${draft.id}`;
    const put = await c.admin!.put(
      url,
      writeFields(zAdminCalendarEntryRequest, { ...draft, status: 'published' }),
    );
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    const publishAt = inDays(2).toISOString();
    for (const publishBody of [{}, { publishAt }]) {
      const res = await c.admin!.post(`${url}/publish`, publishBody);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    }
    const [row] = await db().select().from(calendarEntries).where(eq(calendarEntries.id, draft.id));
    expect(row!.status).toBe('draft');
    const published = await c.admin!.post(`${url}/publish`, { confirmBroadAudience: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', scheduled: false });
  });
});
