import {
  type AdminArticleInput,
  type AdminArticleResponse,
  type AssetRef,
  BOX_TITLE_MAX_CHARS,
  CONTENT_EVENTS,
  EXCERPT_MAX_CHARS,
  LATEST_NEWS_COUNT,
  LATEST_NEWS_MAX_AGE_DAYS,
  type Language,
  NEWS_ARCHIVE_LIMIT,
  NEWS_LIST_DEFAULT,
  type NewsDetailResponse,
  type NewsListItem,
  type NewsListMode,
  type NewsListResponse,
  timeZoneOfCountry,
  WELCOME_ARTICLE_CODENAME,
  zArticlePublishedEvent,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import {
  and,
  arrayOverlaps,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type PgColumn, type PgTable, unionAll } from 'drizzle-orm/pg-core';
import type { ContentContext, ContentDb } from '../context.js';
import { type ArticleTexts, articles, directoryHousingCompanies, type Variants } from '../db/schema.js';
import { contentScope, type EditorActor } from '../policies.js';
import { assetRefs, requireAssets } from './assets.js';
import { addDays, isoDay } from './clock.js';
import { housingCompaniesReached, reachingHousingCompany } from './directory.js';
import { emitEvent } from './events.js';
import { sanitizePlainText, sanitizeRichText } from './html.js';
import { resolvePublication } from './publication.js';
import { audienceByKey, publishedTo, type Reader, visibleTo } from './reader.js';
import { cutText, htmlToText, pickVariant } from './text.js';
import { articleAudience, articleCategory } from './timeline.js';

/*
 * News articles (01 §2, §9; 02 §2–§4; 03 §3–§6): resident lists and detail, staff writes and
 * the 'article published' announcement. The first section holds helpers shared with calendar
 * entries (domain/calendar.ts) and, for the staff lists and addresses, the other content areas.
 */

// --- Shared by articles and calendar entries --------------------------------------------------

export type ArticleRow = typeof articles.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Match a resident detail address: the codename, or the id when it is a uuid. */
export function byIdOrCodename(cols: { id: PgColumn; codename: PgColumn }, idOrCodename: string): SQL {
  return isUuid(idOrCodename)
    ? (or(eq(cols.id, idOrCodename.toLowerCase()), eq(cols.codename, idOrCodename)) as SQL)
    : eq(cols.codename, idOrCodename);
}

/** Plain text from user input: tags removed, entities decoded, whitespace collapsed. */
export function plainText(text: string): string {
  return htmlToText(sanitizePlainText(text));
}

/** A title as stored (plain text); one that is nothing but markup answers 400. */
export function requiredTitle(title: string, lang: string): string {
  const text = plainText(title);
  if (!text) {
    const path = `body.variants.${lang}.title`;
    throw new AppError('VALIDATION_FAILED', {
      detail: `${path}: This field is required`,
      errors: [{ path, message: 'This field is required' }],
    });
  }
  return text;
}

/** A PostgreSQL unique violation (23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A random codename suffix: 6 lower-case letters and digits. */
export function codenameSuffix(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 6);
}

/** Published with a publish time still ahead. */
export function isScheduled(row: { status: string; publishAt: Date | null }, now: Date): boolean {
  return row.status === 'published' && !!row.publishAt && row.publishAt > now;
}

/** May this actor write editorial items at all (03 §6 authors and global editors)? */
export function mayWriteEditorial(actor: EditorActor): boolean {
  return actor.global || actor.authorIn.length > 0;
}

/**
 * The staff scope of editorial items: everything for the developer's staff and admin, else the
 * items targeting one of the caller's housing companies and the caller's own items.
 */
export function editorialScope(
  cols: { authorId: PgColumn; housingCompanyIds: PgColumn },
  p: Principal,
): SQL | undefined {
  const scope = contentScope(p);
  if (scope.all) return undefined;
  const own = eq(cols.authorId, p.userId);
  return scope.housingCompanyIds.length
    ? or(own, arrayOverlaps(cols.housingCompanyIds, scope.housingCompanyIds))
    : own;
}

/**
 * The filters every staff list of targeted items shares (articles, calendar entries, steps, contacts,
 * FAQ entries): the search (contains, in any of `searched`), status, the housing company reached and ids.
 */
export async function staffListWhere(
  ctx: ContentContext,
  table: { id: PgColumn; status: PgColumn; audience: PgColumn },
  searched: PgColumn[],
  filter: { q?: string; status?: string; housingCompanyId?: string; id?: string[] } = {},
): Promise<(SQL | undefined)[]> {
  const where: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    where.push(or(...searched.map((col) => ilike(col, pattern))));
  }
  if (filter.status) where.push(eq(table.status, filter.status));
  if (filter.housingCompanyId)
    where.push(await reachingHousingCompany(ctx, table.audience, filter.housingCompanyId));
  if (filter.id) where.push(filter.id.length ? inArray(table.id, filter.id) : sql`false`);
  return where;
}

/**
 * The filters the staff lists of articles and calendar entries share: the caller's editorial scope,
 * the search in title and codename, status, the housing company reached, scheduled or not, and ids.
 */
export async function editorialListWhere(
  ctx: ContentContext,
  table: {
    id: PgColumn;
    title: PgColumn;
    codename: PgColumn;
    status: PgColumn;
    audience: PgColumn;
    publishAt: PgColumn;
    authorId: PgColumn;
    housingCompanyIds: PgColumn;
  },
  p: Principal,
  filter: { q?: string; status?: string; housingCompanyId?: string; scheduled?: boolean; id?: string[] } = {},
  now: Date,
): Promise<(SQL | undefined)[]> {
  const where = [
    editorialScope(table, p),
    ...(await staffListWhere(ctx, table, [table.title, table.codename], filter)),
  ];
  if (filter.scheduled !== undefined) where.push(scheduledFilter(table, filter.scheduled, now));
  return where;
}

/** The row with this id that `where` admits (undefined: any), or 404. */
export async function itemWhere<T extends PgTable & { id: PgColumn }>(
  db: ContentDb,
  table: T,
  id: string,
  where: SQL | undefined,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where));
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return row as T['$inferSelect'];
}

/** Is the codename taken by another row of the table? */
export async function codenameTaken(
  db: ContentDb,
  table: PgTable & { id: PgColumn; codename: PgColumn },
  codename: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.codename, codename));
  return !!row && row.id !== exceptId;
}

/** The images and attachments of a row, in its order. */
export async function imagesAndAttachments(
  db: ContentDb,
  row: { imageIds: readonly string[]; attachmentIds: readonly string[] },
): Promise<[AssetRef[], AssetRef[]]> {
  return Promise.all([assetRefs(db, row.imageIds), assetRefs(db, row.attachmentIds)]);
}

/** Escape LIKE wildcards in user input. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Scheduled filter of the staff lists. */
export function scheduledFilter(
  cols: { status: PgColumn; publishAt: PgColumn },
  scheduled: boolean,
  now: Date,
): SQL {
  const yes = and(eq(cols.status, 'published'), gt(cols.publishAt, now)) as SQL;
  return scheduled ? yes : sql`not coalesce(${yes}, false)`;
}

/** The author stored with a new item. */
export function authorOf(actor: EditorActor) {
  return { authorId: actor.userId, authorName: actor.name, authorRoles: actor.roles };
}

/** The titles of every variant, for event payloads. */
export function titlesOf(variants: Variants<{ title: string }>): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const [lang, v] of Object.entries(variants)) if (v?.title) out[lang as Language] = v.title;
  return out;
}

/** Publish action: now (null) or a future time; answers the publish time. */
export function publishTime(requested: string | null, now: Date): Date {
  if (!requested) return now;
  const at = new Date(requested);
  if (at <= now) throw new AppError('CNT_PUBLISH_TIME_IN_PAST');
  return at;
}

/** Assets of many rows in one query, by id. */
export async function assetsById(db: ContentDb, ids: readonly string[]): Promise<Map<string, AssetRef>> {
  const unique = [...new Set(ids)];
  return new Map((await assetRefs(db, unique)).map((a) => [a.id, a]));
}

export function refsOf(ids: readonly string[], byId: Map<string, AssetRef>): AssetRef[] {
  return ids.flatMap((id) => {
    const ref = byId.get(id);
    return ref ? [ref] : [];
  });
}

// --- Articles: pure rules ---------------------------------------------------------------------

/** Archived once the archive date has passed (03 §4). */
export function isArchived(archiveAt: Date | null, now: Date): boolean {
  return !!archiveAt && archiveAt <= now;
}

/** Sticky counts only while its expiry is in the future (01 §9). */
export function isStickyNow(stickyUntil: Date | null, now: Date): boolean {
  return !!stickyUntil && stickyUntil > now;
}

/** priority_news within PRIORITY_NEWS_MONTHS of its publish date (01 §9). */
export function isPriorityArticle(articleType: string, publishAt: Date, now: Date): boolean {
  return articleCategory(articleType, publishAt, now) === 'priority_news';
}

/** Plain-text excerpt: the introduction, else the content's text, cut to EXCERPT_MAX_CHARS. */
export function articleExcerpt(texts: {
  introduction?: string | undefined;
  content?: string | undefined;
}): string {
  const source = texts.introduction?.trim() ? texts.introduction : htmlToText(texts.content ?? '');
  return cutText(source, EXCERPT_MAX_CHARS);
}

export interface NewsWindow {
  limit: number;
  offset: number;
  includeArchived: boolean;
  statusUpdatesOnly: boolean;
  /** Only items published at or after this time. */
  since: Date | null;
  stickyFirst: boolean;
}

/** What a list mode reads (02 §2, §9; 01 §9). */
export function newsWindow(
  mode: NewsListMode,
  limit: number | undefined,
  offset: number,
  now: Date,
): NewsWindow {
  switch (mode) {
    case 'latest':
      return {
        limit: limit ?? LATEST_NEWS_COUNT,
        offset,
        includeArchived: false,
        statusUpdatesOnly: false,
        since: addDays(now, -LATEST_NEWS_MAX_AGE_DAYS),
        stickyFirst: true,
      };
    case 'archive':
      return {
        limit: Math.min(limit ?? NEWS_ARCHIVE_LIMIT, NEWS_ARCHIVE_LIMIT),
        offset,
        includeArchived: true,
        statusUpdatesOnly: false,
        since: null,
        stickyFirst: false,
      };
    case 'statusUpdates':
      return {
        limit: limit ?? NEWS_LIST_DEFAULT,
        offset,
        includeArchived: false,
        statusUpdatesOnly: true,
        since: null,
        stickyFirst: true,
      };
    default:
      return {
        limit: limit ?? NEWS_LIST_DEFAULT,
        offset,
        includeArchived: false,
        statusUpdatesOnly: false,
        since: null,
        stickyFirst: true,
      };
  }
}

type ArticleView = Pick<
  ArticleRow,
  | 'id'
  | 'codename'
  | 'articleType'
  | 'variants'
  | 'defaultLanguage'
  | 'publishAt'
  | 'stickyUntil'
  | 'archiveAt'
  | 'createdAt'
>;

/** An article as a resident list shows it. */
export function toNewsListItem(
  row: ArticleView,
  view: { language: Language; now: Date },
  image: AssetRef | null,
): NewsListItem {
  const { variant, language } = pickVariant(row.variants, view.language, row.defaultLanguage);
  // Drafts in a staff preview have no publish time yet: show when they were written.
  const publishAt = row.publishAt ?? row.createdAt;
  return {
    id: row.id,
    codename: row.codename,
    slug: row.codename,
    title: variant.title,
    boxTitle: cutText(variant.title, BOX_TITLE_MAX_CHARS),
    excerpt: articleExcerpt(variant),
    publishDate: publishAt.toISOString(),
    articleType: row.articleType as NewsListItem['articleType'],
    isPriority: isPriorityArticle(row.articleType, publishAt, view.now),
    sticky: isStickyNow(row.stickyUntil, view.now),
    archived: isArchived(row.archiveAt, view.now),
    image,
    language,
  };
}

export function toNewsDetail(
  row: ArticleView & Pick<ArticleRow, 'category' | 'authorName'>,
  view: { language: Language; now: Date },
  images: AssetRef[],
  attachments: AssetRef[],
): NewsDetailResponse {
  const item = toNewsListItem(row, view, images[0] ?? null);
  const { variant } = pickVariant(row.variants, view.language, row.defaultLanguage);
  return {
    ...item,
    introduction: variant.introduction ?? '',
    content: sanitizeRichText(variant.content ?? ''),
    category: row.category,
    images,
    attachments,
    authorName: row.authorName,
  };
}

/** Variants as stored: plain-text title and introduction, sanitised HTML content. */
export function cleanArticleVariants(variants: AdminArticleInput['variants']): Variants<ArticleTexts> {
  const out: Variants<ArticleTexts> = {};
  for (const [lang, v] of Object.entries(variants)) {
    if (!v) continue;
    const texts: ArticleTexts = { title: requiredTitle(v.title, lang) };
    const introduction = v.introduction === undefined ? '' : plainText(v.introduction);
    if (introduction) texts.introduction = introduction;
    const content = v.content === undefined ? '' : sanitizeRichText(v.content);
    if (content) texts.content = content;
    out[lang] = texts;
  }
  return out;
}

/** The stored values an article write resolves to (without assets, targeting and codename). */
export interface ResolvedArticleFields {
  status: 'draft' | 'published';
  publishAt: Date | null;
  unpublishAt: Date | null;
  archiveAt: Date | null;
  stickyUntil: Date | null;
  readyBefore: string | null;
  readyAfter: string | null;
}

/**
 * The publication rules of 03 §4–§5 for an article write. On update, an archive date or sticky
 * expiry that is the stored one is accepted even when it has passed (sending a read record back).
 */
export function resolveArticleFields(
  input: Pick<
    AdminArticleInput,
    | 'status'
    | 'publishAt'
    | 'unpublishAt'
    | 'archiveAt'
    | 'sticky'
    | 'stickyUntil'
    | 'readyBefore'
    | 'readyAfter'
  >,
  now: Date,
  existing?: Pick<ArticleRow, 'archiveAt' | 'stickyUntil'> | null,
): ResolvedArticleFields {
  const same = (value: string | null, stored: Date | null | undefined) =>
    !!value && !!stored && new Date(value).getTime() === stored.getTime();
  const keepArchive = same(input.archiveAt, existing?.archiveAt);
  const keepSticky = input.sticky && same(input.stickyUntil, existing?.stickyUntil);
  const resolved = resolvePublication(
    {
      status: input.status,
      publishAt: input.publishAt,
      unpublishAt: input.unpublishAt,
      archiveAt: keepArchive ? null : input.archiveAt,
      sticky: keepSticky ? false : input.sticky,
      stickyUntil: input.stickyUntil,
    },
    now,
  );
  if (input.readyBefore && input.readyAfter && input.readyAfter >= input.readyBefore) {
    throw new AppError('CNT_READY_DATES_ORDER');
  }
  return {
    status: resolved.status,
    publishAt: resolved.publishAt,
    unpublishAt: resolved.unpublishAt,
    archiveAt: keepArchive ? (existing?.archiveAt ?? null) : resolved.archiveAt,
    stickyUntil: keepSticky ? (existing?.stickyUntil ?? null) : resolved.stickyUntil,
    readyBefore: input.readyBefore,
    readyAfter: input.readyAfter,
  };
}

/**
 * Does an article restricted by phase, ready dates or the welcome codename reach a housing
 * company (for the announcement's audience)? Mirrors articleAudience in timeline.ts.
 */
export function articleReachesCompany(
  article: Pick<ArticleRow, 'codename' | 'buildingPhase' | 'readyBefore' | 'readyAfter'>,
  hc: { completionDate: string | null; addressCountry?: string | null },
  now: Date,
): boolean {
  const today = isoDay(now, timeZoneOfCountry(hc.addressCountry));
  const phase = hc.completionDate && hc.completionDate < today ? 'living' : 'construction';
  if (article.codename === WELCOME_ARTICLE_CODENAME && phase !== 'construction') return false;
  if (article.buildingPhase && article.buildingPhase !== phase) return false;
  if (article.readyBefore && !(hc.completionDate && hc.completionDate < article.readyBefore)) return false;
  if (article.readyAfter && !(hc.completionDate && hc.completionDate > article.readyAfter)) return false;
  return true;
}

/** The staff answer for an article. */
export function toAdminArticle(
  row: ArticleRow,
  actor: EditorActor,
  canEdit: boolean,
  now: Date,
  byId: Map<string, AssetRef>,
): AdminArticleResponse {
  return {
    id: row.id,
    codename: row.codename,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: {
      id: row.authorId,
      name: row.authorName,
      roles: row.authorRoles as AdminArticleResponse['author']['roles'],
    },
    scheduled: isScheduled(row, now),
    canEdit: canEdit && mayWriteEditorial(actor),
    title: row.title,
    defaultLanguage: row.defaultLanguage as Language,
    variants: row.variants,
    articleType: row.articleType as AdminArticleResponse['articleType'],
    category: row.category,
    targeting: { housingCompanyIds: row.housingCompanyIds, buildingTaxonomies: row.buildingTaxonomies },
    userRoles: row.userRoles as AdminArticleResponse['userRoles'],
    status: row.status as AdminArticleResponse['status'],
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    archiveAt: row.archiveAt?.toISOString() ?? null,
    archived: isArchived(row.archiveAt, now),
    sticky: !!row.stickyUntil,
    stickyUntil: row.stickyUntil?.toISOString() ?? null,
    buildingPhase: row.buildingPhase as AdminArticleResponse['buildingPhase'],
    readyBefore: row.readyBefore,
    readyAfter: row.readyAfter,
    imageIds: row.imageIds,
    images: refsOf(row.imageIds, byId),
    attachmentIds: row.attachmentIds,
    attachments: refsOf(row.attachmentIds, byId),
    announcedAt: row.announcedAt?.toISOString() ?? null,
  };
}

// --- Articles: queries ------------------------------------------------------------------------

/** Resident list (GET /news). */
export async function newsList(
  ctx: ContentContext,
  reader: Reader,
  query: { mode: NewsListMode; limit?: number | undefined; offset: number },
): Promise<NewsListResponse> {
  const now = reader.now;
  const w = newsWindow(query.mode, query.limit, query.offset, now);
  const shown = and(
    publishedTo(articles, reader),
    articleAudience(reader),
    w.includeArchived ? undefined : or(isNull(articles.archiveAt), gt(articles.archiveAt, now)),
    w.statusUpdatesOnly ? eq(articles.articleType, 'status_update') : undefined,
    w.since ? gte(articles.publishAt, w.since) : undefined,
  );
  // The page in the list's order (sticky now first, then newest) from at most offset + limit rows
  // of each part: the sticky ones (few, by articles_sticky_idx), the rest newest first per
  // audience key along articles_reader_idx, and the several-keys ones (reader.ts audienceByKey).
  // The total is a count per key, which reads that index only.
  const wanted = w.offset + w.limit;
  const { keys, key, several } = audienceByKey(articles.audience, reader);
  const fields = (stickyNow: boolean) => ({
    id: articles.id,
    codename: articles.codename,
    articleType: articles.articleType,
    variants: articles.variants,
    defaultLanguage: articles.defaultLanguage,
    publishAt: articles.publishAt,
    stickyUntil: articles.stickyUntil,
    archiveAt: articles.archiveAt,
    createdAt: articles.createdAt,
    imageIds: articles.imageIds,
    stickyNow: sql<boolean>`${sql.raw(String(stickyNow))}`.as('sticky_now'),
  });
  const notSticky = w.stickyFirst
    ? or(isNull(articles.stickyUntil), lte(articles.stickyUntil, now))
    : undefined;
  const perKey = ctx.db
    .select(fields(false))
    .from(articles)
    .where(and(shown, key, notSticky))
    .orderBy(desc(articles.publishAt), desc(articles.id))
    .limit(wanted)
    .as('per_key');
  const stickyOnes = ctx.db
    .select(fields(true))
    .from(articles)
    .where(and(shown, arrayOverlaps(articles.audience, reader.audienceKeys), gt(articles.stickyUntil, now)))
    .orderBy(desc(articles.publishAt), desc(articles.id))
    .limit(wanted);
  const perKeyCount = ctx.db
    .select({ n: count().as('n') })
    .from(articles)
    .where(and(shown, key))
    .as('per_key_count');
  const [rows, totals] = await Promise.all([
    unionAll(
      ctx.db.select(perKey._.selectedFields).from(keys).crossJoinLateral(perKey),
      ctx.db
        .select(fields(false))
        .from(articles)
        .where(and(shown, several, notSticky)),
      ...(w.stickyFirst ? [stickyOnes] : []),
    )
      .orderBy(sql`"sticky_now" desc`, sql`"publish_at" desc`, sql`"id" desc`)
      .limit(w.limit)
      .offset(w.offset),
    unionAll(
      ctx.db.select({ n: perKeyCount.n }).from(keys).crossJoinLateral(perKeyCount),
      ctx.db.select({ n: count() }).from(articles).where(and(shown, several)),
    ),
  ]);
  const firstImages = await assetsById(
    ctx.db,
    rows.flatMap((r) => (r.imageIds[0] ? [r.imageIds[0]] : [])),
  );
  const view = { language: reader.language, now };
  return {
    mode: query.mode,
    items: rows.map((r) =>
      toNewsListItem(r, view, (r.imageIds[0] && firstImages.get(r.imageIds[0])) || null),
    ),
    total: totals.reduce((n, t) => n + Number(t.n), 0),
    limit: w.limit,
    offset: w.offset,
  };
}

/** Resident detail (GET /news/:id): 404 unless the reader may see it. */
export async function newsDetail(ctx: ContentContext, reader: Reader, idOrCodename: string) {
  const [row] = await ctx.db
    .select()
    .from(articles)
    .where(and(byIdOrCodename(articles, idOrCodename), visibleTo(articles, reader), articleAudience(reader)));
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return articleDetail(ctx.db, row, { language: reader.language, now: reader.now });
}

export async function articleDetail(db: ContentDb, row: ArticleRow, view: { language: Language; now: Date }) {
  const [images, attachments] = await imagesAndAttachments(db, row);
  return toNewsDetail(row, view, images, attachments);
}

/** An article in the caller's staff scope, or 404. */
export function staffArticle(db: ContentDb, p: Principal, id: string): Promise<ArticleRow> {
  return itemWhere(db, articles, id, editorialScope(articles, p));
}

/** Check the images and attachments of a write (article images must be article-image uploads). */
export async function checkArticleAssets(
  db: ContentDb,
  input: Pick<AdminArticleInput, 'imageIds' | 'attachmentIds'>,
) {
  await requireAssets(db, input.imageIds, ['article-image']);
  await requireAssets(db, input.attachmentIds, ['attachment']);
}

/** The housing companies an article's announcement reaches. */
async function articleAnnouncementAudience(tx: ContentDb, row: ArticleRow, now: Date): Promise<string[]> {
  const reached = await housingCompaniesReached(tx, row);
  const restricted =
    row.codename === WELCOME_ARTICLE_CODENAME || row.buildingPhase || row.readyBefore || row.readyAfter;
  if (!restricted || reached.length === 0) return reached;
  const hcs = await tx
    .select({
      id: directoryHousingCompanies.id,
      completionDate: directoryHousingCompanies.completionDate,
      addressCountry: directoryHousingCompanies.addressCountry,
    })
    .from(directoryHousingCompanies)
    .where(inArray(directoryHousingCompanies.id, reached));
  return hcs.filter((hc) => articleReachesCompany(row, hc, now)).map((hc) => hc.id);
}

/**
 * Announce published articles whose publish time has come and that were not announced for this
 * publication (all of them, or one): marks them and writes 'content.article.published.v1' in the
 * caller's transaction. Two runs at once announce each article once (the update claims it).
 */
export async function announceArticles(tx: ContentDb, now: Date, onlyId?: string): Promise<number> {
  const rows = await tx
    .update(articles)
    .set({ announcedAt: now })
    .where(
      and(
        eq(articles.status, 'published'),
        isNull(articles.announcedAt),
        lte(articles.publishAt, now),
        or(isNull(articles.unpublishAt), gt(articles.unpublishAt, now)),
        or(isNull(articles.archiveAt), gt(articles.archiveAt, now)),
        onlyId ? eq(articles.id, onlyId) : undefined,
      ),
    )
    .returning();
  for (const row of rows) {
    const payload = zArticlePublishedEvent.parse({
      articleId: row.id,
      codename: row.codename,
      articleType: row.articleType,
      titles: titlesOf(row.variants),
      defaultLanguage: row.defaultLanguage,
      url: `/news/${row.codename}`,
      publishedAt: (row.publishAt ?? now).toISOString(),
      housingCompanyIds: await articleAnnouncementAudience(tx, row, now),
      userRoles: row.userRoles,
    });
    await emitEvent(tx, CONTENT_EVENTS.articlePublished, payload);
  }
  return rows.length;
}
