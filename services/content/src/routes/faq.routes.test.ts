import { FAQ_LIMIT, HELP_FAQ_LIMIT } from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

const NOW = new Date('2031-03-10T12:00:00.000Z');
const PUBLISHED = new Date('2031-01-01T00:00:00.000Z');

describe('FAQ and the help section', () => {
  let t: ContentTestApp;
  let owner: Client;
  let tenant: Client;
  let neighbour: Client;
  let manager: Client;
  let staff: Client;
  let marketing: Client;
  const q = (hc: string, extra = '') => `housingCompanyId=${hc}${extra}`;
  const stored = async () => (await t.content.context.db.select({ n: count() }).from(faqs))[0]!.n;

  async function insertFaq(
    question: string,
    fields: Partial<typeof faqs.$inferInsert> & { hcs?: string[] } = {},
  ) {
    const { hcs, ...rest } = fields;
    const targeting = { housingCompanyIds: hcs ?? [t.hc.lindenCourt], buildingTaxonomies: [] };
    const [row] = await t.content.context.db
      .insert(faqs)
      .values({
        codename: `${question.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 6)}`,
        title: question,
        variants: { en: { question, answer: `<p>Answer to ${question}</p>` } },
        status: 'published',
        publishAt: PUBLISHED,
        ...rest,
        ...targeting,
        audience: audienceOf(targeting),
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    t = await contentTestApp();
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    owner = await clientAs(t, 'owner');
    tenant = await clientAs(t, 'tenant');
    neighbour = await clientAs(t, 'neighbour');
    manager = await clientAs(t, 'manager');
    staff = await clientAs(t, 'staff');
    marketing = await clientAs(t, 'marketing');
    t.clock.set(NOW);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('resident FAQ', () => {
    it('groups entries by taxonomy in the order of their best entry, each by priority then question', async () => {
      await insertFaq('Notice of move?', { faqTaxonomy: 'moving_in', priority: 2 });
      await insertFaq('When do I get the keys?', {
        faqTaxonomy: 'moving_in',
        priority: 1,
        variants: {
          en: { question: 'When do I get the keys?', answer: '<p>On handover day.</p>' },
          fi: { question: 'Milloin saan avaimet?', answer: '<p>Luovutuspäivänä.</p>' },
        },
      });
      await insertFaq('A question about boxes?', { faqTaxonomy: 'moving_in', priority: 2 });
      await insertFaq('Sauna times?', { faqTaxonomy: 'maintenance', priority: 5 });
      await insertFaq('Report a fault?', { faqTaxonomy: 'maintenance', priority: 0 });
      await insertFaq('Change language?', { faqTaxonomy: 'portal', priority: 3 });
      await insertFaq('Anything else?', { faqTaxonomy: null, priority: 1 });
      await insertFaq('For every company?', { faqTaxonomy: 'portal', priority: 4, hcs: [] });
      await insertFaq('Birch only?', { faqTaxonomy: 'portal', priority: 0, hcs: [t.hc.birchHill] });
      await insertFaq('Draft?', { faqTaxonomy: 'portal', priority: 0, status: 'draft' });
      await insertFaq('Staff help?', { faqTaxonomy: 'portal', priority: 0, kind: 'help', hcs: [] });

      const res = await owner.get(`/api/content/faq?${q(t.hc.lindenCourt, '&lang=fi')}`);
      expect(res.statusCode).toBe(200);
      const list = res.json() as {
        groups: { faqTaxonomy: string | null; entries: { question: string }[] }[];
      };
      expect(list.groups.map((g) => [g.faqTaxonomy, g.entries.map((e) => e.question)])).toEqual([
        ['maintenance', ['Report a fault?', 'Sauna times?']],
        ['moving_in', ['Milloin saan avaimet?', 'A question about boxes?', 'Notice of move?']],
        ['portal', ['Change language?', 'For every company?']],
        [null, ['Anything else?']],
      ]);
      expect(list.groups[1]!.entries[0]).toEqual({
        id: expect.any(String),
        codename: expect.stringMatching(/^when-do-i-get-the-keys-/),
        question: 'Milloin saan avaimet?',
        answer: '<p>Luovutuspäivänä.</p>',
        faqTaxonomy: 'moving_in',
        priority: 1,
        language: 'fi',
      });
    });

    it(`answers at most ${FAQ_LIMIT} entries, the best by priority`, async () => {
      for (let i = 1; i <= FAQ_LIMIT + 5; i++) {
        await insertFaq(`Limit ${i}?`, {
          faqTaxonomy: `group_${i % 3}`,
          priority: 100 + i,
          hcs: [t.hc.birchHill],
        });
      }
      const list = (await neighbour.get(`/api/content/faq?${q(t.hc.birchHill)}`)).json() as {
        groups: { entries: { question: string; priority: number }[] }[];
      };
      const entries = list.groups.flatMap((g) => g.entries);
      expect(entries).toHaveLength(FAQ_LIMIT);
      // 'Birch only?' (0) and 'For every company?' (4) are in; the five worst of the 55 are out.
      expect(entries.map((e) => e.question)).toEqual(
        expect.arrayContaining(['Birch only?', 'For every company?']),
      );
      expect(Math.max(...entries.map((e) => e.priority))).toBe(100 + FAQ_LIMIT - 2);
    });

    it('shows one entry by codename or id, only when the reader may see it', async () => {
      const entry = await insertFaq('Single entry?', { faqTaxonomy: 'portal' });
      for (const key of [entry.codename, entry.id]) {
        const res = await owner.get(`/api/content/faq/${key}?${q(t.hc.lindenCourt)}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ id: entry.id, question: 'Single entry?', language: 'en' });
      }
      const [help] = await t.content.context.db.select().from(faqs).where(eq(faqs.title, 'Staff help?'));
      const [birch] = await t.content.context.db.select().from(faqs).where(eq(faqs.title, 'Birch only?'));
      for (const id of [help!.id, birch!.id, 'no-such-entry']) {
        const res = await owner.get(`/api/content/faq/${id}?${q(t.hc.lindenCourt)}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CNT_NOT_FOUND');
      }
      const other = await neighbour.get(`/api/content/faq/${entry.id}?${q(t.hc.lindenCourt)}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    });
  });

  describe('help section', () => {
    it('is for staff only', async () => {
      for (const client of [tenant, owner]) {
        const res = await client.get('/api/content/help');
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/content/help' })).statusCode).toBe(401);
      const res = await manager.get('/api/content/help');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        groups: [{ faqTaxonomy: 'portal', entries: [expect.objectContaining({ question: 'Staff help?' })] }],
      });
    });

    it(`answers at most ${HELP_FAQ_LIMIT} published help entries; one by codename`, async () => {
      for (let i = 1; i <= HELP_FAQ_LIMIT + 2; i++) {
        await insertFaq(`Help ${i}?`, { kind: 'help', faqTaxonomy: 'users', priority: 10 + i, hcs: [] });
      }
      const draft = await insertFaq('Draft help?', { kind: 'help', priority: 0, hcs: [], status: 'draft' });
      const list = (await staff.get('/api/content/help?lang=fi')).json() as {
        groups: { faqTaxonomy: string; entries: { question: string }[] }[];
      };
      const entries = list.groups.flatMap((g) => g.entries);
      expect(entries).toHaveLength(HELP_FAQ_LIMIT);
      expect(entries[0]!.question).toBe('Staff help?');
      expect(entries.map((e) => e.question)).not.toContain('Draft help?');
      expect(entries.map((e) => e.question)).not.toContain(`Help ${HELP_FAQ_LIMIT}?`);

      const [first] = await t.content.context.db.select().from(faqs).where(eq(faqs.title, 'Help 1?'));
      const one = await staff.get(`/api/content/help/${first!.codename}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ question: 'Help 1?', faqTaxonomy: 'users' });
      expect((await staff.get(`/api/content/help/${draft.id}`)).statusCode).toBe(404);
      expect((await tenant.get(`/api/content/help/${first!.id}`)).statusCode).toBe(403);
    });
  });

  describe('staff', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      kind: 'faq',
      variants: {
        en: { question: 'How do I recycle?', answer: '<p>Sort <img src="x" onerror="alert(1)">waste</p>' },
      },
      faqTaxonomy: 'waste',
      priority: 3,
      targeting: { housingCompanyIds: [t.hc.lindenCourt] },
      status: 'published',
      ...overrides,
    });

    it('creates entries with sanitised answers; help entries carry no targeting', async () => {
      const res = await marketing.post('/api/content/admin/faqs', body());
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        kind: 'faq',
        title: 'How do I recycle?',
        faqTaxonomy: 'waste',
        priority: 3,
        canEdit: true,
        targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
      });
      expect(res.json().variants.en.answer).toBe('<p>Sort <img src="x" />waste</p>');
      const resident = (await owner.get(`/api/content/faq?${q(t.hc.lindenCourt)}`)).json() as {
        groups: { faqTaxonomy: string }[];
      };
      expect(resident.groups.map((g) => g.faqTaxonomy)).toContain('waste');

      const help = await marketing.post(
        '/api/content/admin/faqs',
        body({ kind: 'help', faqTaxonomy: 'news' }),
      );
      expect(help.statusCode).toBe(201);
      expect(help.json().targeting).toEqual({ housingCompanyIds: [], buildingTaxonomies: [] });
      const helpList = (await manager.get('/api/content/help')).json() as {
        groups: { faqTaxonomy: string }[];
      };
      expect(helpList.groups.map((g) => g.faqTaxonomy)).toContain('news');
    });

    it('refuses bad bodies and non-editors, storing nothing', async () => {
      const before = await stored();
      const cases: [Client, Record<string, unknown>, number, string][] = [
        [marketing, { variants: { en: { question: '', answer: 'x' } } }, 400, 'VALIDATION_FAILED'],
        [marketing, { variants: { fi: { question: 'Q', answer: 'A' } } }, 400, 'VALIDATION_FAILED'],
        [marketing, { faqTaxonomy: 'Bad Taxonomy!' }, 400, 'VALIDATION_FAILED'],
        [marketing, { kind: 'news' }, 400, 'VALIDATION_FAILED'],
        [marketing, { priority: -1 }, 400, 'VALIDATION_FAILED'],
        [
          marketing,
          { targeting: { housingCompanyIds: [crypto.randomUUID()] } },
          404,
          'CNT_HOUSING_COMPANY_NOT_FOUND',
        ],
        [manager, {}, 403, 'FORBIDDEN'],
        [staff, {}, 403, 'FORBIDDEN'],
      ];
      for (const [client, overrides, status, code] of cases) {
        const res = await client.post('/api/content/admin/faqs', body(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
        expect(res.json().code).toBe(code);
      }
      expect(await stored()).toBe(before);
    });

    it('lists with filters for the admin area; editors replace and delete', async () => {
      const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
      const list = await manager.get(
        `/api/content/admin/faqs?${filter({ kind: 'help', faqTaxonomy: 'news' })}`,
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-range']).toBe('faqs 0-0/1');
      const [entry] = list.json() as { id: string; canEdit: boolean; kind: string }[];
      expect(entry).toMatchObject({ kind: 'help', canEdit: false });
      expect((await tenant.get('/api/content/admin/faqs')).statusCode).toBe(403);

      const read = (await marketing.get(`/api/content/admin/faqs/${entry!.id}`)).json();
      expect(read.canEdit).toBe(true);
      // The fields of the write, as the staff app sends them: the rest of the record is refused.
      const { kind, codename, defaultLanguage, variants, targeting, status, publishAt, unpublishAt } = read;
      const write = { kind, codename, defaultLanguage, variants, targeting, status, publishAt, unpublishAt };
      const whole = await marketing.put(`/api/content/admin/faqs/${entry!.id}`, { ...read, priority: 1 });
      expect(whole.statusCode).toBe(400);
      expect(whole.json().code).toBe('VALIDATION_FAILED');
      const put = await marketing.put(`/api/content/admin/faqs/${entry!.id}`, {
        ...write,
        priority: 1,
        faqTaxonomy: 'tips',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ priority: 1, faqTaxonomy: 'tips', codename: read.codename });
      expect((await manager.put(`/api/content/admin/faqs/${entry!.id}`, read)).statusCode).toBe(403);
      expect((await marketing.delete(`/api/content/admin/faqs/${entry!.id}`)).statusCode).toBe(204);
      expect((await marketing.get(`/api/content/admin/faqs/${entry!.id}`)).statusCode).toBe(404);
    });
  });
});
