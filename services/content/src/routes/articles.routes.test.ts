import {
  BOX_TITLE_MAX_CHARS,
  CONTENT_EVENTS,
  EXCERPT_MAX_CHARS,
  LATEST_NEWS_COUNT,
  NEWS_LIST_DEFAULT,
  WELCOME_ARTICLE_CODENAME,
  zAdminArticleRequest,
} from '@porta/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles } from '../db/schema.js';
import { audienceOf } from '../domain/reader.js';
import { announceDue } from '../jobs/announce.job.js';
import {
  addDirectoryHousingCompanies,
  type ContentTestApp,
  clientAs,
  contentTestApp,
  multipartFile,
  pngImage,
  writeFields,
} from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

let t: ContentTestApp;
const c: Record<string, Client> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await contentTestApp();
  for (const key of ['admin', 'staff', 'manager', 'othermanager', 'board', 'owner', 'tenant', 'neighbour']) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: `${key}@demo.porta.test`, password: 'Demo-Portal-2026' },
    });
    tokens[key] = login.json().accessToken;
    c[key] = await clientAs(t, key);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => t.clock.reset());

const db = () => t.content.context.db;
const stored = async () => (await db().select({ n: count() }).from(articles))[0]!.n;
const DAY = 86_400_000;

/** Insert an article directly (published a day ago for Linden Court unless told otherwise). */
async function insertArticle(
  input: Partial<typeof articles.$inferInsert> & { codename: string; hcs?: string[] | null },
) {
  const { hcs, ...rest } = input;
  const housingCompanyIds = hcs === null ? [] : (hcs ?? [t.hc.lindenCourt]);
  const targeting = { housingCompanyIds, buildingTaxonomies: [] };
  const [row] = await db()
    .insert(articles)
    .values({
      title: input.codename,
      variants: { en: { title: `Title ${input.codename}`, content: `<p>Body of ${input.codename}</p>` } },
      status: 'published',
      publishAt: new Date(Date.now() - DAY),
      announcedAt: new Date(),
      ...targeting,
      audience: audienceOf(targeting),
      authorName: 'Test Author',
      ...rest,
    })
    .returning();
  return row!;
}

const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const inDays = (n: number) => new Date(Date.now() + n * DAY);

async function news(client: Client, hc: string, query = '') {
  const res = await client.get(`/api/content/news?housingCompanyId=${hc}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    mode: string;
    items: Record<string, unknown>[];
    total: number;
    limit: number;
    offset: number;
  };
}
const codes = (list: { items: Record<string, unknown>[] }) => list.items.map((i) => i.codename);

/** A valid create body for Linden Court. */
function body(overrides: Record<string, unknown> = {}) {
  return {
    variants: { en: { title: 'Courtyard news', introduction: 'Short intro', content: '<p>Text</p>' } },
    targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
    status: 'draft',
    ...overrides,
  };
}

async function upload(as: string, purpose: string, name: string, data: Buffer) {
  const { payload, headers } = multipartFile(name, data);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/content/admin/assets?purpose=${purpose}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[as]}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string };
}

describe('resident news lists', () => {
  beforeEach(async () => {
    await db().delete(articles);
  });

  it('default mode: sticky first while the sticky date is ahead, then newest; paged with a total', async () => {
    await insertArticle({ codename: 'old', publishAt: daysAgo(30) });
    await insertArticle({ codename: 'newest', publishAt: daysAgo(1) });
    await insertArticle({ codename: 'middle', publishAt: daysAgo(5) });
    await insertArticle({ codename: 'sticky', publishAt: daysAgo(20), stickyUntil: inDays(3) });
    await insertArticle({ codename: 'sticky-expired', publishAt: daysAgo(10), stickyUntil: daysAgo(1) });
    await insertArticle({ codename: 'older', publishAt: daysAgo(40) });

    const first = await news(c.tenant!, t.hc.lindenCourt);
    expect(first.mode).toBe('default');
    expect(first.limit).toBe(NEWS_LIST_DEFAULT);
    expect(first.total).toBe(6);
    expect(codes(first)).toEqual(['sticky', 'newest', 'middle', 'sticky-expired']);
    expect(first.items[0]!.sticky).toBe(true);
    expect(first.items[3]!.sticky).toBe(false);

    const second = await news(c.tenant!, t.hc.lindenCourt, '&offset=4');
    expect(codes(second)).toEqual(['old', 'older']);

    // When the sticky date passes, the item falls back to its date.
    t.clock.set(inDays(4));
    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&limit=10'))).toEqual([
      'newest',
      'middle',
      'sticky-expired',
      'sticky',
      'old',
      'older',
    ]);
  });

  it('latest mode: five items from the last year, sticky first', async () => {
    for (let i = 1; i <= 6; i++) await insertArticle({ codename: `n${i}`, publishAt: daysAgo(i * 10) });
    await insertArticle({ codename: 'too-old', publishAt: daysAgo(400) });
    await insertArticle({ codename: 'old-sticky', publishAt: daysAgo(300), stickyUntil: inDays(5) });
    const latest = await news(c.tenant!, t.hc.lindenCourt, '&mode=latest');
    expect(latest.limit).toBe(LATEST_NEWS_COUNT);
    expect(codes(latest)).toEqual(['old-sticky', 'n1', 'n2', 'n3', 'n4']);
    expect(latest.total).toBe(7);
  });

  it('statusUpdates mode lists only status updates', async () => {
    await insertArticle({ codename: 'plain', articleType: 'news' });
    await insertArticle({ codename: 'update-1', articleType: 'status_update', publishAt: daysAgo(2) });
    await insertArticle({ codename: 'update-2', articleType: 'status_update', publishAt: daysAgo(1) });
    const list = await news(c.tenant!, t.hc.lindenCourt, '&mode=statusUpdates');
    expect(codes(list)).toEqual(['update-2', 'update-1']);
    expect(list.items.every((i) => i.articleType === 'status_update')).toBe(true);
  });

  it('archive: archived items leave the default and latest lists and stay in the archive, newest first', async () => {
    await insertArticle({ codename: 'current', publishAt: daysAgo(3) });
    await insertArticle({ codename: 'archived', publishAt: daysAgo(2), archiveAt: daysAgo(1) });
    await insertArticle({ codename: 'archives-later', publishAt: daysAgo(50), archiveAt: inDays(2) });
    await insertArticle({ codename: 'sticky-in-archive', publishAt: daysAgo(60), stickyUntil: inDays(9) });

    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&limit=10'))).toEqual([
      'sticky-in-archive',
      'current',
      'archives-later',
    ]);
    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&mode=latest'))).not.toContain('archived');
    const archive = await news(c.tenant!, t.hc.lindenCourt, '&mode=archive');
    expect(archive.limit).toBe(100);
    expect(codes(archive)).toEqual(['archived', 'current', 'archives-later', 'sticky-in-archive']);
    expect(archive.items.map((i) => i.archived)).toEqual([true, false, false, false]);
    // The archived article is still readable by address.
    const detail = await c.tenant!.get(`/api/content/news/archived?housingCompanyId=${t.hc.lindenCourt}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().archived).toBe(true);

    t.clock.set(inDays(3));
    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&limit=10'))).toEqual([
      'sticky-in-archive',
      'current',
    ]);

    const tooMany = await c.tenant!.get(`/api/content/news?housingCompanyId=${t.hc.lindenCourt}&limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_FAILED');
  });

  it('a priority_news item is priority for one month after its publish date', async () => {
    await insertArticle({ codename: 'fresh-priority', articleType: 'priority_news', publishAt: daysAgo(10) });
    await insertArticle({ codename: 'old-priority', articleType: 'priority_news', publishAt: daysAgo(40) });
    await insertArticle({ codename: 'plain-news', articleType: 'news', publishAt: daysAgo(5) });
    const list = await news(c.tenant!, t.hc.lindenCourt, '&limit=10');
    const priority = Object.fromEntries(list.items.map((i) => [i.codename, i.isPriority]));
    expect(priority).toEqual({ 'plain-news': false, 'fresh-priority': true, 'old-priority': false });
    expect(list.items.find((i) => i.codename === 'old-priority')!.articleType).toBe('priority_news');

    t.clock.set(inDays(25));
    const later = await news(c.tenant!, t.hc.lindenCourt, '&limit=10');
    expect(later.items.find((i) => i.codename === 'fresh-priority')!.isPriority).toBe(false);
    const detail = await c.tenant!.get(
      `/api/content/news/fresh-priority?housingCompanyId=${t.hc.lindenCourt}`,
    );
    expect(detail.json().isPriority).toBe(false);
  });

  it('the welcome article shows only in the construction phase, merged by publish date', async () => {
    await insertArticle({ codename: WELCOME_ARTICLE_CODENAME, hcs: null, publishAt: daysAgo(15) });
    await insertArticle({ codename: 'hv-new', hcs: [t.hc.harbourView], publishAt: daysAgo(5) });
    await insertArticle({ codename: 'hv-old', hcs: [t.hc.harbourView], publishAt: daysAgo(25) });
    await insertArticle({ codename: 'lc-news', hcs: [t.hc.lindenCourt], publishAt: daysAgo(5) });
    // The owner lives in both: Harbour View (construction) and Linden Court (living).
    expect(codes(await news(c.owner!, t.hc.harbourView))).toEqual([
      'hv-new',
      WELCOME_ARTICLE_CODENAME,
      'hv-old',
    ]);
    expect(codes(await news(c.owner!, t.hc.lindenCourt))).toEqual(['lc-news']);
    const inLiving = await c.owner!.get(
      `/api/content/news/${WELCOME_ARTICLE_CODENAME}?housingCompanyId=${t.hc.lindenCourt}`,
    );
    expect(inLiving.statusCode).toBe(404);
    const inConstruction = await c.owner!.get(
      `/api/content/news/${WELCOME_ARTICLE_CODENAME}?housingCompanyId=${t.hc.harbourView}`,
    );
    expect(inConstruction.statusCode).toBe(200);
  });

  it('building phase and ready-before / ready-after dates restrict items', async () => {
    // Linden Court was completed about 400 days ago; Harbour View completes in about 240 days.
    await insertArticle({ codename: 'living-only', hcs: null, buildingPhase: 'living' });
    await insertArticle({ codename: 'construction-only', hcs: null, buildingPhase: 'construction' });
    await insertArticle({ codename: 'ready-before-future', hcs: null, readyBefore: isoDay(inDays(10)) });
    await insertArticle({ codename: 'ready-before-long-ago', hcs: null, readyBefore: isoDay(daysAgo(1000)) });
    await insertArticle({ codename: 'ready-after-long-ago', hcs: null, readyAfter: isoDay(daysAgo(1000)) });
    await insertArticle({ codename: 'ready-after-recent', hcs: null, readyAfter: isoDay(daysAgo(10)) });
    const lc = codes(await news(c.owner!, t.hc.lindenCourt, '&limit=20'));
    expect(lc.sort()).toEqual(['living-only', 'ready-after-long-ago', 'ready-before-future']);
    const hv = codes(await news(c.owner!, t.hc.harbourView, '&limit=20'));
    expect(hv.sort()).toEqual(['construction-only', 'ready-after-long-ago', 'ready-after-recent']);
  });

  it('cuts the box title and the excerpt, and takes the excerpt from the content when there is no introduction', async () => {
    const longTitle = `${'Harbour '.repeat(20)}end`.trim();
    const words = 'lorem ipsum dolor sit amet '.repeat(30);
    await insertArticle({
      codename: 'long',
      variants: { en: { title: longTitle, content: `<p>${words}</p><script>x()</script>` } },
    });
    await insertArticle({
      codename: 'with-intro',
      publishAt: daysAgo(2),
      variants: {
        en: { title: 'Short', introduction: 'The introduction wins.', content: '<p>Not this</p>' },
      },
    });
    const list = await news(c.tenant!, t.hc.lindenCourt);
    const long = list.items.find((i) => i.codename === 'long')!;
    expect(long.title).toBe(longTitle);
    expect((long.boxTitle as string).length).toBeLessThanOrEqual(BOX_TITLE_MAX_CHARS);
    expect(long.boxTitle).toMatch(/…$/);
    expect(longTitle.startsWith((long.boxTitle as string).slice(0, -1))).toBe(true);
    expect((long.excerpt as string).length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
    expect(long.excerpt).toMatch(/^lorem ipsum dolor sit amet lorem/);
    expect(long.excerpt).not.toContain('<');
    expect(long.excerpt).toMatch(/…$/);
    expect(list.items.find((i) => i.codename === 'with-intro')!.excerpt).toBe('The introduction wins.');
    expect(long.slug).toBe('long');
  });

  it("shows the reader's language, else the item's default", async () => {
    await insertArticle({
      codename: 'bilingual',
      defaultLanguage: 'en',
      variants: { en: { title: 'Sauna times' }, fi: { title: 'Saunavuorot' } },
    });
    await insertArticle({
      codename: 'finnish-only',
      defaultLanguage: 'fi',
      publishAt: daysAgo(2),
      variants: { fi: { title: 'Vain suomeksi' } },
    });
    const fi = await news(c.tenant!, t.hc.lindenCourt, '&lang=fi');
    expect(fi.items.map((i) => [i.title, i.language])).toEqual([
      ['Saunavuorot', 'fi'],
      ['Vain suomeksi', 'fi'],
    ]);
    const sv = await news(c.tenant!, t.hc.lindenCourt, '&lang=sv');
    expect(sv.items.map((i) => [i.title, i.language])).toEqual([
      ['Sauna times', 'en'],
      ['Vain suomeksi', 'fi'],
    ]);
  });

  it('hides drafts, scheduled and unpublished items from lists and detail', async () => {
    await insertArticle({ codename: 'visible' });
    await insertArticle({ codename: 'draft', status: 'draft' });
    await insertArticle({ codename: 'scheduled', publishAt: inDays(1) });
    await insertArticle({ codename: 'unpublished', unpublishAt: daysAgo(0.5) });
    await insertArticle({ codename: 'unpublishes-later', unpublishAt: inDays(1) });
    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&limit=10')).sort()).toEqual([
      'unpublishes-later',
      'visible',
    ]);
    for (const codename of ['draft', 'scheduled', 'unpublished']) {
      const res = await c.tenant!.get(`/api/content/news/${codename}?housingCompanyId=${t.hc.lindenCourt}`);
      expect(res.statusCode, codename).toBe(404);
      expect(res.json().code).toBe('CNT_NOT_FOUND');
    }
    t.clock.set(inDays(2));
    expect(codes(await news(c.tenant!, t.hc.lindenCourt, '&limit=10')).sort()).toEqual([
      'scheduled',
      'visible',
    ]);
  });

  it('role-restricted items: seen by the board, not by a tenant', async () => {
    const row = await insertArticle({ codename: 'board-only', userRoles: ['boardMember'] });
    expect(codes(await news(c.board!, t.hc.lindenCourt))).toEqual(['board-only']);
    expect(codes(await news(c.tenant!, t.hc.lindenCourt))).toEqual([]);
    const byId = await c.tenant!.get(`/api/content/news/${row.id}?housingCompanyId=${t.hc.lindenCourt}`);
    expect(byId.statusCode).toBe(404);
    const asBoard = await c.board!.get(`/api/content/news/${row.id}?housingCompanyId=${t.hc.lindenCourt}`);
    expect(asBoard.statusCode).toBe(200);
  });

  it("another housing company's item is neither listed nor reachable, and its company cannot be asked for", async () => {
    const row = await insertArticle({ codename: 'linden-only' });
    expect(codes(await news(c.neighbour!, t.hc.birchHill))).toEqual([]);
    for (const id of [row.id, 'linden-only']) {
      const res = await c.neighbour!.get(`/api/content/news/${id}?housingCompanyId=${t.hc.birchHill}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_NOT_FOUND');
    }
    for (const url of [
      `/api/content/news?housingCompanyId=${t.hc.lindenCourt}`,
      `/api/content/news/${row.id}?housingCompanyId=${t.hc.lindenCourt}`,
    ]) {
      const res = await c.neighbour!.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_HOUSING_COMPANY_NOT_FOUND');
    }
  });

  it('the detail has sanitised content, introduction, images, attachments and the author', async () => {
    const image = await upload('manager', 'article-image', 'facade.png', pngImage(1600, 900));
    const attachment = await upload('manager', 'attachment', 'agenda.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    await insertArticle({
      codename: 'full',
      articleType: 'announcement',
      category: 'meetings',
      imageIds: [image.id],
      attachmentIds: [attachment.id],
      variants: {
        en: {
          title: 'Meeting',
          introduction: 'Come along',
          content: '<p>Agenda <img src=x onerror="alert(1)"></p>',
        },
      },
    });
    const list = await news(c.tenant!, t.hc.lindenCourt);
    expect(list.items[0]!.image).toMatchObject({ id: image.id, url: image.url, width: 1600 });
    const res = await c.tenant!.get(`/api/content/news/full?housingCompanyId=${t.hc.lindenCourt}&lang=fi`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      codename: 'full',
      title: 'Meeting',
      introduction: 'Come along',
      articleType: 'announcement',
      category: 'meetings',
      authorName: 'Test Author',
      isPriority: false,
      language: 'en',
    });
    expect(detail.content).toBe('<p>Agenda <img src="x" /></p>');
    expect(detail.images.map((i: { id: string }) => i.id)).toEqual([image.id]);
    expect(detail.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['agenda.pdf']);
  });
});

describe('staff: writing articles', () => {
  beforeEach(async () => {
    await db().delete(articles);
  });

  it('a manager creates a draft for Linden Court; scope and edit rights follow 03 §6', async () => {
    const created = await c.manager!.post('/api/content/admin/articles', body());
    expect(created.statusCode, created.body).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({
      title: 'Courtyard news',
      status: 'draft',
      scheduled: false,
      canEdit: true,
      articleType: 'news',
      targeting: { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] },
      author: { name: 'Maria Manager' },
    });
    expect(article.author.roles).toContain('propertyManager');
    expect(article.codename).toMatch(/^courtyard-news-[a-z0-9]{6}$/);

    // Another housing company's manager cannot see or change it.
    for (const res of [
      await c.othermanager!.get(`/api/content/admin/articles/${article.id}`),
      await c.othermanager!.put(`/api/content/admin/articles/${article.id}`, body()),
      await c.othermanager!.delete(`/api/content/admin/articles/${article.id}`),
      await c.othermanager!.get(`/api/content/admin/articles/${article.id}/preview`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CNT_NOT_FOUND');
    }
    const otherList = await c.othermanager!.get('/api/content/admin/articles');
    expect(otherList.json()).toEqual([]);
    expect(otherList.headers['content-range']).toBe('articles 0-0/0');

    // The board of Linden Court moderates it (no higher role wrote it).
    const asBoard = await c.board!.get(`/api/content/admin/articles/${article.id}`);
    expect(asBoard.json().canEdit).toBe(true);
    const edited = await c.board!.put(`/api/content/admin/articles/${article.id}`, {
      ...writeFields(zAdminArticleRequest, article),
      variants: { en: { title: 'Courtyard news (edited by the board)' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Courtyard news (edited by the board)',
      codename: article.codename,
      author: { name: 'Maria Manager' },
    });
  });

  it('the board may not edit or delete what the admin wrote (CNT_NOT_EDITABLE) but sees it', async () => {
    const created = await c.admin!.post('/api/content/admin/articles', body({ status: 'published' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const seen = await c.board!.get(`/api/content/admin/articles/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().canEdit).toBe(false);
    for (const res of [
      await c.board!.put(
        `/api/content/admin/articles/${id}`,
        body({ variants: { en: { title: 'Hijacked' } } }),
      ),
      await c.board!.delete(`/api/content/admin/articles/${id}`),
      await c.board!.post(`/api/content/admin/articles/${id}/unpublish`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CNT_NOT_EDITABLE');
    }
    const [row] = await db().select().from(articles).where(eq(articles.id, id));
    expect(row!.title).toBe('Courtyard news');
    expect(row!.status).toBe('published');
  });

  it('a manager cannot target another housing company or a taxonomy term; nothing is stored', async () => {
    for (const targeting of [
      { housingCompanyIds: [t.hc.birchHill], buildingTaxonomies: [] },
      { housingCompanyIds: [t.hc.lindenCourt, t.hc.birchHill], buildingTaxonomies: [] },
      { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: ['espoo'] },
      { housingCompanyIds: [], buildingTaxonomies: [] },
    ]) {
      const res = await c.manager!.post('/api/content/admin/articles', body({ targeting }));
      expect(res.statusCode, JSON.stringify(targeting)).toBe(403);
      expect(res.json().code).toBe('CNT_TARGET_OUT_OF_SCOPE');
    }
    expect(await stored()).toBe(0);
    // The demo's developer staff holds the project role of Harbour View and Linden Court only
    // (ADR 0022): Birch Hill is out of their reach; a tenant neither reads nor writes.
    const birchHill = { targeting: { housingCompanyIds: [t.hc.birchHill], buildingTaxonomies: [] } };
    const res = await c.staff!.post('/api/content/admin/articles', body(birchHill));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CNT_TARGET_OUT_OF_SCOPE');
    expect(await stored()).toBe(0);
    expect((await c.tenant!.get('/api/content/admin/articles')).statusCode).toBe(403);
  });

  it('lets the developer’s staff publish news in the projects they hold the project role of (ADR 0022)', async () => {
    const res = await c.staff!.post('/api/content/admin/articles', body({ status: 'published' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'published', canEdit: true });
    await c.admin!.delete(`/api/content/admin/articles/${res.json().id}`);
  });

  it.each([
    ['a missing title', { variants: { en: { content: '<p>x</p>' } } }, 400, 'VALIDATION_FAILED'],
    ['no variants', { variants: {} }, 400, 'VALIDATION_FAILED'],
    ['a title that is only markup', { variants: { en: { title: '<b></b>' } } }, 400, 'VALIDATION_FAILED'],
    ['an archive date in the past', { archiveAt: '2001-01-01T00:00:00Z' }, 400, 'CNT_ARCHIVE_DATE_IN_PAST'],
    ['sticky without an expiry', { sticky: true }, 400, 'CNT_STICKY_EXPIRY_REQUIRED'],
    [
      'a sticky expiry before today',
      { sticky: true, stickyUntil: '2001-01-01T00:00:00Z' },
      400,
      'CNT_STICKY_EXPIRY_REQUIRED',
    ],
    [
      'unpublish before publish',
      { status: 'published', publishAt: '2030-01-02T00:00:00Z', unpublishAt: '2030-01-01T00:00:00Z' },
      400,
      'CNT_UNPUBLISH_BEFORE_PUBLISH',
    ],
    [
      'ready-after after ready-before',
      { readyBefore: '2030-01-01', readyAfter: '2031-01-01' },
      400,
      'CNT_READY_DATES_ORDER',
    ],
    ['an unknown article type', { articleType: 'gossip' }, 400, 'VALIDATION_FAILED'],
    ['an unknown image', { imageIds: ['00000000-0000-4000-8000-000000000000'] }, 400, 'CNT_ASSET_NOT_FOUND'],
  ])('refuses %s with its code and stores nothing', async (_what, overrides, status, code) => {
    const res = await c.manager!.post('/api/content/admin/articles', body(overrides));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await stored()).toBe(0);
  });

  it('refuses an attachment or a plain image as an article image', async () => {
    const pdf = await upload('manager', 'attachment', 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    const plain = await upload('manager', 'image', 'a.png', pngImage(400, 400));
    for (const id of [pdf.id, plain.id]) {
      const res = await c.manager!.post('/api/content/admin/articles', body({ imageIds: [id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CNT_IMAGE_RULES');
    }
    const image = await upload('manager', 'article-image', 'b.png', pngImage(1600, 900));
    const asAttachment = await c.manager!.post(
      '/api/content/admin/articles',
      body({ attachmentIds: [image.id] }),
    );
    expect(asAttachment.json().code).toBe('CNT_ASSET_NOT_FOUND');
    expect(await stored()).toBe(0);
    const ok = await c.manager!.post(
      '/api/content/admin/articles',
      body({ imageIds: [image.id], attachmentIds: [pdf.id] }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().images.map((i: { id: string }) => i.id)).toEqual([image.id]);
    expect(ok.json().attachments.map((i: { id: string }) => i.id)).toEqual([pdf.id]);
  });

  it('sanitises HTML and strips markup from titles before storing', async () => {
    const res = await c.manager!.post(
      '/api/content/admin/articles',
      body({
        status: 'published',
        variants: {
          en: {
            title: 'Tom & <b>Jerry</b>',
            introduction: '<i>Intro</i> <script>alert(1)</script>',
            content:
              '<p onclick="x()">Hello</p><script>alert(1)</script><img src="a.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
          },
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(articles).where(eq(articles.id, res.json().id));
    const stored = JSON.stringify(row!.variants);
    expect(stored).not.toMatch(/script|onerror|onclick|javascript/i);
    expect(row!.variants.en).toEqual({
      title: 'Tom & Jerry',
      introduction: 'Intro',
      content: '<p>Hello</p><img src="a.png" /><a>link</a>',
    });
    expect(row!.title).toBe('Tom & Jerry');
    const detail = await c.tenant!.get(
      `/api/content/news/${row!.codename}?housingCompanyId=${t.hc.lindenCourt}`,
    );
    expect(detail.json().content).not.toMatch(/script|onerror/i);
  });

  it('a codename must be free (409) and a given codename is kept', async () => {
    const first = await c.manager!.post('/api/content/admin/articles', body({ codename: 'sauna-rules' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().codename).toBe('sauna-rules');
    const second = await c.manager!.post('/api/content/admin/articles', body({ codename: 'sauna-rules' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CNT_CODENAME_IN_USE');
    const bad = await c.manager!.post('/api/content/admin/articles', body({ codename: 'Not Valid' }));
    expect(bad.statusCode).toBe(400);
    expect(await stored()).toBe(1);
  });

  it('accepts the stored (past) archive date and sticky expiry when a record is sent back', async () => {
    const created = await c.admin!.post(
      '/api/content/admin/articles',
      body({ archiveAt: inDays(1).toISOString(), sticky: true, stickyUntil: inDays(1).toISOString() }),
    );
    expect(created.statusCode).toBe(201);
    t.clock.set(inDays(3));
    const record = (await c.admin!.get(`/api/content/admin/articles/${created.json().id}`)).json();
    expect(record.archived).toBe(true);
    const again = await c.admin!.put(`/api/content/admin/articles/${record.id}`, {
      ...writeFields(zAdminArticleRequest, record),
      category: 'x',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().archiveAt).toBe(record.archiveAt);
    const moved = await c.admin!.put(`/api/content/admin/articles/${record.id}`, {
      ...writeFields(zAdminArticleRequest, record),
      archiveAt: inDays(2).toISOString(),
    });
    expect(moved.json().code).toBe('CNT_ARCHIVE_DATE_IN_PAST');
  });

  it('lists with filters, sorting and Content-Range; deletes with 204', async () => {
    const make = async (title: string, extra: Record<string, unknown> = {}) => {
      const res = await c.admin!.post(
        '/api/content/admin/articles',
        body({ variants: { en: { title } }, ...extra }),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const a = await make('Alpha', { articleType: 'announcement' });
    const b = await make('Bravo', { status: 'published', publishAt: inDays(2).toISOString() });
    const g = await make('Global', { targeting: { housingCompanyIds: [], buildingTaxonomies: [] } });
    const tax = await make('Espoo', { targeting: { housingCompanyIds: [], buildingTaxonomies: ['espoo'] } });
    const hv = await make('Harbour', {
      targeting: { housingCompanyIds: [t.hc.harbourView], buildingTaxonomies: [] },
    });

    const q = (query: string) => c.staff!.get(`/api/content/admin/articles?${query}`);
    const sorted = await q(
      `sort=${encodeURIComponent('["title","ASC"]')}&range=${encodeURIComponent('[0,2]')}`,
    );
    expect(sorted.statusCode).toBe(200);
    expect(sorted.headers['content-range']).toBe('articles 0-2/5');
    expect(sorted.json().map((r: { title: string }) => r.title)).toEqual(['Alpha', 'Bravo', 'Espoo']);
    const filter = (f: unknown) => q(`filter=${encodeURIComponent(JSON.stringify(f))}`);
    expect((await filter({ q: 'rav' })).json().map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await filter({ scheduled: true })).json().map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await filter({ articleType: 'announcement' })).json().map((r: { id: string }) => r.id)).toEqual([
      a.id,
    ]);
    expect((await filter({ id: [g.id, hv.id] })).json().length).toBe(2);
    // Reaching Linden Court: its own, global and its taxonomy term's items, not Harbour View's.
    const linden = (await filter({ housingCompanyId: t.hc.lindenCourt }))
      .json()
      .map((r: { id: string }) => r.id);
    expect(linden.sort()).toEqual([a.id, b.id, g.id, tax.id].sort());
    expect((await filter({ unknown: 1 })).statusCode).toBe(400);

    // The manager sees what targets their companies, not global or taxonomy items.
    const managerList = await c.manager!.get('/api/content/admin/articles');
    expect(
      managerList
        .json()
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([a.id, b.id, hv.id].sort());

    const del = await c.admin!.delete(`/api/content/admin/articles/${a.id}`);
    expect(del.statusCode).toBe(204);
    expect(await stored()).toBe(4);
    expect((await c.admin!.get(`/api/content/admin/articles/${a.id}`)).statusCode).toBe(404);
  });

  it('preview shows drafts and scheduled items in the resident shape', async () => {
    const created = await c.manager!.post(
      '/api/content/admin/articles',
      body({ variants: { en: { title: 'Draft title' }, fi: { title: 'Luonnos' } } }),
    );
    const id = created.json().id;
    const resident = await c.tenant!.get(`/api/content/news/${id}?housingCompanyId=${t.hc.lindenCourt}`);
    expect(resident.statusCode).toBe(404);
    const preview = await c.manager!.get(
      `/api/content/admin/articles/${id}/preview?housingCompanyId=${t.hc.lindenCourt}&lang=fi`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ id, title: 'Luonnos', language: 'fi', content: '' });
    const plain = await c.staff!.get(`/api/content/admin/articles/${id}/preview`);
    expect(plain.json().title).toBe('Draft title');
  });
});

describe('publication and announcements', () => {
  beforeEach(async () => {
    await db().delete(articles);
  });

  it('publishing for now announces once in the same transaction, with the audience', async () => {
    const before = (await t.events(CONTENT_EVENTS.articlePublished)).length;
    const res = await c.manager!.post(
      '/api/content/admin/articles',
      body({ status: 'published', userRoles: ['owner', 'tenant'], articleType: 'priority_news' }),
    );
    expect(res.statusCode).toBe(201);
    const article = res.json();
    expect(article.announcedAt).not.toBeNull();
    const events = (await t.events(CONTENT_EVENTS.articlePublished)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      articleId: article.id,
      codename: article.codename,
      articleType: 'priority_news',
      titles: { en: 'Courtyard news' },
      defaultLanguage: 'en',
      url: `/news/${article.codename}`,
      publishedAt: article.publishAt,
      housingCompanyIds: [t.hc.lindenCourt],
      userRoles: ['owner', 'tenant'],
    });
    // Editing it does not announce again; the job finds nothing to do.
    await c.manager!.put(`/api/content/admin/articles/${article.id}`, { ...article, category: 'water' });
    expect((await announceDue(t.content.context)).articles).toBe(0);
    expect((await t.events(CONTENT_EVENTS.articlePublished)).slice(before)).toHaveLength(1);
  });

  it('a scheduled article is invisible until its time, then announced by the job exactly once', async () => {
    const before = (await t.events(CONTENT_EVENTS.articlePublished)).length;
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await c.manager!.post(
      '/api/content/admin/articles',
      body({ status: 'published', publishAt }),
    );
    const article = res.json();
    expect(article).toMatchObject({ scheduled: true, announcedAt: null });
    expect(codes(await news(c.tenant!, t.hc.lindenCourt))).toEqual([]);
    expect(
      (await c.tenant!.get(`/api/content/news/${article.codename}?housingCompanyId=${t.hc.lindenCourt}`))
        .statusCode,
    ).toBe(404);
    expect((await announceDue(t.content.context)).articles).toBe(0);

    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    expect(codes(await news(c.tenant!, t.hc.lindenCourt))).toEqual([article.codename]);
    // Two runs at once announce it once.
    const runs = await Promise.all([announceDue(t.content.context), announceDue(t.content.context)]);
    expect(runs.map((r) => r.articles).sort()).toEqual([0, 1]);
    expect((await announceDue(t.content.context)).articles).toBe(0);
    const events = (await t.events(CONTENT_EVENTS.articlePublished)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      articleId: article.id,
      housingCompanyIds: [t.hc.lindenCourt],
      userRoles: [],
      publishedAt: publishAt,
    });
  });

  it('publish, cancel-schedule and unpublish actions; publishing again announces again', async () => {
    const before = (await t.events(CONTENT_EVENTS.articlePublished)).length;
    const id = (await c.manager!.post('/api/content/admin/articles', body())).json().id;
    const url = `/api/content/admin/articles/${id}`;

    const past = await c.manager!.post(`${url}/publish`, { publishAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe('CNT_PUBLISH_TIME_IN_PAST');
    expect((await c.manager!.post(`${url}/cancel-schedule`)).json().code).toBe('CNT_NOT_SCHEDULED');

    const scheduled = await c.manager!.post(`${url}/publish`, { publishAt: inDays(1).toISOString() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'published', scheduled: true });
    const cancelled = await c.manager!.post(`${url}/cancel-schedule`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'draft', scheduled: false });

    const now = await c.manager!.post(`${url}/publish`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ status: 'published', scheduled: false });
    expect(now.json().announcedAt).not.toBeNull();
    expect(codes(await news(c.tenant!, t.hc.lindenCourt))).toHaveLength(1);

    const unpublished = await c.manager!.post(`${url}/unpublish`);
    expect(unpublished.json()).toMatchObject({ status: 'draft', announcedAt: null });
    expect(codes(await news(c.tenant!, t.hc.lindenCourt))).toEqual([]);

    await c.manager!.post(`${url}/publish`);
    expect((await t.events(CONTENT_EVENTS.articlePublished)).slice(before)).toHaveLength(2);
  });

  it('a global article announces to every housing company; the welcome article only to those in construction', async () => {
    const before = (await t.events(CONTENT_EVENTS.articlePublished)).length;
    const global = await c.admin!.post(
      '/api/content/admin/articles',
      body({ status: 'published', targeting: { housingCompanyIds: [], buildingTaxonomies: [] } }),
    );
    expect(global.statusCode).toBe(201);
    const welcome = await c.admin!.post(
      '/api/content/admin/articles',
      body({
        status: 'published',
        codename: WELCOME_ARTICLE_CODENAME,
        targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      }),
    );
    expect(welcome.statusCode).toBe(201);
    const events = (await t.events(CONTENT_EVENTS.articlePublished)).slice(before);
    expect(events).toHaveLength(2);
    expect((events[0]!.payload.housingCompanyIds as string[]).sort()).toEqual(
      [t.hc.harbourView, t.hc.lindenCourt, t.hc.birchHill].sort(),
    );
    expect(events[1]!.payload.housingCompanyIds).toEqual([t.hc.harbourView]);
  });
});

function isoDay(d: Date) {
  return d.toISOString().slice(0, 10);
}

describe('resident query checks', () => {
  it('needs a housing company and a known mode', async () => {
    for (const url of [
      '/api/content/news',
      `/api/content/news?housingCompanyId=${t.hc.lindenCourt}&mode=popular`,
      `/api/content/news?housingCompanyId=${t.hc.lindenCourt}&offset=-1`,
    ]) {
      const res = await c.tenant!.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/content/news' })).statusCode).toBe(401);
  });
});

describe('broad audience (03 §4)', () => {
  // Eleven more housing companies under one building-taxonomy term: everyone is fourteen.
  const REGION = 'broad-audience-region';
  let extra: Awaited<ReturnType<typeof addDirectoryHousingCompanies>>;
  beforeAll(async () => {
    extra = await addDirectoryHousingCompanies(t, 11, { taxonomyPath: [REGION] });
  });
  afterAll(async () => {
    await extra?.remove();
  });
  beforeEach(async () => {
    await db().delete(articles);
  });
  const everyone = { targeting: { housingCompanyIds: [], buildingTaxonomies: [] } };

  it('saves a draft to everyone without asking', async () => {
    const res = await c.admin!.post('/api/content/admin/articles', body(everyone));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft' });
  });

  it('asks before publishing to everyone, stores nothing, then publishes with the confirmation', async () => {
    const announced = (await t.events(CONTENT_EVENTS.articlePublished)).length;
    const refused = await c.admin!.post(
      '/api/content/admin/articles',
      body({ ...everyone, status: 'published' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    expect(await stored()).toBe(0);
    expect(await t.events(CONTENT_EVENTS.articlePublished)).toHaveLength(announced);

    const confirmed = await c.admin!.post(
      '/api/content/admin/articles',
      body({ ...everyone, status: 'published', confirmBroadAudience: true }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ status: 'published' });
    expect(confirmed.json()).not.toHaveProperty('confirmBroadAudience');
    expect(await stored()).toBe(1);
  });

  it('counts the housing companies under a taxonomy term; one company never asks', async () => {
    const term = { targeting: { housingCompanyIds: [], buildingTaxonomies: [REGION] }, status: 'published' };
    const refused = await c.admin!.post('/api/content/admin/articles', body(term));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '11' });
    const one = await c.admin!.post('/api/content/admin/articles', body({ status: 'published' }));
    expect(one.statusCode, one.body).toBe(201);
    expect(await stored()).toBe(1);
  });

  it('asks when a draft is saved as published or published by the action, now or scheduled', async () => {
    const draft = (await c.admin!.post('/api/content/admin/articles', body(everyone))).json();
    const url = `/api/content/admin/articles/${draft.id}`;
    const update = writeFields(zAdminArticleRequest, { ...draft, status: 'published' });
    const put = await c.admin!.put(url, update);
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });

    const publishAt = inDays(2).toISOString();
    for (const publishBody of [{}, { publishAt }]) {
      const res = await c.admin!.post(`${url}/publish`, publishBody);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    }
    const [row] = await db().select().from(articles).where(eq(articles.id, draft.id));
    expect(row!.status).toBe('draft');

    const scheduled = await c.admin!.post(`${url}/publish`, { publishAt, confirmBroadAudience: true });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'published', scheduled: true });
    // Published already: publishing it now, or saving it unchanged, does not ask again.
    expect((await c.admin!.post(`${url}/publish`, {})).statusCode).toBe(200);
    const saved = (await c.admin!.get(url)).json();
    expect((await c.admin!.put(url, writeFields(zAdminArticleRequest, saved))).statusCode).toBe(200);
  });

  it('asks again when a published article is retargeted to many housing companies', async () => {
    const one = (await c.admin!.post('/api/content/admin/articles', body({ status: 'published' }))).json();
    const url = `/api/content/admin/articles/${one.id}`;
    const wider = writeFields(zAdminArticleRequest, { ...one, ...everyone });
    const res = await c.admin!.put(url, wider);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CNT_BROAD_AUDIENCE_CONFIRM', detail: '14' });
    const ok = await c.admin!.put(url, { ...wider, confirmBroadAudience: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().targeting).toEqual(everyone.targeting);
  });
});
