import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../db/schema.js';
import { type ContentTestApp, contentTestApp, loginAs, multipartFile, pngImage } from '../testing/index.js';

describe('content assets: uploads checked by purpose, then served', () => {
  let t: ContentTestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await contentTestApp();
    for (const key of ['admin', 'staff', 'manager', 'othermanager', 'board', 'owner', 'tenant', 'neighbour'])
      tokens[key] = (await loginAs(t.app, key)).accessToken;
  });
  afterAll(() => t.close());

  async function upload(as: string, purpose: string, name: string, data: Buffer) {
    const { payload, headers } = multipartFile(name, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/content/admin/assets?purpose=${purpose}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${tokens[as]}` },
    });
  }
  const stored = async () => (await t.content.context.db.select({ n: count() }).from(assets))[0]!.n;

  it('stores a 16:9 article image of at least 1000 px and serves it publicly with its type', async () => {
    const res = await upload('manager', 'article-image', 'facade.png', pngImage(1600, 900));
    expect(res.statusCode).toBe(201);
    const ref = res.json();
    expect(ref).toMatchObject({ fileName: 'facade.png', mimeType: 'image/png', width: 1600, height: 900 });
    const served = await t.app.inject({ method: 'GET', url: ref.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngImage(1600, 900))).toBe(true);
  });

  it.each([
    ['a square image', 'article-image', 'square.png', pngImage(1200, 1200), 'CNT_IMAGE_RULES'],
    [
      'a 16:9 image narrower than 1000 px',
      'article-image',
      'small.png',
      pngImage(800, 450),
      'CNT_IMAGE_RULES',
    ],
    ['a portrait image', 'article-image', 'portrait.png', pngImage(900, 1600), 'CNT_IMAGE_RULES'],
    ['a partner logo that is not square', 'partner-logo', 'logo.png', pngImage(600, 500), 'CNT_LOGO_RULES'],
    ['a partner logo under 500 px', 'partner-logo', 'logo.png', pngImage(400, 400), 'CNT_LOGO_RULES'],
    ['a partner logo that is not png', 'partner-logo', 'logo.jpg', pngImage(600, 600), 'CNT_FILE_EXTENSION'],
    [
      'text pretending to be a png',
      'image',
      'fake.png',
      Buffer.from('<script>alert(1)</script>'),
      'CNT_MIME_TYPE',
    ],
    ['a png pretending to be a pdf', 'attachment', 'report.pdf', pngImage(10, 10), 'CNT_MIME_TYPE'],
    ['an executable', 'attachment', 'setup.exe', Buffer.from('MZ'), 'CNT_FILE_EXTENSION'],
    [
      'a backslash in the name',
      'attachment',
      'a\\b.pdf',
      Buffer.from('%PDF-1.4\n%%EOF'),
      'CNT_ILLEGAL_CHARACTERS',
    ],
    [
      'an archive from a manager',
      'attachment',
      'files.zip',
      Buffer.from('PK\u0003\u0004'),
      'CNT_FILE_EXTENSION',
    ],
  ])('refuses %s with %s and stores nothing', async (_what, purpose, name, data, code) => {
    const before = await stored();
    const res = await upload('manager', purpose, name, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await stored()).toBe(before);
  });

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF');
  const as = (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });
  /** Who of the signed-in callers gets the file (200), by name; everyone else must get 404. */
  async function readers(url: string): Promise<string[]> {
    const got: string[] = [];
    for (const who of Object.keys(tokens)) {
      const res = await as(who, url);
      expect([200, 404], `${who}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) got.push(who);
    }
    return got.sort();
  }

  it('keeps an attachment on no item for its uploader and cleans the stored name', async () => {
    const res = await upload('manager', 'attachment', 'minutes $&?.pdf', pdf);
    expect(res.statusCode).toBe(201);
    const ref = res.json();
    expect(ref.fileName).toBe('minutes .pdf');
    expect((await t.app.inject({ method: 'GET', url: ref.url })).statusCode).toBe(401);
    const own = await as('manager', ref.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment;');
    // Anyone else signed in who has the id: as if it did not exist.
    const other = await as('tenant', ref.url);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('%PDF');
  });

  it("serves an article's attachment only to whoever may read the article", async () => {
    // The developer's staff uploads; the property manager writes the article for Linden Court.
    const file = (await upload('staff', 'attachment', 'rules.pdf', pdf)).json() as {
      id: string;
      url: string;
    };
    const write = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/content/admin/articles',
        headers: { authorization: `Bearer ${tokens.manager}` },
        payload: {
          variants: { en: { title: 'House rules' } },
          targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
          attachmentIds: [file.id],
          ...body,
        },
      });
    const draft = await write({});
    expect(draft.statusCode, draft.body).toBe(201);
    // A draft: its editors (the manager, Linden Court's board, the developer's staff) only.
    expect(await readers(file.url)).toEqual(['admin', 'board', 'manager', 'staff']);

    const published = await t.app.inject({
      method: 'POST',
      url: `/api/content/admin/articles/${draft.json().id}/publish`,
      headers: { authorization: `Bearer ${tokens.manager}` },
      payload: {},
    });
    expect(published.statusCode, published.body).toBe(200);
    // Published: Linden Court's residents read it too; Birch Hill's resident and manager do not.
    expect(await readers(file.url)).toEqual(['admin', 'board', 'manager', 'owner', 'staff', 'tenant']);
  });

  it('follows the targeting of the article: housing company and roles', async () => {
    // Harbour View only: the tenant of Linden Court is outside it, the owner (in both) inside.
    const forHarbourView = (await upload('admin', 'attachment', 'harbour.pdf', pdf)).json() as {
      id: string;
      url: string;
    };
    const forOwners = (await upload('admin', 'attachment', 'owners.pdf', pdf)).json() as {
      id: string;
      url: string;
    };
    for (const [file, body] of [
      [forHarbourView, { targeting: { housingCompanyIds: [t.hc.harbourView], buildingTaxonomies: [] } }],
      [
        forOwners,
        {
          targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
          userRoles: ['owner'],
        },
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/content/admin/articles',
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: {
          variants: { en: { title: 'For some' } },
          status: 'published',
          attachmentIds: [file.id],
          ...body,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await readers(forHarbourView.url)).toEqual(['admin', 'manager', 'owner', 'staff']);
    // Owners of Linden Court: not its tenant; the board member owns B 14 (and edits, as the manager).
    expect(await readers(forOwners.url)).toEqual(['admin', 'board', 'manager', 'owner', 'staff']);
  });

  it("serves a calendar entry's attachment by the entry's rules", async () => {
    const file = (await upload('admin', 'attachment', 'agenda.pdf', pdf)).json() as {
      id: string;
      url: string;
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content/admin/calendar-entries',
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: {
        variants: { en: { title: 'Annual meeting' } },
        startAt: '2030-05-01T15:00:00.000Z',
        targeting: { housingCompanyIds: [t.hc.birchHill], buildingTaxonomies: [] },
        status: 'published',
        attachmentIds: [file.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await readers(file.url)).toEqual(['admin', 'neighbour', 'othermanager', 'staff']);
  });

  it('lets only the admin area upload', async () => {
    const res = await upload('tenant', 'image', 'x.png', pngImage(10, 10));
    expect(res.statusCode).toBe(403);
    const none = await t.app.inject({ method: 'POST', url: '/api/content/admin/assets?purpose=image' });
    expect(none.statusCode).toBe(401);
  });

  it('answers 404 for an unknown asset', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/content/assets/${crypto.randomUUID()}` });
    expect(res.statusCode).toBe(404);
  });
});
