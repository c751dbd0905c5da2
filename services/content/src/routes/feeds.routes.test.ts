import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedItemPage } from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { createOutbound, type Logger, type Outbound } from '@porta/service-kit';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedItems, feeds } from '../db/schema.js';
import { FEED_FETCH_FAILED, fetchActiveFeeds } from '../domain/feeds.js';
import { type ContentTestApp, clientAs, contentTestApp } from '../testing/index.js';

type Client = Awaited<ReturnType<typeof clientAs>>;

/** What the local feed server answers, by path (tests change it between fetches). */
const documents = new Map<string, { status?: number; type: string; body: string | Buffer }>();

const rss = (firstTitle: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Recommended</title>
    <link>https://example.com</link>
    <item>
      <title>${firstTitle}</title>
      <link>https://example.com/articles/heating</link>
      <guid isPermaLink="false">article-1</guid>
      <pubDate>Tue, 10 Mar 2026 08:00:00 GMT</pubDate>
      <category>Popular</category>
      <category>Energy</category>
      <description>&lt;p&gt;How to save on heating this winter.&lt;/p&gt;</description>
      <content:encoded><![CDATA[<p>Full text <b>here</b>.</p><script>alert('x')</script><img src="https://example.com/heat.jpg" onerror="steal()">]]></content:encoded>
      <enclosure url="https://example.com/cover.jpg" type="image/jpeg" length="100"/>
    </item>
    <item>
      <title>Balcony glazing &amp; you</title>
      <link>javascript:alert(1)</link>
      <guid>https://example.com/articles/balcony</guid>
      <pubDate>Mon, 09 Mar 2026 08:00:00 GMT</pubDate>
      <category>Latest</category>
      <description>Glazing in brief.</description>
    </item>
  </channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Corporate news</title>
  <id>urn:corporate</id>
  <updated>2026-03-12T10:00:00Z</updated>
  <entry>
    <title type="text">Quarterly results</title>
    <link rel="alternate" href="https://corp.example.com/news/q1"/>
    <id>urn:news:q1</id>
    <published>2026-03-12T10:00:00Z</published>
    <updated>2026-03-12T11:00:00Z</updated>
    <summary type="html">&lt;p&gt;Results &lt;em&gt;improved&lt;/em&gt;.&lt;/p&gt;</summary>
    <content type="html">&lt;p&gt;Results improved.&lt;/p&gt;&lt;iframe src="https://evil.example.com"&gt;&lt;/iframe&gt;</content>
    <category term="investors"/>
  </entry>
  <entry>
    <title>New projects</title>
    <link href="https://corp.example.com/news/projects"/>
    <id>urn:news:projects</id>
    <updated>2026-03-11T10:00:00Z</updated>
    <content type="text">Three &lt;new&gt; projects start.</content>
  </entry>
</feed>`;

const jsonFeed = JSON.stringify({
  version: 'https://jsonfeed.org/version/1.1',
  title: 'Tips',
  items: [
    {
      id: 'tip-1',
      url: 'https://tips.example.com/1',
      title: 'Ventilation tips',
      content_html: '<p onclick="x()">Open the vents.</p>',
      image: 'https://tips.example.com/1.png',
      date_published: '2026-03-14T09:00:00Z',
      tags: ['Popular'],
    },
    {
      id: 'tip-2',
      title: 'Plain tip',
      content_text: 'Keep <it> simple.',
      date_published: '2026-03-01T09:00:00Z',
    },
  ],
});

describe('external feeds', () => {
  let t: ContentTestApp;
  let server: Server;
  let base: string;
  let marketing: Client;
  let owner: Client;
  let staff: Client;
  let tenant: Client;
  /** The housing company the residents read for: Linden Court. */
  let hc: string;

  const db = () => t.content.context.db;

  async function addFeed(kind: string, path: string, extra: Record<string, unknown> = {}) {
    const res = await marketing.post('/api/content/admin/feeds', { kind, url: `${base}${path}`, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  const fetchNow = async (id: string) => {
    const res = await marketing.post(`/api/content/admin/feeds/${id}/fetch`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const itemsOf = async (feedId: string) => db().select().from(feedItems).where(eq(feedItems.feedId, feedId));

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/redirect?')) {
        res.writeHead(302, { location: new URLSearchParams(req.url.slice(10)).get('to')! }).end();
        return;
      }
      const doc = documents.get(req.url ?? '');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/huge-chunked') {
        // No content-length: the limit must hold while reading.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 6; i++) res.write(chunk);
        res.end();
        return;
      }
      if (!doc) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(doc.status ?? 200, { 'content-type': doc.type }).end(doc.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The test's feed server is on 127.0.0.1, an internal address: the operator's allow-list lets
    // it through, as it would an internal feed server.
    t = await contentTestApp({ FEED_FETCH_TIMEOUT_MS: '1000', OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' });
    hc = `housingCompanyId=${t.hc.lindenCourt}`;
    await addTestUser(t, { key: 'marketing', roles: ['yitMarketing'] });
    marketing = await clientAs(t, 'marketing');
    owner = await clientAs(t, 'owner');
    staff = await clientAs(t, 'staff');
    tenant = await clientAs(t, 'tenant');
    documents.set('/rss.xml', { type: 'application/rss+xml', body: rss('Heating tips') });
    documents.set('/atom.xml', { type: 'application/atom+xml; charset=utf-8', body: atom });
    documents.set('/feed.json', { type: 'application/feed+json', body: jsonFeed });
    documents.set('/broken', { status: 500, type: 'text/plain', body: 'boom' });
    documents.set('/not-a-feed', { type: 'text/html', body: '<html><body>Hello</body></html>' });
    documents.set('/huge.xml', {
      type: 'application/rss+xml',
      body: Buffer.alloc(5 * 1024 * 1024 + 10, 0x20),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('reads an RSS 2.0 feed, sanitises its HTML and never duplicates on a fetch again', async () => {
    const feed = await addFeed('recommended', '/rss.xml', { language: 'fi' });
    expect(await fetchNow(feed.id)).toEqual({ added: 2, updated: 0, error: null });
    const stored = await itemsOf(feed.id);
    expect(stored).toHaveLength(2);
    const heating = stored.find((i) => i.guid === 'article-1')!;
    expect(heating).toMatchObject({
      title: 'Heating tips',
      link: 'https://example.com/articles/heating',
      imageUrl: 'https://example.com/cover.jpg',
      excerpt: 'How to save on heating this winter.',
      categories: ['Popular', 'Energy'],
      kind: 'recommended',
    });
    expect(heating.publishedAt.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(heating.contentHtml).toBe(
      '<p>Full text <b>here</b>.</p><img src="https://example.com/heat.jpg" />',
    );
    const balcony = stored.find((i) => i.guid === 'https://example.com/articles/balcony')!;
    expect(balcony).toMatchObject({ title: 'Balcony glazing & you', link: null });

    // A fetch again updates in place: same rows, new title.
    documents.set('/rss.xml', { type: 'application/rss+xml', body: rss('Heating tips, updated') });
    expect(await fetchNow(feed.id)).toEqual({ added: 0, updated: 2, error: null });
    const again = await itemsOf(feed.id);
    expect(again).toHaveLength(2);
    expect(again.find((i) => i.guid === 'article-1')).toMatchObject({
      id: heating.id,
      title: 'Heating tips, updated',
    });
    const [row] = await db().select().from(feeds).where(eq(feeds.id, feed.id));
    expect(row!.lastError).toBeNull();
    expect(row!.lastFetchedAt).not.toBeNull();

    // Residents read them newest first, with paging, by category and by slug.
    const page = (await owner.get(`/api/content/feeds/recommended?${hc}&lang=fi`)).json() as FeedItemPage;
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.title)).toEqual(['Heating tips, updated', 'Balcony glazing & you']);
    const second = (
      await owner.get(`/api/content/feeds/recommended?${hc}&limit=1&offset=1`)
    ).json() as FeedItemPage;
    expect(second.items.map((i) => i.title)).toEqual(['Balcony glazing & you']);
    const latest = (
      await owner.get(`/api/content/feeds/recommended?${hc}&category=Latest`)
    ).json() as FeedItemPage;
    expect(latest.items.map((i) => i.title)).toEqual(['Balcony glazing & you']);
    const detail = await owner.get(`/api/content/feeds/recommended/${page.items[0]!.slug}?${hc}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().contentHtml).not.toContain('script');
    expect((await owner.get(`/api/content/feeds/corporate/${page.items[0]!.id}?${hc}`)).statusCode).toBe(404);
  });

  it('reads an Atom feed for corporate news', async () => {
    const feed = await addFeed('corporate', '/atom.xml', { format: 'atom' });
    expect(await fetchNow(feed.id)).toEqual({ added: 2, updated: 0, error: null });
    const page = (await tenant.get(`/api/content/feeds/corporate?${hc}`)).json() as FeedItemPage;
    expect(page.items.map((i) => i.title)).toEqual(['Quarterly results', 'New projects']);
    expect(page.items[0]).toMatchObject({
      link: 'https://corp.example.com/news/q1',
      excerpt: 'Results improved.',
      categories: ['investors'],
      publishedAt: '2026-03-12T10:00:00.000Z',
    });
    const q1 = (await tenant.get(`/api/content/feeds/corporate/${page.items[0]!.id}?${hc}`)).json();
    expect(q1.contentHtml).toBe('<p>Results improved.</p>');
    const projects = (await tenant.get(`/api/content/feeds/corporate/${page.items[1]!.id}?${hc}`)).json();
    expect(projects.contentHtml).toBe('<p>Three &lt;new&gt; projects start.</p>');
  });

  it('reads a JSON Feed', async () => {
    const feed = await addFeed('recommended', '/feed.json', { language: 'en' });
    expect(await fetchNow(feed.id)).toEqual({ added: 2, updated: 0, error: null });
    const stored = await itemsOf(feed.id);
    expect(stored.find((i) => i.guid === 'tip-1')).toMatchObject({
      title: 'Ventilation tips',
      contentHtml: '<p>Open the vents.</p>',
      imageUrl: 'https://tips.example.com/1.png',
      categories: ['Popular'],
    });
    expect(stored.find((i) => i.guid === 'tip-2')!.contentHtml).toBe('<p>Keep &lt;it&gt; simple.</p>');
    // English readers get the English feed only; the Finnish one stays out.
    const en = (
      await owner.get(`/api/content/feeds/recommended?${hc}&lang=en&limit=25`)
    ).json() as FeedItemPage;
    expect(en.items.map((i) => i.title).sort()).toEqual(['Plain tip', 'Ventilation tips']);
    // A language no feed has: every recommended feed.
    const sv = (
      await owner.get(`/api/content/feeds/recommended?${hc}&lang=sv&limit=25`)
    ).json() as FeedItemPage;
    expect(sv.total).toBe(4);
  });

  it("answers only where the feature is on (403 FEATURE_NOT_ACTIVATED) and only for the reader's own housing company (404)", async () => {
    const feed = await addFeed('corporate', '/atom.xml');
    await fetchNow(feed.id);
    const admin = await clientAs(t, 'admin');
    // Corporate news switched off everywhere: identity's toggle, heard by content through its event.
    const toggles = (
      await admin.get(
        `/api/identity/admin/feature-toggles?filter=${JSON.stringify({ featureId: 'yit-corporation-news' })}`,
      )
    ).json() as { id: string; featureId: string; scope: string; settings: Record<string, unknown> }[];
    const global = toggles.find((toggle) => toggle.scope === 'global')!;
    const off = await admin.put(`/api/identity/admin/feature-toggles/${global.id}`, {
      featureId: global.featureId,
      scope: global.scope,
      settings: global.settings,
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await expect
      .poll(async () => (await tenant.get(`/api/content/feeds/corporate?${hc}`)).json().code)
      .toBe('FEATURE_NOT_ACTIVATED');
    const detail = await tenant.get(`/api/content/feeds/corporate/${(await itemsOf(feed.id))[0]!.id}?${hc}`);
    expect(detail.statusCode).toBe(403);
    expect(detail.json()).toMatchObject({ title: 'Feature not activated in this housing company' });
    // The other feed is still on.
    expect((await tenant.get(`/api/content/feeds/recommended?${hc}`)).statusCode).toBe(200);
    // Birch Hill is not the tenant's housing company.
    const other = await tenant.get(`/api/content/feeds/recommended?housingCompanyId=${t.hc.birchHill}`);
    expect(other.statusCode).toBe(404);

    await admin.put(`/api/identity/admin/feature-toggles/${global.id}`, {
      featureId: global.featureId,
      scope: global.scope,
      settings: global.settings,
      active: true,
    });
    await expect
      .poll(async () => (await tenant.get(`/api/content/feeds/corporate?${hc}`)).statusCode)
      .toBe(200);
  });

  it('records why a feed failed and keeps fetching the others', async () => {
    const broken = await addFeed('corporate', '/broken');
    const notFeed = await addFeed('corporate', '/not-a-feed');
    const huge = await addFeed('corporate', '/huge.xml');
    const slow = await addFeed('corporate', '/slow');
    const chunked = await addFeed('corporate', '/huge-chunked');
    const wrongFormat = await addFeed('recommended', '/feed.json', { format: 'rss' });
    const results = await fetchActiveFeeds(t.content.context);
    // An error status, too large and too slow are one error, as a refused address is.
    expect(results.get(broken.id)).toEqual({ added: 0, updated: 0, error: FEED_FETCH_FAILED });
    expect(results.get(notFeed.id)?.error).toBe('Not an RSS, Atom or JSON feed');
    expect(results.get(huge.id)?.error).toBe(FEED_FETCH_FAILED);
    expect(results.get(chunked.id)?.error).toBe(FEED_FETCH_FAILED);
    expect(results.get(slow.id)?.error).toBe(FEED_FETCH_FAILED);
    expect(results.get(wrongFormat.id)?.error).toBe('Expected a rss feed, got json');
    const [row] = await db().select().from(feeds).where(eq(feeds.id, broken.id));
    expect(row!.lastError).toBe(FEED_FETCH_FAILED);
    // The good feeds were fetched in the same run.
    const good = [...results.values()].filter((r) => r.error === null);
    expect(good.length).toBeGreaterThanOrEqual(3);
    const list = (await staff.get('/api/content/admin/feeds?range=[0,99]')).json();
    expect(list.find((f: { id: string }) => f.id === broken.id)).toMatchObject({
      lastError: FEED_FETCH_FAILED,
    });
    expect((await itemsOf(broken.id)).length).toBe(0);
  }, 30_000);

  describe('addresses inside the network', () => {
    let allowList: Outbound;
    let logger: Logger;
    /** What the service logged at warn and above while a test ran. */
    const logged: { obj: object; msg?: string }[] = [];

    beforeAll(() => {
      allowList = t.content.context.outbound;
      logger = t.content.context.logger;
      const keep = (obj: object, msg?: string) => void logged.push({ obj, msg });
      t.content.context.logger = { debug() {}, info() {}, warn: keep, error: keep };
    });
    afterAll(() => {
      t.content.context.outbound = allowList;
      t.content.context.logger = logger;
    });

    const internalItems = () => db().select().from(feedItems).where(eq(feedItems.title, 'Internal only'));

    /** Add a feed at the address and fetch it now: the feed's answer and stored row. */
    async function fetchAt(url: string) {
      // Not active: the repeat job of the other tests leaves these feeds alone.
      const res = await marketing.post('/api/content/admin/feeds', {
        kind: 'recommended',
        url,
        active: false,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };
      const result = await fetchNow(id);
      const [row] = await db().select().from(feeds).where(eq(feeds.id, id));
      return { id, result, row: row! };
    }

    it('refuses loopback in any spelling, private and link-local addresses: nothing fetched, one error', async () => {
      // Without the operator's allow-list: the feed server on 127.0.0.1 is internal.
      t.content.context.outbound = createOutbound();
      documents.set('/internal.xml', { type: 'application/rss+xml', body: rss('Internal only') });
      const port = new URL(base).port;
      const refused = [
        `http://localhost:${port}/internal.xml`,
        `http://127.0.0.1:${port}/internal.xml`,
        `http://127.1:${port}/internal.xml`,
        `http://2130706433:${port}/internal.xml`,
        `http://[::ffff:127.0.0.1]:${port}/internal.xml`,
        `http://0.0.0.0:${port}/internal.xml`,
        `http://[::1]:${port}/internal.xml`,
        'http://169.254.169.254/latest/meta-data/',
        'http://[fe80::1]/feed',
        'http://10.0.0.1/feed',
        'http://172.16.0.1/feed',
        'http://192.168.1.1/feed',
        'http://100.64.0.1/feed',
        'http://[fd00::1]/feed',
      ];
      const ids: string[] = [];
      for (const url of refused) {
        const { id, result, row } = await fetchAt(url);
        expect(result, url).toEqual({ added: 0, updated: 0, error: FEED_FETCH_FAILED });
        expect(row.lastError, url).toBe(FEED_FETCH_FAILED);
        expect(await itemsOf(id), url).toHaveLength(0);
        ids.push(id);
      }
      // The staff list tells the same for all of them, with no address, port or status.
      const list = (
        await marketing.get(`/api/content/admin/feeds?filter=${JSON.stringify({ id: ids })}`)
      ).json() as { lastError: string | null }[];
      expect(list).toHaveLength(refused.length);
      expect(new Set(list.map((f) => f.lastError))).toEqual(new Set([FEED_FETCH_FAILED]));
      // Nothing of the local feed server's documents is stored for residents to see.
      expect(await internalItems()).toHaveLength(0);
      // The server's log says what was refused and why.
      const warning = logged.find((l) => JSON.stringify(l.obj).includes('169.254.169.254'));
      expect(warning?.obj).toMatchObject({
        error: FEED_FETCH_FAILED,
        detail: expect.stringContaining('address'),
      });
    });

    it('refuses a feed whose public-looking server redirects to an internal address', async () => {
      // feeds.example.test stands for a public server; intranet.example.test resolves internally.
      const names: Record<string, string> = {
        'feeds.example.test': '127.0.0.1',
        'intranet.example.test': '127.0.0.1',
      };
      t.content.context.outbound = createOutbound({
        allowHosts: ['feeds.example.test'],
        resolve: async (host) => {
          const address = names[host];
          return address ? [{ address, family: 4 }] : [];
        },
      });
      const port = new URL(base).port;
      const publicFeed = `http://feeds.example.test:${port}`;
      for (const target of [
        `http://127.0.0.1:${port}/internal.xml`,
        `http://intranet.example.test:${port}/internal.xml`,
        `http://[::ffff:7f00:1]:${port}/internal.xml`,
      ]) {
        const { id, result } = await fetchAt(`${publicFeed}/redirect?to=${encodeURIComponent(target)}`);
        expect(result, target).toEqual({ added: 0, updated: 0, error: FEED_FETCH_FAILED });
        expect(await itemsOf(id), target).toHaveLength(0);
      }
      expect(await internalItems()).toHaveLength(0);
      // The same server's own feed is fetched.
      const own = await fetchAt(`${publicFeed}/rss.xml`);
      expect(own.result).toEqual({ added: 2, updated: 0, error: null });
    });

    it("fetches an internal feed server the operator's allow-list names", async () => {
      // The guard this file's service was started with: OUTBOUND_ALLOW_CIDRS=127.0.0.1/32.
      t.content.context.outbound = allowList;
      const { result } = await fetchAt(`${base}/internal.xml`);
      expect(result).toEqual({ added: 2, updated: 0, error: null });
      const [item] = await internalItems();
      expect((await owner.get(`/api/content/feeds/recommended/${item!.id}?${hc}`)).json().title).toBe(
        'Internal only',
      );
    });
  });

  it('refuses feed addresses that are not http or https, and non-staff callers', async () => {
    const before = (await db().select({ n: count() }).from(feeds))[0]!.n;
    for (const url of ['ftp://example.com/feed.xml', 'javascript:alert(1)', 'not a url']) {
      // Not active: the repeat job of the other tests leaves these feeds alone.
      const res = await marketing.post('/api/content/admin/feeds', {
        kind: 'recommended',
        url,
        active: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CNT_FEED_URL');
    }
    expect((await db().select({ n: count() }).from(feeds))[0]!.n).toBe(before);
    expect(
      (await staff.post('/api/content/admin/feeds', { kind: 'recommended', url: `${base}/rss.xml` }))
        .statusCode,
    ).toBe(403);
    expect((await tenant.get('/api/content/admin/feeds')).statusCode).toBe(403);
  });

  it('removes a feed with its items', async () => {
    const feed = await addFeed('corporate', '/atom.xml');
    await fetchNow(feed.id);
    expect((await marketing.delete(`/api/content/admin/feeds/${feed.id}`)).statusCode).toBe(204);
    expect(await itemsOf(feed.id)).toHaveLength(0);
    expect((await marketing.get(`/api/content/admin/feeds/${feed.id}`)).statusCode).toBe(404);
  });
});
