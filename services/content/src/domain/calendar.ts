import {
  type AdminCalendarEntryInput,
  type AdminCalendarEntryResponse,
  type AssetRef,
  CALENDAR_LIST_DEFAULT,
  type CalendarEntryDetailResponse,
  type CalendarEntryType,
  type CalendarListItem,
  type CalendarListResponse,
  CONTENT_EVENTS,
  calendarEntryTypeOf,
  DEADLINE_NOTICE_HOURS,
  EXCERPT_MAX_CHARS,
  type Language,
  zCalendarEntryPublishedEvent,
  zDeadlineComingEvent,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ContentContext, ContentDb } from '../context.js';
import { type CalendarTexts, calendarEntries, type Variants } from '../db/schema.js';
import type { EditorActor } from '../policies.js';
import {
  assetsById,
  byIdOrCodename,
  editorialScope,
  imagesAndAttachments,
  isScheduled,
  itemWhere,
  mayWriteEditorial,
  plainText,
  refsOf,
  requiredTitle,
  titlesOf,
} from './articles.js';
import { requireAssets } from './assets.js';
import { housingCompaniesReached } from './directory.js';
import { emitEvent } from './events.js';
import { sanitizeRichText } from './html.js';
import { type Reader, visibleTo } from './reader.js';
import { cutText, htmlToText, pickVariant } from './text.js';

/*
 * Calendar entries (01 §2–§3, 02 §2–§4, §9): events, tasks and deadlines for residents, the staff
 * resource, and the 'calendar entry published' and 'deadline coming' announcements.
 */

export type CalendarRow = typeof calendarEntries.$inferSelect;

// --- Pure rules -------------------------------------------------------------------------------

/** The end must not be before the start (03 §5). */
export function checkCalendarTimes(startAt: Date | null, endAt: Date | null): void {
  if (startAt && endAt && endAt < startAt) throw new AppError('CNT_CALENDAR_END_BEFORE_START');
}

/** The time of a deadline: its end, else its start. */
export function deadlineTimeOf(entry: { startAt: Date | null; endAt: Date | null }): Date | null {
  return entry.endAt ?? entry.startAt;
}

type CalendarView = Pick<
  CalendarRow,
  'id' | 'codename' | 'entryType' | 'variants' | 'defaultLanguage' | 'startAt' | 'endAt' | 'location'
>;

export function toCalendarListItem(
  row: CalendarView,
  view: { language: Language },
  image: AssetRef | null,
): CalendarListItem {
  const { variant, language } = pickVariant(row.variants, view.language, row.defaultLanguage);
  const type = calendarEntryTypeOf(row.entryType, row.codename);
  return {
    id: row.id,
    codename: row.codename,
    type,
    title: variant.title,
    excerpt: cutText(htmlToText(variant.content ?? ''), EXCERPT_MAX_CHARS),
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    location: variant.location || row.location || null,
    image,
    isDeadline: type === 'deadline',
    language,
  };
}

export function toCalendarDetail(
  row: CalendarView &
    Pick<CalendarRow, 'documentLibraryLinkPath' | 'documentLibraryLinkTitle' | 'authorName' | 'publishAt'>,
  view: { language: Language },
  images: AssetRef[],
  attachments: AssetRef[],
): CalendarEntryDetailResponse {
  const { variant } = pickVariant(row.variants, view.language, row.defaultLanguage);
  return {
    ...toCalendarListItem(row, view, images[0] ?? null),
    content: sanitizeRichText(variant.content ?? ''),
    images,
    attachments,
    documentLibraryLink: row.documentLibraryLinkPath
      ? { path: row.documentLibraryLinkPath, title: row.documentLibraryLinkTitle }
      : null,
    authorName: row.authorName,
    publishDate: row.publishAt?.toISOString() ?? null,
  };
}

/** Variants as stored: plain-text title and location, sanitised HTML content. */
export function cleanCalendarVariants(
  variants: AdminCalendarEntryInput['variants'],
): Variants<CalendarTexts> {
  const out: Variants<CalendarTexts> = {};
  for (const [lang, v] of Object.entries(variants)) {
    if (!v) continue;
    const texts: CalendarTexts = { title: requiredTitle(v.title, lang) };
    const content = v.content === undefined ? '' : sanitizeRichText(v.content);
    if (content) texts.content = content;
    const location = v.location === undefined ? '' : plainText(v.location);
    if (location) texts.location = location;
    out[lang] = texts;
  }
  return out;
}

export function toAdminCalendarEntry(
  row: CalendarRow,
  actor: EditorActor,
  canEdit: boolean,
  now: Date,
  byId: Map<string, AssetRef>,
): AdminCalendarEntryResponse {
  return {
    id: row.id,
    codename: row.codename,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: {
      id: row.authorId,
      name: row.authorName,
      roles: row.authorRoles as AdminCalendarEntryResponse['author']['roles'],
    },
    scheduled: isScheduled(row, now),
    canEdit: canEdit && mayWriteEditorial(actor),
    title: row.title,
    type: calendarEntryTypeOf(row.entryType, ''),
    shownType: calendarEntryTypeOf(row.entryType, row.codename),
    defaultLanguage: row.defaultLanguage as Language,
    variants: row.variants,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    location: row.location,
    documentLibraryLinkPath: row.documentLibraryLinkPath,
    documentLibraryLinkTitle: row.documentLibraryLinkTitle,
    imageIds: row.imageIds,
    images: refsOf(row.imageIds, byId),
    attachmentIds: row.attachmentIds,
    attachments: refsOf(row.attachmentIds, byId),
    targeting: { housingCompanyIds: row.housingCompanyIds, buildingTaxonomies: row.buildingTaxonomies },
    userRoles: row.userRoles as AdminCalendarEntryResponse['userRoles'],
    status: row.status as AdminCalendarEntryResponse['status'],
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    announcedAt: row.announcedAt?.toISOString() ?? null,
    deadlineNoticeAt: row.deadlineNoticeAt?.toISOString() ?? null,
  };
}

// --- Queries ----------------------------------------------------------------------------------

/** The type an entry shows as, in SQL (a codename containing 'deadline' makes a deadline). */
export const shownCalendarType = sql<string>`(case when ${calendarEntries.entryType} = 'deadline' or strpos(${calendarEntries.codename}, 'deadline') > 0 then 'deadline' when ${calendarEntries.entryType} = 'task' then 'task' else 'event' end)`;

const lastTime = sql`coalesce(${calendarEntries.endAt}, ${calendarEntries.startAt})`;

/** Resident list (GET /calendar). */
export async function calendarList(
  ctx: ContentContext,
  reader: Reader,
  query: {
    limit?: number | undefined;
    offset: number;
    type: CalendarEntryType[];
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<CalendarListResponse> {
  const limit = query.limit ?? CALENDAR_LIST_DEFAULT;
  const ranged = !!(query.from || query.to);
  const now = reader.now.toISOString();
  const where = and(
    visibleTo(calendarEntries, reader),
    query.type.length ? inArray(shownCalendarType, query.type) : undefined,
    ranged
      ? and(
          query.from ? sql`${lastTime} >= ${query.from}::timestamptz` : undefined,
          query.to ? lte(calendarEntries.startAt, new Date(query.to)) : undefined,
        )
      : sql`(${lastTime} is null or ${lastTime} >= ${now}::timestamptz)`,
  );
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(calendarEntries)
      .where(where)
      .orderBy(sql`${calendarEntries.startAt} asc nulls last`, asc(calendarEntries.id))
      .limit(limit)
      .offset(query.offset),
    ctx.db.select({ n: count() }).from(calendarEntries).where(where),
  ]);
  const firstImages = await assetsById(
    ctx.db,
    rows.flatMap((r) => (r.imageIds[0] ? [r.imageIds[0]] : [])),
  );
  return {
    items: rows.map((r) =>
      toCalendarListItem(r, reader, (r.imageIds[0] && firstImages.get(r.imageIds[0])) || null),
    ),
    total: totals[0]?.n ?? 0,
    limit,
    offset: query.offset,
  };
}

/** Resident detail (GET /calendar/:id): 404 unless the reader may see it. */
export async function calendarDetail(ctx: ContentContext, reader: Reader, idOrCodename: string) {
  const [row] = await ctx.db
    .select()
    .from(calendarEntries)
    .where(and(byIdOrCodename(calendarEntries, idOrCodename), visibleTo(calendarEntries, reader)));
  if (!row) throw new AppError('CNT_NOT_FOUND');
  return calendarEntryDetail(ctx.db, row, reader);
}

export async function calendarEntryDetail(db: ContentDb, row: CalendarRow, view: { language: Language }) {
  const [images, attachments] = await imagesAndAttachments(db, row);
  return toCalendarDetail(row, view, images, attachments);
}

/** An entry in the caller's staff scope, or 404. */
export function staffCalendarEntry(db: ContentDb, p: Principal, id: string): Promise<CalendarRow> {
  return itemWhere(db, calendarEntries, id, editorialScope(calendarEntries, p));
}

export async function checkCalendarAssets(
  db: ContentDb,
  input: Pick<AdminCalendarEntryInput, 'imageIds' | 'attachmentIds'>,
) {
  await requireAssets(db, input.imageIds, ['image', 'article-image']);
  await requireAssets(db, input.attachmentIds, ['attachment']);
}

const visibleNow = (now: Date): SQL =>
  and(
    eq(calendarEntries.status, 'published'),
    lte(calendarEntries.publishAt, now),
    or(isNull(calendarEntries.unpublishAt), gt(calendarEntries.unpublishAt, now)),
  ) as SQL;

/**
 * Announce published entries whose publish time has come and that were not announced for this
 * publication (all, or one): 'content.calendar-entry.published.v1' in the caller's transaction.
 */
export async function announceCalendarEntries(tx: ContentDb, now: Date, onlyId?: string): Promise<number> {
  const rows = await tx
    .update(calendarEntries)
    .set({ announcedAt: now })
    .where(
      and(
        visibleNow(now),
        isNull(calendarEntries.announcedAt),
        onlyId ? eq(calendarEntries.id, onlyId) : undefined,
      ),
    )
    .returning();
  for (const row of rows) {
    const payload = zCalendarEntryPublishedEvent.parse({
      entryId: row.id,
      codename: row.codename,
      type: calendarEntryTypeOf(row.entryType, row.codename),
      titles: titlesOf(row.variants),
      defaultLanguage: row.defaultLanguage,
      startAt: row.startAt?.toISOString() ?? null,
      endAt: row.endAt?.toISOString() ?? null,
      url: `/calendar/entry/${row.codename}`,
      publishedAt: (row.publishAt ?? now).toISOString(),
      housingCompanyIds: await housingCompaniesReached(tx, row),
      userRoles: row.userRoles,
    });
    await emitEvent(tx, CONTENT_EVENTS.calendarEntryPublished, payload);
  }
  return rows.length;
}

/**
 * 'content.deadline.coming.v1' once per visible deadline whose time (end, else start) is within
 * DEADLINE_NOTICE_HOURS and not passed; the update claims it, so two runs notify once.
 */
export async function noticeDeadlines(tx: ContentDb, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + DEADLINE_NOTICE_HOURS * 3_600_000);
  const rows = await tx
    .update(calendarEntries)
    .set({ deadlineNoticeAt: now })
    .where(
      and(
        visibleNow(now),
        isNull(calendarEntries.deadlineNoticeAt),
        eq(shownCalendarType, 'deadline'),
        sql`${lastTime} > ${now.toISOString()}::timestamptz`,
        sql`${lastTime} <= ${horizon.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  for (const row of rows) {
    const payload = zDeadlineComingEvent.parse({
      entryId: row.id,
      codename: row.codename,
      titles: titlesOf(row.variants),
      defaultLanguage: row.defaultLanguage,
      deadlineAt: (deadlineTimeOf(row) ?? now).toISOString(),
      url: `/calendar/entry/${row.codename}`,
      housingCompanyIds: await housingCompaniesReached(tx, row),
      userRoles: row.userRoles,
    });
    await emitEvent(tx, CONTENT_EVENTS.deadlineComing, payload);
  }
  return rows.length;
}

/** The staff list's type filter (the shown type). */
export function calendarTypeFilter(filter: { type?: CalendarEntryType | undefined }): SQL | undefined {
  return filter.type ? eq(shownCalendarType, filter.type) : undefined;
}
