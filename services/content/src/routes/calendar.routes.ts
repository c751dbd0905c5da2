import {
  ADMIN_CALENDAR_DEFAULT,
  type AdminCalendarEntryInput,
  type AdminCalendarEntryResponse,
  type CalendarEntryDetailResponse,
  zAdminCalendarEntryListQuery,
  zAdminCalendarEntryListResponse,
  zAdminCalendarEntryRequest,
  zAdminCalendarEntryResponse,
  zCalendarEntryDetailResponse,
  zCalendarListQuery,
  zCalendarListResponse,
  zIdOrCodenameParam,
  zResidentContentQuery,
} from '@porta/contracts';
import { type App, AppError, listPage, principalOf, sortBy } from '@porta/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import type { ContentContext } from '../context.js';
import { calendarEntries } from '../db/schema.js';
import {
  authorOf,
  codenameSuffix,
  codenameTaken,
  editorialListWhere,
  plainText,
} from '../domain/articles.js';
import {
  announceCalendarEntries,
  type CalendarRow,
  calendarDetail,
  calendarEntryDetail,
  calendarList,
  calendarTypeFilter,
  checkCalendarAssets,
  checkCalendarTimes,
  cleanCalendarVariants,
  staffCalendarEntry,
  toAdminCalendarEntry,
} from '../domain/calendar.js';
import { readerKey } from '../domain/kept-reads.js';
import {
  checkTargeting,
  distinctTargeting,
  publishesTo,
  requireBroadAudienceConfirmation,
  resolvePublication,
} from '../domain/publication.js';
import { audienceOf, readerFor } from '../domain/reader.js';
import { codenameFrom } from '../domain/text.js';
import { CONTENT_POLICIES, type EditorActor, editorActor } from '../policies.js';
import { type EditorialKind, editorialHelpers, editorialRoutes } from './editorial.js';

const SORT_COLUMNS = {
  startAt: calendarEntries.startAt,
  endAt: calendarEntries.endAt,
  title: calendarEntries.title,
  publishAt: calendarEntries.publishAt,
  updatedAt: calendarEntries.updatedAt,
  createdAt: calendarEntries.createdAt,
  type: calendarEntries.entryType,
  status: calendarEntries.status,
  codename: calendarEntries.codename,
} as const;

/**
 * Calendar entries: events, tasks and deadlines (01 §2, 02 §2–§4, 03 §2–§6). Residents:
 * GET /calendar (upcoming, or a range) and GET /calendar/:id. Tasks are marked done through
 * identity's POST /api/identity/me/tasks/:taskId/status/:done with the entry id as taskId.
 * Staff: the ra-data-simple-rest resource /admin/calendar-entries, as for articles.
 */
export async function calendarRoutes(app: App, ctx: ContentContext) {
  // --- Resident ----------------------------------------------------------------------------

  app.get(
    '/calendar',
    {
      schema: {
        summary: 'Calendar entries for the reader: coming ones (or a from/to range), by start',
        querystring: zCalendarListQuery,
        response: { 200: zCalendarListResponse },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const { housingCompanyId, lang, ...query } = request.query;
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId, lang });
      return ctx.reads.get(['calendar', ...readerKey(reader), query], () => calendarList(ctx, reader, query));
    },
  );

  app.get(
    '/calendar/:id',
    {
      schema: {
        summary: 'One calendar entry by codename or id (404 unless the reader may see it)',
        params: zIdOrCodenameParam,
        querystring: zResidentContentQuery,
        response: { 200: zCalendarEntryDetailResponse },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const { housingCompanyId, lang } = request.query;
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId, lang });
      return calendarDetail(ctx, reader, request.params.id);
    },
  );

  // --- Staff -------------------------------------------------------------------------------

  const kind: EditorialKind<CalendarRow, AdminCalendarEntryResponse, CalendarEntryDetailResponse> = {
    path: '/admin/calendar-entries',
    noun: 'calendar entry',
    table: calendarEntries,
    schemas: {
      request: zAdminCalendarEntryRequest,
      response: zAdminCalendarEntryResponse,
      detail: zCalendarEntryDetailResponse,
    },
    load: staffCalendarEntry,
    toAdmin: toAdminCalendarEntry,
    announce: (tx, now, id) => announceCalendarEntries(tx, now, id),
    detail: calendarEntryDetail,
  };
  const helpers = editorialHelpers(ctx, kind);
  const { change, announced } = helpers;

  /**
   * Validate and store a create (existing null) or a full update. Publishing to a broad audience
   * asks for the confirmation first (03 §4); a draft never asks.
   */
  async function save(actor: EditorActor, input: AdminCalendarEntryInput, existing: CalendarRow | null) {
    const now = ctx.clock.now();
    const startAt = new Date(input.startAt);
    const endAt = input.endAt ? new Date(input.endAt) : null;
    checkCalendarTimes(startAt, endAt);
    const publication = resolvePublication(
      { status: input.status, publishAt: input.publishAt, unpublishAt: input.unpublishAt },
      now,
    );
    const targeting = distinctTargeting(input.targeting);
    await checkTargeting(ctx, actor, targeting);
    await checkCalendarAssets(ctx.db, input);
    const variants = cleanCalendarVariants(input.variants);
    const title = variants[input.defaultLanguage]?.title ?? '';
    const codename = input.codename ?? existing?.codename ?? codenameFrom(title, codenameSuffix());
    if (await codenameTaken(ctx.db, calendarEntries, codename, existing?.id))
      throw new AppError('CNT_CODENAME_IN_USE');
    if (publishesTo(publication.status, existing, targeting))
      await requireBroadAudienceConfirmation(ctx, targeting, input.confirmBroadAudience);
    const values = {
      codename,
      entryType: input.type,
      title,
      variants,
      location: input.location ? plainText(input.location) || null : null,
      startAt,
      endAt,
      documentLibraryLinkPath: input.documentLibraryLinkPath,
      documentLibraryLinkTitle: input.documentLibraryLinkTitle
        ? plainText(input.documentLibraryLinkTitle) || null
        : null,
      imageIds: input.imageIds,
      attachmentIds: input.attachmentIds,
      status: publication.status,
      publishAt: publication.publishAt,
      unpublishAt: publication.unpublishAt,
      ...targeting,
      audience: audienceOf(targeting),
      userRoles: [...new Set(input.userRoles)],
      defaultLanguage: input.defaultLanguage,
      updatedAt: now,
    };
    return change(async (tx) => {
      if (existing) {
        const moved =
          existing.startAt?.getTime() !== startAt.getTime() ||
          (existing.endAt?.getTime() ?? null) !== (endAt?.getTime() ?? null);
        const [row] = await tx
          .update(calendarEntries)
          .set({
            ...values,
            announcedAt: values.status === 'draft' ? null : existing.announcedAt,
            // A moved deadline gets its 'coming' notice again.
            deadlineNoticeAt: moved ? null : existing.deadlineNoticeAt,
          })
          .where(eq(calendarEntries.id, existing.id))
          .returning();
        return announced(tx, row!, now);
      }
      const [row] = await tx
        .insert(calendarEntries)
        .values({ ...values, ...authorOf(actor), createdAt: now })
        .returning();
      return announced(tx, row!, now);
    });
  }

  app.get(
    '/admin/calendar-entries',
    {
      schema: {
        summary: 'List calendar entries in the caller’s scope (ra-data-simple-rest; Content-Range)',
        querystring: zAdminCalendarEntryListQuery,
        response: { 200: zAdminCalendarEntryListResponse },
      },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const now = ctx.clock.now();
      const { sort, range, filter } = request.query;
      const where = await editorialListWhere(ctx, calendarEntries, p, filter, now);
      where.push(calendarTypeFilter(filter ?? {}));
      const [field, order] = sort ?? ['startAt', 'DESC'];
      const page = await listPage(ctx.db, calendarEntries, 'calendar-entries', {
        where: and(...where),
        orderBy: [sortBy(SORT_COLUMNS[field], order), asc(calendarEntries.id)],
        range: range ?? [0, ADMIN_CALENDAR_DEFAULT - 1],
      });
      reply.header('content-range', page.contentRange);
      return helpers.answers(page.rows, editorActor(p, 'editorial'), now);
    },
  );

  editorialRoutes(app, ctx, kind, helpers, save);
}
