import { createHash } from 'node:crypto';
import {
  EXCERPT_MAX_CHARS,
  FEED_MAX_BYTES,
  FEED_MAX_ITEMS_PER_FETCH,
  type FeedFetchResult,
  type FeedFormat,
  type FeedItem,
  type FeedItemDetail,
  type FeedKind,
} from '@porta/contracts';
import { type Outbound, OutboundError, type OutboundResponse, withTransaction } from '@porta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { ContentContext } from '../context.js';
import { feedItems, feeds } from '../db/schema.js';
import { sanitizeRichText } from './html.js';
import { codenameFrom, cutText, htmlToText } from './text.js';

/**
 * External feeds (02 §1, §7): recommended articles and corporate news, fetched from RSS 2.0
 * (and RSS 1.0), Atom or JSON Feed documents. HTML is sanitised before it is stored; items are
 * kept per feed by the feed's own item id, so a fetch again updates them and never duplicates.
 */

export type FeedRow = typeof feeds.$inferSelect;
export type FeedItemRow = typeof feedItems.$inferSelect;

/** Why a fetch failed, in words staff read in the feed list; `detail` is for the server's log only. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface ParsedFeedItem {
  guid: string;
  title: string;
  link: string | null;
  /** Sanitised HTML. */
  contentHtml: string;
  /** Plain text, at most 300 characters. */
  excerpt: string;
  imageUrl: string | null;
  categories: string[];
  publishedAt: Date | null;
}

const TITLE_MAX = 500;
const CATEGORY_MAX = 100;
const CATEGORIES_MAX = 20;

/** http and https addresses only (feed URLs, links and images). */
export function httpUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

// --- Parsing ------------------------------------------------------------------------------------

type Node = Record<string, unknown>;

const asArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** The text of a parsed XML value: a string, a number, or an element with text and attributes. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as Node)['#text']);
  return '';
}

const attr = (value: unknown, name: string): string => {
  const node = Array.isArray(value) ? value[0] : value;
  return node && typeof node === 'object' ? textOf((node as Node)[`@_${name}`]) : '';
};

function parseDate(value: string): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The first image of an HTML fragment. */
function firstImage(html: string, base: string | undefined): string | null {
  const match = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(html);
  return match ? httpUrl(match[1], base) : null;
}

interface RawItem {
  guid: string;
  title: string;
  link: string | null;
  html: string;
  summary: string;
  image: string | null;
  categories: string[];
  published: string;
}

/** Clean one raw item: sanitised HTML, plain title and excerpt, http(s) addresses only. */
function finish(raw: RawItem, base: string | undefined): ParsedFeedItem | null {
  const contentHtml = sanitizeRichText(raw.html || raw.summary);
  const title = cutText(htmlToText(raw.title), TITLE_MAX);
  const excerpt = cutText(htmlToText(raw.summary || raw.html), EXCERPT_MAX_CHARS);
  if (!title && !excerpt) return null;
  const link = httpUrl(raw.link, base);
  const guid = (raw.guid || link || '').slice(0, 1000) || hash(`${title}|${raw.published}`);
  return {
    guid,
    title: title || cutText(excerpt, 80),
    link,
    contentHtml,
    excerpt,
    imageUrl: httpUrl(raw.image, base) ?? firstImage(contentHtml, base),
    categories: [
      ...new Set(raw.categories.map((c) => htmlToText(c).slice(0, CATEGORY_MAX)).filter(Boolean)),
    ].slice(0, CATEGORIES_MAX),
    publishedAt: parseDate(raw.published),
  };
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // DOCTYPE entities stay within the parser's default limits (size, count, expansions).
  processEntities: true,
});

function imageOfMedia(node: Node): string {
  for (const media of [...asArray(node['media:content']), ...asArray(node['media:thumbnail'])]) {
    const url = attr(media, 'url');
    const type = attr(media, 'type');
    const medium = attr(media, 'medium');
    if (url && (!type || type.startsWith('image/')) && (!medium || medium === 'image')) return url;
  }
  return '';
}

function rssItems(items: unknown[]): RawItem[] {
  return items.map((value) => {
    const item = (value ?? {}) as Node;
    const enclosure = asArray(item.enclosure).find((e) => attr(e, 'type').startsWith('image/'));
    const guid = textOf(item.guid) || textOf(item['@_rdf:about']);
    return {
      guid,
      title: textOf(item.title),
      link: textOf(item.link) || null,
      html: textOf(item['content:encoded']),
      summary: textOf(item.description),
      image: (enclosure ? attr(enclosure, 'url') : '') || imageOfMedia(item) || null,
      categories: [...asArray(item.category), ...asArray(item['dc:subject'])].map(textOf),
      published: textOf(item.pubDate) || textOf(item['dc:date']),
    };
  });
}

function atomText(value: unknown): string {
  const node = Array.isArray(value) ? value[0] : value;
  if (node && typeof node === 'object' && !('#text' in node)) return ''; // xhtml content: not kept
  const text = textOf(node);
  return attr(node, 'type') === 'text' ? `<p>${escapeHtml(text)}</p>` : text;
}

function atomEntries(entries: unknown[]): RawItem[] {
  return entries.map((value) => {
    const entry = (value ?? {}) as Node;
    const links = asArray(entry.link);
    const alternate = links.find((l) => ['', 'alternate'].includes(attr(l, 'rel'))) ?? links[0];
    const enclosure = links.find(
      (l) => attr(l, 'rel') === 'enclosure' && attr(l, 'type').startsWith('image/'),
    );
    return {
      guid: textOf(entry.id),
      title: textOf(entry.title),
      link: alternate ? attr(alternate, 'href') || null : null,
      html: atomText(entry.content),
      summary: atomText(entry.summary),
      image: (enclosure ? attr(enclosure, 'href') : '') || imageOfMedia(entry) || null,
      categories: asArray(entry.category).map((c) => attr(c, 'label') || attr(c, 'term')),
      published: textOf(entry.published) || textOf(entry.updated),
    };
  });
}

function jsonItems(doc: Node): RawItem[] {
  return asArray(doc.items).map((value) => {
    const item = (value && typeof value === 'object' ? value : {}) as Node;
    const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
    const text = str(item.content_text);
    return {
      guid: str(item.id),
      title: str(item.title),
      link: str(item.url) || str(item.external_url) || null,
      html: str(item.content_html) || (text ? `<p>${escapeHtml(text)}</p>` : ''),
      summary: str(item.summary),
      image: str(item.image) || str(item.banner_image) || null,
      categories: asArray(item.tags).map(str),
      published: str(item.date_published) || str(item.date_modified),
    };
  });
}

/** The format of a document: JSON Feed by its first character, else the XML root element. */
export function detectFormat(body: string): Exclude<FeedFormat, 'auto'> {
  const start = body.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return 'json';
  const root = /<(?!\?|!)([A-Za-z_][\w.:-]*)/.exec(start)?.[1]?.toLowerCase();
  if (root === 'rss' || root === 'rdf:rdf') return 'rss';
  if (root === 'feed') return 'atom';
  throw new FeedError('Not an RSS, Atom or JSON feed');
}

/** The items of a feed document (at most FEED_MAX_ITEMS_PER_FETCH, de-duplicated by id). */
export function parseFeed(body: string, format: FeedFormat, baseUrl?: string): ParsedFeedItem[] {
  const actual = detectFormat(body);
  if (format !== 'auto' && format !== actual) throw new FeedError(`Expected a ${format} feed, got ${actual}`);
  let raw: RawItem[];
  if (actual === 'json') {
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch {
      throw new FeedError('The JSON feed could not be read');
    }
    if (!doc || typeof doc !== 'object' || !Array.isArray((doc as Node).items))
      throw new FeedError('Not a JSON feed (no items)');
    raw = jsonItems(doc as Node);
  } else {
    let doc: Node;
    try {
      doc = xml.parse(body) as Node;
    } catch (error) {
      throw new FeedError(`The feed could not be read: ${(error as Error).message}`.slice(0, 300));
    }
    if (actual === 'atom') {
      raw = atomEntries(asArray((doc.feed as Node | undefined)?.entry));
    } else {
      const rss = doc.rss as Node | undefined;
      const rdf = (doc['rdf:RDF'] ?? doc['rdf:rdf']) as Node | undefined;
      const channel = rss ? (asArray(rss.channel)[0] as Node | undefined) : undefined;
      raw = rssItems(channel ? asArray(channel.item) : asArray(rdf?.item));
    }
  }
  const seen = new Set<string>();
  const out: ParsedFeedItem[] = [];
  for (const item of raw) {
    const done = finish(item, baseUrl);
    if (!done || seen.has(done.guid)) continue;
    seen.add(done.guid);
    out.push(done);
    if (out.length >= FEED_MAX_ITEMS_PER_FETCH) break;
  }
  return out;
}

// --- Fetching -----------------------------------------------------------------------------------

/**
 * What staff read for every feed that could not be fetched: refused addresses (internal ones),
 * no answer in time, an error status, too large, a broken connection. One message for all, so
 * that the feed list tells nothing of what answers where inside the network; the server's log
 * has the details.
 */
export const FEED_FETCH_FAILED = 'The feed could not be fetched';

/** The text of a document in the charset its headers or XML declaration name (else UTF-8). */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const charset =
    /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ??
    /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Fetch a feed document through the outbound guard (internal addresses refused, redirects checked,
 * the time limit and the 5 MB limit). Every failure is FEED_FETCH_FAILED with the details for the
 * log.
 */
export async function fetchFeedDocument(outbound: Outbound, url: string, timeoutMs: number): Promise<string> {
  let response: OutboundResponse;
  try {
    response = await outbound.fetch(url, {
      timeoutMs,
      maxBytes: FEED_MAX_BYTES,
      headers: {
        accept:
          'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        'user-agent': 'Porta feed reader',
      },
    });
  } catch (error) {
    if (error instanceof OutboundError)
      throw new FeedError(FEED_FETCH_FAILED, `${error.reason}: ${error.detail}`);
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    throw new FeedError(FEED_FETCH_FAILED, `status: ${response.url} answered HTTP ${response.status}`);
  }
  return decode(response.body, response.headers.get('content-type'));
}

// --- Storing ------------------------------------------------------------------------------------

const slugOf = (title: string, guid: string) => codenameFrom(title, hash(guid).slice(0, 6));

/**
 * Store a feed's items: new ones added, known ones (same feed and item id) updated in place.
 * Items without a date keep the date they were first seen.
 */
export async function storeFeedItems(
  ctx: ContentContext,
  feed: FeedRow,
  items: ParsedFeedItem[],
): Promise<{ added: number; updated: number }> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const known = new Map<string, Date>();
    for (let i = 0; i < items.length; i += 500) {
      const guids = items.slice(i, i + 500).map((item) => item.guid);
      const rows = await tx
        .select({ guid: feedItems.guid, publishedAt: feedItems.publishedAt })
        .from(feedItems)
        .where(and(eq(feedItems.feedId, feed.id), inArray(feedItems.guid, guids)));
      for (const row of rows) known.set(row.guid, row.publishedAt);
    }
    for (let i = 0; i < items.length; i += 100) {
      const values = items.slice(i, i + 100).map((item) => ({
        feedId: feed.id,
        kind: feed.kind,
        guid: item.guid,
        slug: slugOf(item.title, item.guid),
        title: item.title,
        excerpt: item.excerpt,
        contentHtml: item.contentHtml,
        link: item.link,
        imageUrl: item.imageUrl,
        categories: item.categories,
        publishedAt: item.publishedAt ?? known.get(item.guid) ?? now,
        fetchedAt: now,
      }));
      await tx
        .insert(feedItems)
        .values(values)
        .onConflictDoUpdate({
          target: [feedItems.feedId, feedItems.guid],
          set: {
            kind: sql`excluded.kind`,
            slug: sql`excluded.slug`,
            title: sql`excluded.title`,
            excerpt: sql`excluded.excerpt`,
            contentHtml: sql`excluded.content_html`,
            link: sql`excluded.link`,
            imageUrl: sql`excluded.image_url`,
            categories: sql`excluded.categories`,
            publishedAt: sql`excluded.published_at`,
            fetchedAt: sql`excluded.fetched_at`,
          },
        });
    }
    const updated = items.filter((item) => known.has(item.guid)).length;
    return { added: items.length - updated, updated };
  });
}

/**
 * Fetch one feed now: fetch, parse, sanitise, store; record when and whether it failed. Never
 * throws for a feed problem: the answer carries the error.
 */
export async function fetchFeed(ctx: ContentContext, feed: FeedRow): Promise<FeedFetchResult> {
  let result: FeedFetchResult;
  try {
    const url = httpUrl(feed.url);
    if (!url) throw new FeedError(FEED_FETCH_FAILED, 'url: not an http or https address');
    const body = await fetchFeedDocument(ctx.outbound, url, ctx.config.FEED_FETCH_TIMEOUT_MS);
    const items = parseFeed(body, feed.format as FeedFormat, url);
    result = { ...(await storeFeedItems(ctx, feed, items)), error: null };
  } catch (error) {
    if (error instanceof FeedError) {
      ctx.logger.warn(
        { feedId: feed.id, url: feed.url, error: error.message, detail: error.detail },
        'feed fetch failed',
      );
    } else {
      ctx.logger.error({ err: error, feedId: feed.id }, 'feed fetch failed');
    }
    result = {
      added: 0,
      updated: 0,
      error: error instanceof FeedError ? error.message : 'The feed could not be stored',
    };
  }
  await ctx.db
    .update(feeds)
    .set({ lastFetchedAt: ctx.clock.now(), lastError: result.error })
    .where(eq(feeds.id, feed.id));
  return result;
}

/** Fetch every active feed, one after the other; one broken feed does not stop the others. */
export async function fetchActiveFeeds(ctx: ContentContext): Promise<Map<string, FeedFetchResult>> {
  const active = await ctx.db.select().from(feeds).where(eq(feeds.active, true));
  const results = new Map<string, FeedFetchResult>();
  for (const feed of active) results.set(feed.id, await fetchFeed(ctx, feed));
  return results;
}

// --- Answers ------------------------------------------------------------------------------------

export function toFeedItem(row: FeedItemRow): FeedItem {
  return {
    id: row.id,
    kind: row.kind as FeedKind,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    link: row.link,
    publishedAt: row.publishedAt.toISOString(),
    categories: row.categories,
  };
}

export function toFeedItemDetail(row: FeedItemRow): FeedItemDetail {
  return { ...toFeedItem(row), contentHtml: row.contentHtml };
}
