import { STEP_INTRODUCTION_MAX_CHARS, zAdminStepWrite } from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, calendarEntries, directoryHousingCompanies, steps } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import {
  type ContentTestApp,
  clientAs,
  contentTestApp,
  multipartFile,
  pngImage,
  writeFields,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

const NOW = new Date('2031-03-10T12:00:00.000Z');
const PUBLISHED = new Date('2031-01-01T00:00:00.000Z');
const LONG_INTRO = `${'Residents can follow the construction work week by week. '.repeat(8)}End.`;

describe('lifecycle steps', () => {
  let t: ContentTestApp;
  let owner: Client;
  let neighbour: Client;
  let admin: Client;
  let manager: Client;
  let othermanager: Client;
  let tenant: Client;
  let marketing: Client;
  const q = (hc: string, extra = '') => `housingCompanyId=${hc}${extra}`;

  async function insertStep(fields: Partial<typeof steps.$inferInsert> & { codename: string }) {
    const targeting = {
      housingCompanyIds: fields.housingCompanyIds ?? [t.hc.harbourView],
      buildingTaxonomies: fields.buildingTaxonomies ?? [],
    };
    const title = fields.title ?? fields.codename;
    const [row] = await t.content.context.db
      .insert(steps)
      .values({
        title,
        variants: { en: { title, introduction: `About ${title}`, content: `<p>${title}</p>` } },
        status: 'published',
        publishAt: PUBLISHED,
        ...fields,
        ...targeting,
        audience: audienceOf(targeting),
      })
      .returning();
    return row!;
  }

  async function setLifecycle(hc: string, active: boolean) {
    await t.content.context.db
      .update(directoryHousingCompanies)
      .set({ lifecycleStepsActive: active })
      .where(eq(directoryHousingCompanies.id, hc));
  }

  const stored = async () => (await t.content.context.db.select({ n: count() }).from(steps))[0]!.n;

  beforeAll(async () => {
    t = await contentTestApp();
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    owner = await clientAs(t, 'owner');
    neighbour = await clientAs(t, 'neighbour');
    admin = await clientAs(t, 'admin');
    manager = await clientAs(t, 'manager');
    othermanager = await clientAs(t, 'othermanager');
    tenant = await clientAs(t, 'tenant');
    marketing = await clientAs(t, 'marketing');
    t.clock.set(NOW);
    await setLifecycle(t.hc.harbourView, true);
    await insertStep({ codename: 'foundation', title: 'Foundation', dateStart: '2031-03-01' });
    await insertStep({ codename: 'today', title: 'Frame', dateStart: '2031-03-10' });
    await insertStep({ codename: 'start', title: 'Start', dateStart: '2031-01-15' });
    await insertStep({ codename: 'undated', title: 'Undated', dateStart: null });
    await insertStep({
      codename: 'long',
      title: 'Long',
      dateStart: '2031-04-01',
      variants: {
        en: { title: 'Long', introduction: LONG_INTRO },
        fi: { title: 'Pitkä', introduction: 'Lyhyt.' },
      },
    });
    await insertStep({
      codename: 'from-content',
      title: 'From content',
      dateStart: '2031-05-01',
      variants: {
        en: { title: 'From content', content: '<p>Keys are <b>handed</b> over &amp; residents move in.</p>' },
      },
    });
    await insertStep({ codename: 'draft', dateStart: '2031-02-01', status: 'draft', publishAt: null });
    await insertStep({
      codename: 'scheduled',
      dateStart: '2031-02-02',
      publishAt: new Date('2031-06-01T00:00:00Z'),
    });
    await insertStep({ codename: 'linden', dateStart: '2031-02-03', housingCompanyIds: [t.hc.lindenCourt] });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('resident list', () => {
    it('lists published steps of the housing company by start date, without undated ones', async () => {
      const res = await owner.get(`/api/content/steps?${q(t.hc.harbourView)}`);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { codename: string; dateStart: string; upcoming: boolean }[];
      expect(list.map((s) => s.codename)).toEqual(['start', 'foundation', 'today', 'long', 'from-content']);
      expect(list.map((s) => s.dateStart)).toEqual([
        '2031-01-15',
        '2031-03-01',
        '2031-03-10',
        '2031-04-01',
        '2031-05-01',
      ]);
      expect(list[0]).toEqual({
        id: expect.any(String),
        codename: 'start',
        title: 'Start',
        introduction: 'About Start',
        dateStart: '2031-01-15',
        image: null,
        parentId: null,
        upcoming: false,
        disableConfiguring: false,
        language: 'en',
      });
    });

    it('flags steps whose start date is today or later as upcoming, moving with the clock', async () => {
      const upcoming = async () =>
        Object.fromEntries(
          (
            (await owner.get(`/api/content/steps?${q(t.hc.harbourView)}`)).json() as {
              codename: string;
              upcoming: boolean;
            }[]
          ).map((s) => [s.codename, s.upcoming]),
        );
      expect(await upcoming()).toEqual({
        start: false,
        foundation: false,
        today: true,
        long: true,
        'from-content': true,
      });
      t.clock.set(new Date('2031-03-11T00:00:01.000Z'));
      try {
        expect((await upcoming()).today).toBe(false);
        expect((await upcoming()).long).toBe(true);
      } finally {
        t.clock.set(NOW);
      }
    });

    it(`cuts introductions to ${STEP_INTRODUCTION_MAX_CHARS} characters and falls back to the content's text`, async () => {
      const list = (await owner.get(`/api/content/steps?${q(t.hc.harbourView)}`)).json() as {
        codename: string;
        introduction: string;
      }[];
      const long = list.find((s) => s.codename === 'long')!;
      expect(LONG_INTRO.length).toBeGreaterThan(STEP_INTRODUCTION_MAX_CHARS);
      expect(long.introduction.length).toBeLessThanOrEqual(STEP_INTRODUCTION_MAX_CHARS);
      expect(long.introduction.endsWith('…')).toBe(true);
      expect(LONG_INTRO.startsWith(long.introduction.slice(0, -1))).toBe(true);
      expect(list.find((s) => s.codename === 'from-content')!.introduction).toBe(
        'Keys are handed over & residents move in.',
      );
    });

    it('answers in the reader language when the step has it', async () => {
      const list = (await owner.get(`/api/content/steps?${q(t.hc.harbourView, '&lang=fi')}`)).json() as {
        codename: string;
        title: string;
        language: string;
      }[];
      expect(list.find((s) => s.codename === 'long')).toMatchObject({ title: 'Pitkä', language: 'fi' });
      expect(list.find((s) => s.codename === 'start')).toMatchObject({ title: 'Start', language: 'en' });
    });

    it('answers [] while the housing company has lifecycle steps switched off', async () => {
      await setLifecycle(t.hc.harbourView, false);
      try {
        const res = await owner.get(`/api/content/steps?${q(t.hc.harbourView)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
        const one = await owner.get(`/api/content/steps/start?${q(t.hc.harbourView)}`);
        expect(one.statusCode).toBe(404);
        expect(one.json().code).toBe('CNT_NOT_FOUND');
      } finally {
        await setLifecycle(t.hc.harbourView, true);
      }
      // Linden Court's steps exist but its lifecycle steps are off in the demo directory.
      await setLifecycle(t.hc.lindenCourt, false);
      expect((await owner.get(`/api/content/steps?${q(t.hc.lindenCourt)}`)).json()).toEqual([]);
      await setLifecycle(t.hc.lindenCourt, true);
      try {
        const list = (await owner.get(`/api/content/steps?${q(t.hc.lindenCourt)}`)).json() as {
          codename: string;
        }[];
        expect(list.map((s) => s.codename)).toEqual(['linden']);
      } finally {
        await setLifecycle(t.hc.lindenCourt, false);
      }
    });

    it('answers 404 for a housing company the reader does not belong to', async () => {
      const res = await neighbour.get(`/api/content/steps?${q(t.hc.harbourView)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/content/steps?${q(t.hc.harbourView)}` })).statusCode,
      ).toBe(401);
    });
  });

  describe('resident step page', () => {
    it('shows a step by codename or id with content, images and the related content the reader may see', async () => {
      const db = t.content.context.db;
      const visibleArticle = { housingCompanyIds: [t.hc.harbourView], buildingTaxonomies: [] };
      const [news] = await db
        .insert(articles)
        .values({
          codename: 'site-news',
          title: 'Site news',
          variants: { en: { title: 'Site news' }, fi: { title: 'Työmaauutiset' } },
          status: 'published',
          publishAt: PUBLISHED,
          ...visibleArticle,
          audience: audienceOf(visibleArticle),
        })
        .returning();
      const elsewhere = { housingCompanyIds: [t.hc.birchHill], buildingTaxonomies: [] };
      const [hidden] = await db
        .insert(articles)
        .values({
          codename: 'birch-news',
          title: 'Birch news',
          variants: { en: { title: 'Birch news' } },
          status: 'published',
          publishAt: PUBLISHED,
          ...elsewhere,
          audience: audienceOf(elsewhere),
        })
        .returning();
      const [entry] = await db
        .insert(calendarEntries)
        .values({
          codename: 'site-visit',
          entryType: 'event',
          title: 'Site visit',
          variants: { en: { title: 'Site visit' } },
          status: 'published',
          publishAt: PUBLISHED,
          ...visibleArticle,
          audience: audienceOf(visibleArticle),
        })
        .returning();
      const [foundation] = await db.select().from(steps).where(eq(steps.codename, 'foundation'));
      const [draft] = await db.select().from(steps).where(eq(steps.codename, 'draft'));
      const image = await uploadImage();
      const step = await insertStep({
        codename: 'with-related',
        title: 'With related',
        dateStart: '2031-06-01',
        imageIds: [image],
        parentId: foundation!.id,
        disableConfiguring: true,
        variants: { en: { title: 'With related', introduction: 'Intro', content: '<p>Body</p>' } },
        related: [
          { type: 'article', id: news!.id },
          { type: 'article', id: hidden!.id },
          { type: 'step', id: draft!.id },
          { type: 'calendar-entry', id: entry!.id },
          { type: 'step', id: foundation!.id },
        ],
      });
      const res = await owner.get(`/api/content/steps/with-related?${q(t.hc.harbourView, '&lang=fi')}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: step.id,
        codename: 'with-related',
        title: 'With related',
        introduction: 'Intro',
        content: '<p>Body</p>',
        parentId: foundation!.id,
        upcoming: true,
        disableConfiguring: true,
        image: { id: image, url: `/api/content/assets/${image}` },
      });
      expect(body.images.map((i: { id: string }) => i.id)).toEqual([image]);
      expect(body.related).toEqual([
        {
          type: 'article',
          id: news!.id,
          codename: 'site-news',
          title: 'Työmaauutiset',
          link: '/news/site-news',
        },
        {
          type: 'calendar-entry',
          id: entry!.id,
          codename: 'site-visit',
          title: 'Site visit',
          link: '/calendar/entry/site-visit',
        },
        {
          type: 'step',
          id: foundation!.id,
          codename: 'foundation',
          title: 'Foundation',
          link: '/step/foundation',
        },
      ]);
      const byId = await owner.get(`/api/content/steps/${step.id}?${q(t.hc.harbourView)}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json().codename).toBe('with-related');
    });

    it('answers 404 for steps the reader may not see', async () => {
      for (const codename of ['undated', 'draft', 'scheduled', 'linden', 'no-such-step']) {
        const res = await owner.get(`/api/content/steps/${codename}?${q(t.hc.harbourView)}`);
        expect(res.statusCode, codename).toBe(404);
        expect(res.json().code).toBe('CNT_NOT_FOUND');
      }
    });
  });

  async function uploadImage(): Promise<string> {
    const { payload, headers } = multipartFile('step.png', pngImage(40, 30));
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/login',
        payload: { email: 'admin@demo.porta.test', password: 'Demo-Portal-2026' },
      })
    ).json().accessToken as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/admin/assets?purpose=image',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  describe('staff', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      defaultLanguage: 'en',
      variants: {
        en: {
          title: 'Roof works',
          introduction: 'The roof is built.',
          content: '<p>Roof<script>alert(1)</script></p>',
        },
        fi: { title: 'Kattotyöt', content: '<p onclick="x()">Katto</p>' },
      },
      dateStart: '2031-07-01',
      targeting: { housingCompanyIds: [t.hc.harbourView] },
      status: 'published',
      ...overrides,
    });

    it('creates a step with sanitised content and lists it for its housing company', async () => {
      const image = await uploadImage();
      const res = await marketing.post('/api/content/admin/steps', body({ imageIds: [image] }));
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        title: 'Roof works',
        codename: expect.stringMatching(/^roof-works-/),
        dateStart: '2031-07-01',
        targeting: { housingCompanyIds: [t.hc.harbourView], buildingTaxonomies: [] },
        status: 'published',
        imageIds: [image],
        canEdit: true,
        scheduled: false,
        author: { name: 'Test marketing', roles: expect.arrayContaining(['yitMarketing']) },
      });
      // Published without a time: now (the test clock runs on from NOW).
      expect(Math.abs(new Date(created.publishAt).getTime() - NOW.getTime())).toBeLessThan(120_000);
      expect(created.variants.en.content).toBe('<p>Roof</p>');
      expect(created.variants.fi.content).toBe('<p>Katto</p>');
      expect(created.images[0].id).toBe(image);

      const list = await admin.get(
        `/api/content/admin/steps?filter=${encodeURIComponent(JSON.stringify({ housingCompanyId: t.hc.harbourView }))}&sort=${encodeURIComponent('["dateStart","DESC"]')}&range=[0,1]`,
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toMatch(/^steps 0-1\/\d+$/);
      expect(list.json()[0].id).toBe(created.id);

      const resident = (await owner.get(`/api/content/steps?${q(t.hc.harbourView)}`)).json() as {
        id: string;
      }[];
      expect(resident.map((s) => s.id)).toContain(created.id);
    });

    it('refuses bad bodies and stores nothing', async () => {
      const before = await stored();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ targeting: { housingCompanyIds: [] } }, 400, 'VALIDATION_FAILED'],
        [{ variants: {} }, 400, 'VALIDATION_FAILED'],
        [{ defaultLanguage: 'sv' }, 400, 'VALIDATION_FAILED'],
        [{ dateStart: '2031-13-01' }, 400, 'VALIDATION_FAILED'],
        [{ related: [{ type: 'article', id: crypto.randomUUID() }] }, 400, 'CNT_STEP_RELATED_NOT_FOUND'],
        [{ parentId: crypto.randomUUID() }, 400, 'CNT_STEP_PARENT_INVALID'],
        [{ imageIds: [crypto.randomUUID()] }, 400, 'CNT_ASSET_NOT_FOUND'],
        [{ targeting: { housingCompanyIds: [crypto.randomUUID()] } }, 404, 'CNT_HOUSING_COMPANY_NOT_FOUND'],
        [{ codename: 'foundation' }, 409, 'CNT_CODENAME_IN_USE'],
      ];
      for (const [overrides, status, code] of cases) {
        const res = await admin.post('/api/content/admin/steps', body(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
      }
      expect(await stored()).toBe(before);
    });

    it('replaces a step, refuses itself as parent, and deletes it cleanly', async () => {
      const parent = (await admin.post('/api/content/admin/steps', body())).json();
      const child = (await admin.post('/api/content/admin/steps', body({ parentId: parent.id }))).json();
      const self = await admin.put(`/api/content/admin/steps/${parent.id}`, {
        ...writeFields(zAdminStepWrite, parent),
        parentId: parent.id,
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().code).toBe('CNT_STEP_PARENT_INVALID');

      // The record as read goes back with the fields of the write (the staff app's way).
      const renamed = await admin.put(`/api/content/admin/steps/${child.id}`, {
        ...writeFields(zAdminStepWrite, child),
        variants: { en: { title: 'Renamed' } },
        related: [{ type: 'step', id: parent.id }],
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        title: 'Renamed',
        codename: child.codename,
        parentId: parent.id,
      });

      const del = await admin.delete(`/api/content/admin/steps/${parent.id}`);
      expect(del.statusCode).toBe(204);
      const after = (await admin.get(`/api/content/admin/steps/${child.id}`)).json();
      expect(after.parentId).toBeNull();
      expect(after.related).toEqual([]);
      expect((await admin.get(`/api/content/admin/steps/${parent.id}`)).statusCode).toBe(404);
    });

    it('lets managers read their companies steps only, and only step editors write', async () => {
      const [harbourStep] = await t.content.context.db
        .select()
        .from(steps)
        .where(eq(steps.codename, 'foundation'));
      const mine = await manager.get(`/api/content/admin/steps/${harbourStep!.id}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().canEdit).toBe(false);
      const other = await othermanager.get(`/api/content/admin/steps/${harbourStep!.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('CNT_NOT_FOUND');
      const list = (await othermanager.get('/api/content/admin/steps')).json() as { id: string }[];
      expect(list.map((s) => s.id)).not.toContain(harbourStep!.id);

      const before = await stored();
      const write = await manager.post('/api/content/admin/steps', body());
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe('FORBIDDEN');
      expect((await manager.delete(`/api/content/admin/steps/${harbourStep!.id}`)).statusCode).toBe(403);
      expect((await tenant.get('/api/content/admin/steps')).statusCode).toBe(403);
      expect(await stored()).toBe(before);
    });
  });
});
