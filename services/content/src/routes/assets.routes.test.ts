import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../db/schema.js';
import { type ContentTestApp, contentTestApp, loginAs, multipartFile, pngImage } from '../testing/index.js';

describe('content assets: uploads checked by purpose, then served', () => {
  let t: ContentTestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await contentTestApp();
    for (const key of ['admin', 'staff', 'manager', 'tenant'])
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

  it('keeps attachments for signed-in users and cleans the stored name', async () => {
    const res = await upload(
      'manager',
      'attachment',
      'minutes $&?.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF'),
    );
    expect(res.statusCode).toBe(201);
    const ref = res.json();
    expect(ref.fileName).toBe('minutes .pdf');
    expect((await t.app.inject({ method: 'GET', url: ref.url })).statusCode).toBe(401);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: ref.url,
      headers: { authorization: `Bearer ${tokens.tenant}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/pdf');
    expect(signedIn.headers['content-disposition']).toContain('attachment;');
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
