import { FEEDBACK_COMMENT_MAX_CHARS } from '@porta/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackEntries } from '../db/schema.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

const NOW = new Date('2031-03-10T12:00:00.000Z');

describe('feedback', () => {
  let t: ContentTestApp;
  let owner: Client;
  let neighbour: Client;
  let tenant: Client;
  let manager: Client;
  let staff: Client;
  const stored = async () => (await t.content.context.db.select({ n: count() }).from(feedbackEntries))[0]!.n;

  beforeAll(async () => {
    t = await contentTestApp();
    owner = await clientAs(t, 'owner');
    neighbour = await clientAs(t, 'neighbour');
    tenant = await clientAs(t, 'tenant');
    manager = await clientAs(t, 'manager');
    staff = await clientAs(t, 'staff');
    t.clock.set(NOW);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('sending', () => {
    it("stores the rating and comment with the housing company's country, area, city and business unit", async () => {
      const res = await owner.post('/api/content/feedback', {
        housingCompanyId: t.hc.lindenCourt,
        rating: 4,
        comment: '  Nice portal  ',
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as { id: string };
      expect(Object.keys(res.json())).toEqual(['id']);
      const [row] = await t.content.context.db
        .select()
        .from(feedbackEntries)
        .where(eq(feedbackEntries.id, id));
      expect(row).toMatchObject({
        rating: 4,
        comment: 'Nice portal',
        housingCompanyId: t.hc.lindenCourt,
        hcExt: 'DEMO-2000',
        country: 'Finland',
        area: 'Leppävaara',
        city: 'Espoo',
        businessUnit: 'Housing Finland',
      });
      expect(Math.abs(row!.createdAt.getTime() - NOW.getTime())).toBeLessThan(120_000);

      const noComment = await owner.post('/api/content/feedback', {
        housingCompanyId: t.hc.harbourView,
        rating: 5,
      });
      expect(noComment.statusCode).toBe(201);
      const [second] = await t.content.context.db
        .select()
        .from(feedbackEntries)
        .where(eq(feedbackEntries.id, noComment.json().id));
      expect(second).toMatchObject({
        comment: '',
        city: 'Helsinki',
        area: 'Katajanokka',
        hcExt: 'DEMO-1000',
      });
    });

    it('refuses ratings outside 1–5 and other bad input, storing nothing', async () => {
      const before = await stored();
      for (const body of [
        { housingCompanyId: t.hc.lindenCourt, rating: 0 },
        { housingCompanyId: t.hc.lindenCourt, rating: 6 },
        { housingCompanyId: t.hc.lindenCourt, rating: 2.5 },
        { housingCompanyId: t.hc.lindenCourt, rating: '3' },
        { housingCompanyId: t.hc.lindenCourt },
        {
          housingCompanyId: t.hc.lindenCourt,
          rating: 3,
          comment: 'x'.repeat(FEEDBACK_COMMENT_MAX_CHARS + 1),
        },
        { housingCompanyId: 'not-a-uuid', rating: 3 },
        { housingCompanyId: t.hc.lindenCourt, rating: 3, country: 'Estonia' },
      ]) {
        const res = await owner.post('/api/content/feedback', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await stored()).toBe(before);
    });

    it('answers 404 for a housing company the sender does not belong to, and 401 without a token', async () => {
      const before = await stored();
      const res = await neighbour.post('/api/content/feedback', {
        housingCompanyId: t.hc.lindenCourt,
        rating: 3,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/content/feedback',
        payload: { housingCompanyId: t.hc.lindenCourt, rating: 3 },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await stored()).toBe(before);
    });
  });

  describe('staff', () => {
    const estonian = [
      {
        createdAt: new Date('2031-02-01T08:00:00.000Z'),
        rating: 1,
        comment: '=HYPERLINK("http://evil","x")',
      },
      { createdAt: new Date('2031-02-02T23:59:59.000Z'), rating: 5, comment: 'He said, "great"\nTwo lines' },
      { createdAt: new Date('2031-02-03T00:00:00.000Z'), rating: 3, comment: '-2+3' },
      { createdAt: new Date('2031-02-04T10:00:00.000Z'), rating: 2, comment: '@SUM(1)' },
      { createdAt: new Date('2031-02-05T10:00:00.000Z'), rating: 4, comment: '+1 ok' },
    ];

    beforeAll(async () => {
      await t.content.context.db.insert(feedbackEntries).values(
        estonian.map((e) => ({
          ...e,
          userId: crypto.randomUUID(),
          country: 'Estonia',
          area: 'Kesklinn',
          city: 'Tallinn',
          businessUnit: 'Housing Baltics',
          hcExt: 'EE-1',
        })),
      );
    });

    const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
    const sort = (field: string, order: string) =>
      `sort=${encodeURIComponent(JSON.stringify([field, order]))}`;

    it('lists entries newest first with the filters of 03 §7', async () => {
      const all = await staff.get('/api/content/admin/feedback?range=[0,1]');
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-range']).toBe('feedback 0-1/7');
      expect(all.json()[0]).toMatchObject({
        rating: 5,
        hcExt: 'DEMO-1000',
        housingCompanyName: 'As Oy Demo Harbour View',
        country: 'Finland',
      });

      const ratings = async (query: string) =>
        ((await staff.get(`/api/content/admin/feedback?${query}`)).json() as { rating: number }[]).map(
          (e) => e.rating,
        );
      expect(await ratings(filter({ country: 'Estonia' }))).toEqual([4, 2, 3, 5, 1]);
      expect(await ratings(`${filter({ country: 'Estonia' })}&${sort('rating', 'ASC')}`)).toEqual([
        1, 2, 3, 4, 5,
      ]);
      expect(await ratings(filter({ country: 'Finland' }))).toEqual([5, 4]);
      expect(await ratings(filter({ city: 'Espoo' }))).toEqual([4]);
      expect(await ratings(filter({ area: 'Katajanokka' }))).toEqual([5]);
      expect(await ratings(filter({ businessUnit: 'Housing Baltics', rating: 3 }))).toEqual([3]);
      expect(await ratings(filter({ housingCompanyId: t.hc.lindenCourt }))).toEqual([4]);
      // from and to are whole UTC days, both inclusive.
      expect(await ratings(filter({ from: '2031-02-02', to: '2031-02-03' }))).toEqual([3, 5]);
      expect(await ratings(filter({ to: '2031-02-01' }))).toEqual([1]);
      const bad = await staff.get(`/api/content/admin/feedback?${filter({ rating: 7 })}`);
      expect(bad.statusCode).toBe(400);
    });

    it('is for yitUser only', async () => {
      for (const client of [tenant, manager, owner]) {
        const res = await client.get('/api/content/admin/feedback');
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expect((await client.get('/api/content/admin/feedback/export')).statusCode).toBe(403);
      }
    });

    it('exports the filtered entries as formula-safe CSV named by the date', async () => {
      const res = await staff.get(
        `/api/content/admin/feedback/export?${filter({ country: 'Estonia' })}&${sort('rating', 'ASC')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="feedback-2031-03-10.csv"');
      const place = 'Estonia,Kesklinn,Tallinn,Housing Baltics,EE-1';
      expect(res.body).toBe(
        [
          '\uFEFFcreatedAt,rating,comment,country,area,city,businessUnit,hcExt',
          `2031-02-01T08:00:00.000Z,1,"'=HYPERLINK(""http://evil"",""x"")",${place}`,
          `2031-02-04T10:00:00.000Z,2,'@SUM(1),${place}`,
          `2031-02-03T00:00:00.000Z,3,'-2+3,${place}`,
          `2031-02-05T10:00:00.000Z,4,'+1 ok,${place}`,
          `2031-02-02T23:59:59.000Z,5,"He said, ""great""\nTwo lines",${place}`,
          '',
        ].join('\r\n'),
      );
    });

    it('exports more entries than one batch reads, each once, in the order asked for', async () => {
      // 1,234 entries (batches of 500), many sharing a rating and a time: the ties decide the order.
      const at = Date.parse('2031-01-01T00:00:00.000Z');
      await t.content.context.db.insert(feedbackEntries).values(
        Array.from({ length: 1234 }, (_, n) => ({
          createdAt: new Date(at + (n % 97) * 1000),
          rating: 1 + (n % 5),
          comment: `entry ${n}`,
          userId: crypto.randomUUID(),
          country: 'Lithuania',
        })),
      );
      const expected = await t.content.context.db
        .select({ comment: feedbackEntries.comment })
        .from(feedbackEntries)
        .where(eq(feedbackEntries.country, 'Lithuania'))
        .orderBy(desc(feedbackEntries.rating), desc(feedbackEntries.createdAt), asc(feedbackEntries.id));
      const res = await staff.get(
        `/api/content/admin/feedback/export?${filter({ country: 'Lithuania' })}&${sort('rating', 'DESC')}`,
      );
      expect(res.statusCode).toBe(200);
      const comments = res.body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[2]);
      expect(comments).toHaveLength(1234);
      expect(comments).toEqual(expected.map((e) => e.comment));
    });

    it('exports only the header when nothing matches', async () => {
      const res = await staff.get(`/api/content/admin/feedback/export?${filter({ country: 'Latvia' })}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('\uFEFFcreatedAt,rating,comment,country,area,city,businessUnit,hcExt\r\n');
    });

    it('shows one entry', async () => {
      const [row] = await t.content.context.db
        .select()
        .from(feedbackEntries)
        .where(eq(feedbackEntries.rating, 1));
      const res = await staff.get(`/api/content/admin/feedback/${row!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: row!.id,
        createdAt: '2031-02-01T08:00:00.000Z',
        rating: 1,
        comment: '=HYPERLINK("http://evil","x")',
        country: 'Estonia',
        area: 'Kesklinn',
        city: 'Tallinn',
        businessUnit: 'Housing Baltics',
        housingCompanyId: null,
        hcExt: 'EE-1',
        housingCompanyName: null,
      });
      expect((await staff.get(`/api/content/admin/feedback/${crypto.randomUUID()}`)).statusCode).toBe(404);
    });
  });
});
