import {
  ARTICLE_FEED_CATEGORIES,
  CALENDAR_FEED_CATEGORIES,
  EXCERPT_MAX_CHARS,
  FEED_CATEGORIES,
  type FeedCategory,
  PRIORITY_NEWS_MONTHS,
  STEP_INTRODUCTION_MAX_CHARS,
  TIMELINE_PAGE_SIZE,
  type TimelineDirection,
  type TimelineItem,
  type TimelineResponse,
  type TimelineSection,
  WELCOME_ARTICLE_CODENAME,
  YIT_USER_GROUP,
} from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  like,
  lt,
  lte,
  ne,
  notLike,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ContentContext, ContentDb } from '../context.js';
import { articles, calendarEntries, calendarSortType, steps } from '../db/schema.js';
import { assetRefs } from './assets.js';
import { addMonths, isoDay } from './clock.js';
import { type AudienceByKey, audienceByKey, publishedTo, type Reader, visibleTo } from './reader.js';
import { cutText, htmlToText, pickVariant } from './text.js';

/*
 * The timeline (02 §2–§4, §9): articles, calendar entries and lifecycle steps merged into one
 * chronological list and paged by keyset in both directions.
 *
 * Every item has a key (date, type, id). `date` is the item's time as an ISO string with
 * microseconds (Postgres' precision, so a key never falls between two stored values), `type` the
 * source's sort type (the article type, the calendar type, 'step'), `id` its uuid. Keys order
 * the whole timeline: by date, then type (byte order), then id (byte order, like Postgres' uuid
 * comparison). Each source is read with `WHERE visible AND (date, type, id) > key ORDER BY date,
 * type, id LIMIT page+1` (or the mirror for earlier pages), one audience key at a time along the
 * reader indexes (reader.ts audienceByKey), so a page costs a few short index scans whatever the
 * table sizes and however long the reader's history; the rows are merged here.
 */

// --- Keys and cursors (pure) ------------------------------------------------------------------

export interface TimelineKey {
  /** YYYY-MM-DDTHH:MM:SS.ffffffZ (UTC, microseconds). */
  d: string;
  /** The source's sort type. */
  t: string;
  /** The item's uuid. */
  i: string;
}

const MICRO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const zKey = z.strictObject({
  d: z
    .string()
    .regex(MICRO_ISO)
    .refine((d) => {
      const time = Date.parse(`${d.slice(0, 23)}Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === d.slice(0, 23);
    }),
  t: z.string().regex(/^[a-z_]{1,40}$/),
  i: z.uuid(),
});

export function compareKeys(a: TimelineKey, b: TimelineKey): number {
  if (a.d !== b.d) return a.d < b.d ? -1 : 1;
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  if (a.i !== b.i) return a.i < b.i ? -1 : 1;
  return 0;
}

export function encodeCursor(key: TimelineKey): string {
  return Buffer.from(JSON.stringify({ d: key.d, t: key.t, i: key.i }), 'utf8').toString('base64url');
}

/** The key in a cursor; anything that is not a cursor this service wrote answers 400. */
export function decodeCursor(cursor: string): TimelineKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const key = zKey.safeParse(parsed);
  if (!key.success || encodeCursor(key.data) !== cursor) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'querystring.cursor: Value in field is not in correct format',
      errors: [{ path: 'querystring.cursor', message: 'Value in field is not in correct format' }],
    });
  }
  return key.data;
}

/** A time as a key date (microseconds are zero). */
export function keyDate(time: Date): string {
  return `${time.toISOString().slice(0, 23)}000Z`;
}

/** The boundary between past and "today on": before every item dated today or later. */
export function todayPivot(now: Date): TimelineKey {
  return { d: `${isoDay(now)}T00:00:00.000000Z`, t: '', i: NIL_UUID };
}

// --- Categories (pure) ------------------------------------------------------------------------

/** The start of the priority window: priority_news published after it is still priority. */
export function priorityCutoff(now: Date): Date {
  return addMonths(now, -PRIORITY_NEWS_MONTHS);
}

/** An article's feed category: priority_news only within a month of publishing, then news. */
export function articleCategory(articleType: string, publishAt: Date, now: Date): FeedCategory {
  if (articleType === 'priority_news') return publishAt > priorityCutoff(now) ? 'priority_news' : 'news';
  return (ARTICLE_FEED_CATEGORIES as readonly string[]).includes(articleType)
    ? (articleType as FeedCategory)
    : 'news';
}

/** A calendar entry's feed category: a codename containing 'deadline' also makes a deadline. */
export function calendarCategory(entryType: string, codename: string): FeedCategory {
  if (entryType === 'deadline' || codename.includes('deadline')) return 'deadline';
  return entryType === 'task' ? 'task' : 'event';
}

/** The feed categories an item belongs to (a priority item is news too). */
export function categoriesOf(type: FeedCategory): FeedCategory[] {
  return type === 'priority_news' ? ['priority_news', 'news'] : [type];
}

/** The categories to answer: the ones asked, or all; in feed order, without repeats. */
export function typesAsked(types: readonly FeedCategory[]): Set<FeedCategory> {
  return new Set(types.length ? types : FEED_CATEGORIES);
}

// --- Paging and grouping (pure) ---------------------------------------------------------------

export interface TimelineEntry {
  key: TimelineKey;
  item: Omit<TimelineItem, 'thumbnail'>;
  /** First image asset id (resolved to a url for the page's items only). */
  imageId: string | null;
}

/** Merge sources read in one direction: the first `limit` in that direction and whether more exist. */
export function mergeSources(
  lists: readonly (readonly TimelineEntry[])[],
  order: 'asc' | 'desc',
  limit: number,
): { entries: TimelineEntry[]; more: boolean } {
  const sign = order === 'asc' ? 1 : -1;
  const all = lists.flat().sort((a, b) => sign * compareKeys(a.key, b.key));
  return { entries: all.slice(0, limit), more: all.length > limit };
}

/**
 * How many of the next and the past items the first page shows: half the page each; a side with
 * fewer items leaves the rest to the other.
 */
export function splitAround(
  futureCount: number,
  pastCount: number,
  limit: number,
): { future: number; past: number } {
  const half = Math.ceil(limit / 2);
  const future = Math.min(futureCount, Math.max(half, limit - pastCount));
  const past = Math.min(pastCount, limit - future);
  return { future, past };
}

/** Items in display order grouped into month sections (YYYY-MM of the UTC date). */
export function groupByMonth(items: readonly TimelineItem[]): TimelineSection[] {
  const sections: TimelineSection[] = [];
  for (const item of items) {
    const month = item.date.slice(0, 7);
    const last = sections.at(-1);
    if (last && last.month === month) last.items.push(item);
    else sections.push({ month, items: [item] });
  }
  return sections;
}

/** How many entries (ascending) lie before the pivot: where the Today marker goes. */
export function todayIndexOf(entries: readonly TimelineEntry[], pivot: TimelineKey): number {
  return entries.filter((e) => compareKeys(e.key, pivot) < 0).length;
}

// --- Sources (queries) ------------------------------------------------------------------------

/** Where a source read starts: strictly after / before a key, or including it. */
interface Bound {
  key: TimelineKey;
  order: 'asc' | 'desc';
  inclusive?: boolean;
}

type SourceRead = (bound: Bound, limit: number) => Promise<TimelineEntry[]>;

const C = sql.raw('collate "C"');

/** `(date, type, id) > (key)` (or <, >=, <=) plus a plain bound on the date for the index. */
function keyCondition(dateExpr: SQL, typeExpr: SQL, idCol: SQL, dateBound: SQL, bound: Bound): SQL {
  const op = sql.raw(`${bound.order === 'asc' ? '>' : '<'}${bound.inclusive ? '=' : ''}`);
  return sql`(${dateBound} and (${dateExpr}, ${typeExpr} ${C}, ${idCol}) ${op} (${bound.key.d}::timestamptz, ${bound.key.t}::text ${C}, ${bound.key.i}::uuid))`;
}

/**
 * The key condition on the key columns of a read (d and t: text in C order, id), for rows read
 * whole first: no date bound for an index to take up.
 */
function keyColumnsCondition(cols: { d: SQL.Aliased; t: SQL.Aliased; id: PgColumn }, bound: Bound): SQL {
  const op = sql.raw(`${bound.order === 'asc' ? '>' : '<'}${bound.inclusive ? '=' : ''}`);
  return sql`((${cols.d}, ${cols.t}, ${cols.id}) ${op} (${bound.key.d}::text ${C}, ${bound.key.t}::text ${C}, ${bound.key.i}::uuid))`;
}

function orderBy(order: 'asc' | 'desc', ...exprs: SQL[]): SQL[] {
  return exprs.map((e) => (order === 'asc' ? asc(e) : desc(e)));
}

const microIso = (col: SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const iso = (d: string) => `${d.slice(0, 23)}Z`;
const isYit = (roles: readonly string[]) =>
  roles.some((r) => (YIT_USER_GROUP as readonly string[]).includes(r));

/**
 * Articles shown to the reader beyond visibleTo, as the news list shows them: the building phase,
 * the ready-before / ready-after completion dates and the welcome article (construction only).
 */
export function articleAudience(reader: Reader): SQL {
  const completion = reader.housingCompany.completionDate;
  return and(
    or(isNull(articles.buildingPhase), eq(articles.buildingPhase, reader.phase)),
    completion
      ? or(isNull(articles.readyBefore), gt(articles.readyBefore, completion))
      : isNull(articles.readyBefore),
    completion
      ? or(isNull(articles.readyAfter), lt(articles.readyAfter, completion))
      : isNull(articles.readyAfter),
    reader.phase === 'construction' ? undefined : ne(articles.codename, WELCOME_ARTICLE_CODENAME),
  ) as SQL;
}

/**
 * Articles whose shown category (articleCategory: a priority_news article older than the priority
 * window shows as news) is one of `types`, written with plain column conditions so that the
 * planner can estimate them.
 */
export function articleCategoryFilter(types: readonly FeedCategory[], cutoff: Date): SQL {
  const asked = new Set(types);
  const plain = types.filter((t) => t !== 'news' && t !== 'priority_news');
  if (asked.has('news') && asked.has('priority_news')) {
    return inArray(articles.articleType, [...plain, 'news', 'priority_news']);
  }
  const parts: SQL[] = [];
  if (plain.length) parts.push(inArray(articles.articleType, plain));
  if (asked.has('news')) {
    parts.push(
      or(
        eq(articles.articleType, 'news'),
        and(eq(articles.articleType, 'priority_news'), lte(articles.publishAt, cutoff)),
      ) as SQL,
    );
  }
  if (asked.has('priority_news')) {
    parts.push(and(eq(articles.articleType, 'priority_news'), gt(articles.publishAt, cutoff)) as SQL);
  }
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

/** The key columns of a source: the id, and `d` and `t` as text in C order. */
type KeyColumns = { id: PgColumn; d: SQL.Aliased<string>; t: SQL.Aliased<string> };

/**
 * The keys of the first `limit` items of a source past the bound (articleSource explains the
 * read): `limit` per audience key along the reader index, and the several-keys items read whole.
 */
function firstKeys(
  db: ContentDb,
  table: typeof articles | typeof calendarEntries,
  keyColumns: KeyColumns,
  audience: AudienceByKey,
  shown: (audience: SQL) => SQL | undefined,
  read: { order: [date: SQL, type: SQL, id: SQL]; condition: SQL; bound: Bound; limit: number },
) {
  const [date, type, id] = read.order;
  const perKey = db
    .select(keyColumns)
    .from(table as PgTable)
    .where(and(shown(audience.key), read.condition))
    .orderBy(...orderBy(read.bound.order, date, sql`${type} ${C}`, id))
    .limit(read.limit)
    .as('per_key');
  // OFFSET 0 keeps the key condition out of this read (PostgreSQL does not push conditions into
  // a subquery with an offset), so that the planner does not AND the several-keys index with a
  // date range of everyone's items.
  const severalKeys = db
    .select(keyColumns)
    .from(table as PgTable)
    .where(shown(audience.several))
    .offset(0)
    .as('several_keys');
  return unionAll(
    db.select(perKey._.selectedFields).from(audience.keys).crossJoinLateral(perKey),
    db
      .select(severalKeys._.selectedFields)
      .from(severalKeys)
      .where(keyColumnsCondition(severalKeys, read.bound)),
  )
    .orderBy(...orderBy(read.bound.order, sql`"d"`, sql`"t"`, sql`"id"`))
    .limit(read.limit)
    .as('first');
}

/** An article's key as columns that sort as keys do: `d` its date, `t` its type, as text in C order. */
function articleKey(t: typeof articles) {
  return {
    id: t.id,
    d: sql<string>`${microIso(sql`${t.publishAt}`)} ${C}`.as('d'),
    t: sql<string>`${t.articleType} ${C}`.as('t'),
  };
}
const articleItem = alias(articles, 'item');

function articleSource(db: ContentDb, reader: Reader, types: FeedCategory[]): SourceRead {
  const cutoff = priorityCutoff(reader.now);
  const date = sql`${articles.publishAt}`;
  const type = sql`${articles.articleType}`;
  const id = sql`${articles.id}`;
  const { keys, key, several } = audienceByKey(articles.audience, reader);
  const shown = (audience: SQL) =>
    and(
      publishedTo(articles, reader),
      audience,
      articleAudience(reader),
      articleCategoryFilter(types, cutoff),
    );
  return async (bound, limit) => {
    const dateBound = sql`${articles.publishAt} ${sql.raw(bound.order === 'asc' ? '>=' : '<=')} ${bound.key.d}::timestamptz`;
    // The keys of `limit` items per audience key, in key order, from articles_reader_idx alone
    // (it holds every column the conditions look at, so the planner reads it in order and stops),
    // and of the several-keys items, read whole (reader.ts audienceByKey); the first `limit` keys
    // of them all (a key's date as text sorts as the date: one format, UTC, microseconds); then
    // those items.
    const first = firstKeys(db, articles, articleKey(articles), { keys, key, several }, shown, {
      order: [date, type, id],
      condition: keyCondition(date, type, id, dateBound, bound),
      bound,
      limit,
    });
    const rows = await db
      .select({
        id: articleItem.id,
        d: first.d,
        articleType: articleItem.articleType,
        codename: articleItem.codename,
        publishAt: articleItem.publishAt,
        variants: articleItem.variants,
        defaultLanguage: articleItem.defaultLanguage,
        imageIds: articleItem.imageIds,
        authorRoles: articleItem.authorRoles,
      })
      .from(first)
      .innerJoin(articleItem, eq(articleItem.id, first.id));
    return rows.map((r): TimelineEntry => {
      const { variant } = pickVariant(r.variants, reader.language, r.defaultLanguage);
      const category = articleCategory(r.articleType, r.publishAt ?? reader.now, reader.now);
      return {
        key: { d: r.d, t: r.articleType, i: r.id },
        imageId: r.imageIds[0] ?? null,
        item: {
          id: r.id,
          type: category,
          title: variant.title,
          description: cutText(htmlToText(variant.introduction || variant.content || ''), EXCERPT_MAX_CHARS),
          date: iso(r.d),
          dateEnd: null,
          categories: categoriesOf(category),
          link: `/news/${r.codename}`,
          isYit: isYit(r.authorRoles),
          isPriority: category === 'priority_news',
          upcoming: false,
          state: 'active',
        },
      };
    });
  };
}

/**
 * Calendar entries whose shown category (calendarCategory: an entry whose type or codename says
 * deadline is a deadline) is one of `types`, in plain column conditions the planner can estimate.
 */
export function calendarCategoryFilter(types: readonly FeedCategory[]): SQL {
  const deadline = or(
    eq(calendarEntries.entryType, 'deadline'),
    like(calendarEntries.codename, '%deadline%'),
  ) as SQL;
  const others = types.filter((t) => t !== 'deadline');
  const parts: SQL[] = [];
  if (types.includes('deadline')) parts.push(deadline);
  if (others.length) {
    parts.push(
      and(inArray(calendarEntries.entryType, others), notLike(calendarEntries.codename, '%deadline%')) as SQL,
    );
  }
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

/** A calendar entry's key as sortable columns (see articleKey). */
function calendarKey(t: typeof calendarEntries) {
  return {
    id: t.id,
    d: sql<string>`${microIso(sql`${t.startAt}`)} ${C}`.as('d'),
    t: sql<string>`${calendarSortType(t.entryType, t.codename)} ${C}`.as('t'),
  };
}
const calendarItem = alias(calendarEntries, 'item');

function calendarSource(db: ContentDb, reader: Reader, types: FeedCategory[]): SourceRead {
  const type = calendarSortType(calendarEntries.entryType, calendarEntries.codename);
  const date = sql`${calendarEntries.startAt}`;
  const id = sql`${calendarEntries.id}`;
  const { keys, key, several } = audienceByKey(calendarEntries.audience, reader);
  const shown = (audience: SQL) =>
    and(publishedTo(calendarEntries, reader), audience, calendarCategoryFilter(types));
  return async (bound, limit) => {
    const dateBound = sql`${calendarEntries.startAt} ${sql.raw(bound.order === 'asc' ? '>=' : '<=')} ${bound.key.d}::timestamptz`;
    // As articleSource, from calendar_entries_reader_idx.
    const first = firstKeys(
      db,
      calendarEntries,
      calendarKey(calendarEntries),
      { keys, key, several },
      shown,
      {
        order: [date, type, id],
        condition: keyCondition(date, type, id, dateBound, bound),
        bound,
        limit,
      },
    );
    const rows = await db
      .select({
        id: calendarItem.id,
        d: first.d,
        t: first.t,
        entryType: calendarItem.entryType,
        codename: calendarItem.codename,
        endAt: calendarItem.endAt,
        variants: calendarItem.variants,
        defaultLanguage: calendarItem.defaultLanguage,
        imageIds: calendarItem.imageIds,
        authorRoles: calendarItem.authorRoles,
      })
      .from(first)
      .innerJoin(calendarItem, eq(calendarItem.id, first.id));
    return rows.map((r): TimelineEntry => {
      const { variant } = pickVariant(r.variants, reader.language, r.defaultLanguage);
      const category = calendarCategory(r.entryType, r.codename);
      return {
        key: { d: r.d, t: r.t, i: r.id },
        imageId: r.imageIds[0] ?? null,
        item: {
          id: r.id,
          type: category,
          title: variant.title,
          description: cutText(htmlToText(variant.content ?? ''), EXCERPT_MAX_CHARS),
          date: iso(r.d),
          dateEnd: r.endAt ? r.endAt.toISOString() : null,
          categories: categoriesOf(category),
          link: `/calendar/entry/${r.codename}`,
          isYit: isYit(r.authorRoles),
          isPriority: false,
          upcoming: false,
          state: 'active',
        },
      };
    });
  };
}

function stepSource(db: ContentDb, reader: Reader): SourceRead {
  const date = sql`(${steps.dateStart}::timestamp at time zone 'UTC')`;
  const type = sql`'step'::text`;
  const id = sql`${steps.id}`;
  const today = `${isoDay(reader.now)}T00:00:00.000000Z`;
  return async (bound, limit) => {
    // The key's UTC day bounds the (indexed) date column; the row comparison does the rest.
    const dateBound = sql`${steps.dateStart} ${sql.raw(bound.order === 'asc' ? '>=' : '<=')} (${bound.key.d}::timestamptz at time zone 'UTC')::date`;
    const rows = await db
      .select({
        id: steps.id,
        day: sql<string>`to_char(${steps.dateStart}, 'YYYY-MM-DD')`,
        codename: steps.codename,
        variants: steps.variants,
        defaultLanguage: steps.defaultLanguage,
        imageIds: steps.imageIds,
        authorRoles: steps.authorRoles,
      })
      .from(steps)
      .where(and(visibleTo(steps, reader), keyCondition(date, type, id, dateBound, bound)))
      .orderBy(...orderBy(bound.order, sql`${steps.dateStart}`, id))
      .limit(limit);
    return rows.map((r): TimelineEntry => {
      const { variant } = pickVariant(r.variants, reader.language, r.defaultLanguage);
      const d = `${r.day}T00:00:00.000000Z`;
      return {
        key: { d, t: 'step', i: r.id },
        imageId: r.imageIds[0] ?? null,
        item: {
          id: r.id,
          type: 'step',
          title: variant.title,
          description: variant.introduction
            ? cutText(htmlToText(variant.introduction), STEP_INTRODUCTION_MAX_CHARS)
            : cutText(htmlToText(variant.content ?? ''), EXCERPT_MAX_CHARS),
          date: iso(d),
          dateEnd: null,
          categories: ['step'],
          link: `/step/${r.codename}`,
          isYit: isYit(r.authorRoles),
          isPriority: false,
          upcoming: d >= today,
          state: 'active',
        },
      };
    });
  };
}

/**
 * The sources that answer the asked types for this reader. Steps only with lifecycle steps
 * active; bookings and services have no source yet (accepted, answer nothing).
 */
export function timelineSources(db: ContentDb, reader: Reader, asked: Set<FeedCategory>): SourceRead[] {
  const sources: SourceRead[] = [];
  const articleTypes = ARTICLE_FEED_CATEGORIES.filter((c) => asked.has(c));
  if (articleTypes.length) sources.push(articleSource(db, reader, articleTypes));
  const calendarTypes = CALENDAR_FEED_CATEGORIES.filter((c) => asked.has(c));
  if (calendarTypes.length) sources.push(calendarSource(db, reader, calendarTypes));
  if (asked.has('step') && reader.housingCompany.lifecycleStepsActive) sources.push(stepSource(db, reader));
  return sources;
}

async function readAll(sources: SourceRead[], bound: Bound, limit: number) {
  return Promise.all(sources.map((read) => read(bound, limit)));
}

// --- The page ---------------------------------------------------------------------------------

export interface TimelineRequest {
  types: readonly FeedCategory[];
  direction?: TimelineDirection | undefined;
  cursor?: string | undefined;
}

/** One answer of GET /timeline: the page around today, or the next page after / before a cursor. */
export async function timelinePage(
  ctx: ContentContext,
  reader: Reader,
  request: TimelineRequest,
  pageSize = TIMELINE_PAGE_SIZE,
): Promise<TimelineResponse> {
  const pivot = todayPivot(reader.now);
  const sources = timelineSources(ctx.db, reader, typesAsked(request.types));
  let entries: TimelineEntry[];
  let hasLater: boolean;
  let hasEarlier: boolean;
  let cursors: { later: string | null; earlier: string | null };

  if (!request.cursor || !request.direction) {
    const [future, past] = await Promise.all([
      readAll(sources, { key: pivot, order: 'asc' }, pageSize + 1),
      readAll(sources, { key: pivot, order: 'desc' }, pageSize + 1),
    ]);
    const next = mergeSources(future, 'asc', pageSize + 1).entries;
    const before = mergeSources(past, 'desc', pageSize + 1).entries;
    const take = splitAround(next.length, before.length, pageSize);
    entries = [...before.slice(0, take.past).reverse(), ...next.slice(0, take.future)];
    hasLater = next.length > take.future;
    hasEarlier = before.length > take.past;
    cursors = { later: null, earlier: null };
  } else {
    const key = decodeCursor(request.cursor);
    const forward = request.direction === 'later';
    const order = forward ? 'asc' : 'desc';
    const back = forward ? 'desc' : 'asc';
    const [page, behind] = await Promise.all([
      readAll(sources, { key, order }, pageSize + 1),
      // Whether anything lies on the other side of the cursor (the cursor's own item included).
      readAll(sources, { key, order: back, inclusive: true }, 1),
    ]);
    const merged = mergeSources(page, order, pageSize);
    entries = forward ? merged.entries : merged.entries.reverse();
    const behindAny = behind.some((list) => list.length > 0);
    hasLater = forward ? merged.more : behindAny;
    hasEarlier = forward ? behindAny : merged.more;
    cursors = { later: request.cursor, earlier: request.cursor };
  }

  const first = entries[0];
  const last = entries.at(-1);
  if (first && last) cursors = { later: encodeCursor(last.key), earlier: encodeCursor(first.key) };
  const items = await withThumbnails(ctx.db, entries);
  return {
    direction: request.cursor && request.direction ? request.direction : 'around',
    today: isoDay(reader.now),
    todayIndex: todayIndexOf(entries, pivot),
    sections: groupByMonth(items),
    hasLater,
    hasEarlier,
    finalized: !hasLater && !hasEarlier,
    laterCursor: cursors.later,
    earlierCursor: cursors.earlier,
  };
}

/** The page's items with the url of their first image (one query for the page). */
async function withThumbnails(db: ContentDb, entries: readonly TimelineEntry[]): Promise<TimelineItem[]> {
  const ids = [...new Set(entries.flatMap((e) => (e.imageId ? [e.imageId] : [])))];
  const urls = new Map((await assetRefs(db, ids)).map((a) => [a.id, a.url]));
  return entries.map((e) => ({ ...e.item, thumbnail: (e.imageId && urls.get(e.imageId)) || null }));
}
