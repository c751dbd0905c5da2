import {
  type AssetRef,
  type Language,
  zEditorialPreviewQuery,
  zEditorialPublishRequest,
  zIdParam,
} from '@porta/contracts';
import { type App, AppError, type Principal, principalOf, withTransaction } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ContentContext, ContentDb } from '../context.js';
import type { articles, calendarEntries } from '../db/schema.js';
import { assetsById, isScheduled, isUniqueViolation, publishTime } from '../domain/articles.js';
import { requireBroadAudienceConfirmation } from '../domain/publication.js';
import { readerFor } from '../domain/reader.js';
import { languageOf } from '../domain/text.js';
import { CONTENT_POLICIES, canEditItem, type EditorActor, editorActor } from '../policies.js';

type EditorialTable = typeof articles | typeof calendarEntries;

/** What the staff routes need of an article or calendar entry row. */
interface EditorialRow {
  id: string;
  status: string;
  publishAt: Date | null;
  unpublishAt: Date | null;
  announcedAt: Date | null;
  imageIds: string[];
  attachmentIds: string[];
  authorId: string | null;
  authorRoles: string[];
  housingCompanyIds: string[];
  buildingTaxonomies: string[];
}

export interface EditorialKind<Row extends EditorialRow, Admin, Detail> {
  /** e.g. '/admin/articles' */
  path: string;
  /** e.g. 'article', for the summaries. */
  noun: string;
  table: EditorialTable;
  /**
   * The routes' schemas. Typed loosely on purpose: the shared handlers are generic, and the
   * kind's functions below carry the concrete types (the schemas check the answers at run time).
   */
  schemas: { request: z.ZodType; response: z.ZodType; detail: z.ZodType };
  /** The row in the caller's staff scope (404 otherwise). */
  load(db: ContentDb, p: Principal, id: string): Promise<Row>;
  toAdmin(row: Row, actor: EditorActor, canEdit: boolean, now: Date, assets: Map<string, AssetRef>): Admin;
  /** Announce the row (by id) when its publication has come; answers how many it announced. */
  announce(tx: ContentDb, now: Date, id: string): Promise<number>;
  /** The resident view of the row (preview). */
  detail(db: ContentDb, row: Row, view: { language: Language; now: Date }): Promise<Detail>;
}

/** The helpers a kind's own routes (its list, its save) share with the routes registered here. */
export interface EditorialHelpers<Row extends EditorialRow, Admin> {
  answer(row: Row, actor: EditorActor): Promise<Admin>;
  /** The staff answers for a list page (the rows' assets in one query). */
  answers(rows: Row[], actor: EditorActor, now: Date): Promise<Admin[]>;
  /** The row if the caller may change it: 404 out of scope, 403 CNT_NOT_EDITABLE otherwise. */
  editable(p: Principal, id: string): Promise<{ row: Row; actor: EditorActor }>;
  /** Run a change (and its announcement) in one transaction; publish the events after commit. */
  change(fn: (tx: ContentDb) => Promise<Row>): Promise<Row>;
  /** Announce the row if its publication has come; answers it as stored. */
  announced(tx: ContentDb, row: Row, now: Date): Promise<Row>;
}

export function editorialHelpers<Row extends EditorialRow, Admin, Detail>(
  ctx: ContentContext,
  kind: EditorialKind<Row, Admin, Detail>,
): EditorialHelpers<Row, Admin> {
  const answers = async (rows: Row[], actor: EditorActor, now: Date) => {
    const byId = await assetsById(
      ctx.db,
      rows.flatMap((r) => [...r.imageIds, ...r.attachmentIds]),
    );
    return rows.map((r) => kind.toAdmin(r, actor, canEditItem(actor, r), now, byId));
  };
  return {
    answers,
    async answer(row, actor) {
      return (await answers([row], actor, ctx.clock.now()))[0]!;
    },
    async editable(p, id) {
      const row = await kind.load(ctx.db, p, id);
      const actor = editorActor(p, 'editorial');
      if (!canEditItem(actor, row)) throw new AppError('CNT_NOT_EDITABLE');
      return { row, actor };
    },
    async change(fn) {
      try {
        const row = await withTransaction(ctx.db, fn);
        ctx.kickEvents();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CNT_CODENAME_IN_USE');
        throw error;
      }
    },
    async announced(tx, row, now) {
      return (await kind.announce(tx, now, row.id)) ? { ...row, announcedAt: now } : row;
    },
  };
}

/**
 * The staff routes articles and calendar entries have alike (03 §2–§6): one item, create, replace,
 * delete, the resident preview, publish (now or scheduled), unpublish and cancel a schedule. Each
 * kind registers its own list (its filters) and brings its own save (its fields).
 */
export function editorialRoutes<Row extends EditorialRow, Input, Admin, Detail>(
  app: App,
  ctx: ContentContext,
  kind: EditorialKind<Row, Admin, Detail>,
  helpers: EditorialHelpers<Row, Admin>,
  save: (actor: EditorActor, input: Input, existing: Row | null) => Promise<Row>,
): void {
  const { answer, editable, change, announced } = helpers;
  const { path, noun, table, schemas } = kind;
  /** 'an article', 'a calendar entry' */
  const one = `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
  const write = { policy: CONTENT_POLICIES.editorialWrite };

  /** Set the row's publication state and answer it. */
  async function setStatus(existing: Row, actor: EditorActor, status: 'draft', now: Date) {
    const [row] = await ctx.db
      .update(table)
      .set({ status, announcedAt: null, updatedAt: now })
      .where(eq(table.id, existing.id))
      .returning();
    return answer(row as Row, actor);
  }

  app.get(
    `${path}/:id`,
    {
      schema: { summary: `One ${noun} (staff)`, params: zIdParam, response: { 200: schemas.response } },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request) => {
      const p = principalOf(request);
      return answer(await kind.load(ctx.db, p, request.params.id), editorActor(p, 'editorial'));
    },
  );

  app.post(
    path,
    {
      schema: {
        summary: `Create ${one} (published for now: announced at once; future publishAt: scheduled)`,
        body: schemas.request,
        response: { 201: schemas.response },
      },
      config: write,
    },
    async (request, reply) => {
      const actor = editorActor(principalOf(request), 'editorial');
      const row = await save(actor, request.body as Input, null);
      return reply.status(201).send(await answer(row, actor));
    },
  );

  app.put(
    `${path}/:id`,
    {
      schema: {
        summary: `Replace ${one} (the caller must be able to edit it)`,
        params: zIdParam,
        body: schemas.request,
        response: { 200: schemas.response },
      },
      config: write,
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      return answer(await save(actor, request.body as Input, existing), actor);
    },
  );

  app.delete(
    `${path}/:id`,
    {
      schema: { summary: `Delete ${one}`, params: zIdParam, response: { 204: z.null() } },
      config: write,
    },
    async (request, reply) => {
      const { row } = await editable(principalOf(request), request.params.id);
      await ctx.db.delete(table).where(eq(table.id, row.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${path}/:id/preview`,
    {
      schema: {
        summary: `The resident view of ${one} in scope, drafts and scheduled ones included`,
        params: zIdParam,
        querystring: zEditorialPreviewQuery,
        response: { 200: schemas.detail },
      },
      config: { policy: CONTENT_POLICIES.editorialRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await kind.load(ctx.db, p, request.params.id);
      const { housingCompanyId, lang } = request.query;
      const view = housingCompanyId
        ? await readerFor(ctx, p, { housingCompanyId, lang })
        : { language: languageOf(lang), now: ctx.clock.now() };
      return kind.detail(ctx.db, row, view);
    },
  );

  app.post(
    `${path}/:id/publish`,
    {
      schema: {
        summary:
          'Publish now, or schedule for a future publishAt (a draft reaching many housing companies needs confirmBroadAudience)',
        params: zIdParam,
        body: zEditorialPublishRequest,
        response: { 200: schemas.response },
      },
      config: write,
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      const now = ctx.clock.now();
      const publishAt = publishTime(request.body.publishAt, now);
      if (existing.unpublishAt && existing.unpublishAt <= publishAt)
        throw new AppError('CNT_UNPUBLISH_BEFORE_PUBLISH');
      // A scheduled item published now was confirmed when it was scheduled.
      if (existing.status !== 'published')
        await requireBroadAudienceConfirmation(ctx, existing, request.body.confirmBroadAudience);
      const row = await change(async (tx) => {
        const [updated] = await tx
          .update(table)
          .set({ status: 'published', publishAt, updatedAt: now })
          .where(eq(table.id, existing.id))
          .returning();
        return announced(tx, updated as Row, now);
      });
      return answer(row, actor);
    },
  );

  app.post(
    `${path}/:id/unpublish`,
    {
      schema: {
        summary: `Take ${one} back to draft (publishing again announces again)`,
        params: zIdParam,
        response: { 200: schemas.response },
      },
      config: write,
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      return setStatus(existing, actor, 'draft', ctx.clock.now());
    },
  );

  app.post(
    `${path}/:id/cancel-schedule`,
    {
      schema: {
        summary: 'Cancel a scheduled publication (back to draft, the chosen time kept)',
        params: zIdParam,
        response: { 200: schemas.response },
      },
      config: write,
    },
    async (request) => {
      const { row: existing, actor } = await editable(principalOf(request), request.params.id);
      const now = ctx.clock.now();
      if (!isScheduled(existing, now)) throw new AppError('CNT_NOT_SCHEDULED');
      return setStatus(existing, actor, 'draft', now);
    },
  );
}
