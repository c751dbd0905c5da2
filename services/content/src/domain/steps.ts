import {
  type AdminStep,
  type AdminStepListQuery,
  type AdminStepWrite,
  type AssetRef,
  type Role,
  STEP_INTRODUCTION_MAX_CHARS,
  type StepDetail,
  type StepRelatedLink,
  type StepRelatedRef,
  type StepSummary,
  type StepTexts,
} from '@porta/contracts';
import { AppError, type Principal, type Scope, sortBy, withTransaction } from '@porta/service-kit';
import { and, arrayOverlaps, asc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ContentContext, ContentDb } from '../context.js';
import { articles, calendarEntries, type contacts, type faqs, steps } from '../db/schema.js';
import { type EditorActor, editorActor, STEP_EDITORS } from '../policies.js';
import { authorOf, byIdOrCodename, isUniqueViolation, itemWhere, staffListWhere } from './articles.js';
import { assetRefs, requireAssets } from './assets.js';
import { isoDay } from './clock.js';
import { sanitizeRichText } from './html.js';
import { checkTargeting, distinctTargeting, resolvePublication } from './publication.js';
import { audienceOf, type Reader, visibleTo } from './reader.js';
import { codenameFrom, cutText, htmlToText, pickVariant } from './text.js';

/**
 * Lifecycle steps (02 §2 /step/:id, 02 §3, 02 §4, 03 §3): residents see them only while the
 * housing company has lifecycle steps active; steps without a start date are dropped; the list
 * runs by start date; introductions are cut to 250 characters; a step is upcoming while its start
 * date is not in the past. Staff (03 §2: admin, yitBusinessAdmin, yitProject, yitMarketing) edit
 * them per housing company.
 *
 * The end of this file holds small helpers the support areas' staff routes share (contacts, FAQ).
 */

type StepRow = typeof steps.$inferSelect;

// --- Resident ---------------------------------------------------------------------------------

function stepSummary(row: StepRow, reader: Reader, image: AssetRef | null): StepSummary {
  const { variant, language } = pickVariant(row.variants, reader.language, row.defaultLanguage);
  const intro = variant.introduction?.trim() ? variant.introduction : htmlToText(variant.content ?? '');
  const dateStart = row.dateStart as string;
  return {
    id: row.id,
    codename: row.codename,
    title: variant.title,
    introduction: cutText(intro, STEP_INTRODUCTION_MAX_CHARS),
    dateStart,
    image,
    parentId: row.parentId,
    // 02 §4: upcoming when the date is not in the past (days are UTC, ADR 0013).
    upcoming: dateStart >= isoDay(reader.now),
    disableConfiguring: row.disableConfiguring,
    language,
  };
}

/** Steps the reader sees: published to them, with a start date, lifecycle steps active. */
function visibleSteps(reader: Reader): SQL {
  return and(visibleTo(steps, reader), isNotNull(steps.dateStart)) as SQL;
}

/** The resident list: [] unless lifecycle steps are active; by start date, oldest first. */
export async function residentSteps(ctx: ContentContext, reader: Reader): Promise<StepSummary[]> {
  if (!reader.housingCompany.lifecycleStepsActive) return [];
  const rows = await ctx.db
    .select()
    .from(steps)
    .where(visibleSteps(reader))
    .orderBy(asc(steps.dateStart), asc(steps.title), asc(steps.id));
  const firstImages = await assetRefs(
    ctx.db,
    rows.flatMap((r) => r.imageIds.slice(0, 1)),
  );
  const byId = new Map(firstImages.map((a) => [a.id, a]));
  return rows.map((r) => stepSummary(r, reader, byId.get(r.imageIds[0] ?? '') ?? null));
}

/** One step with its content, images and the related content the reader may see. */
export async function residentStep(
  ctx: ContentContext,
  reader: Reader,
  idOrCodename: string,
): Promise<StepDetail> {
  if (!reader.housingCompany.lifecycleStepsActive) throw new AppError('CNT_NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(steps)
    .where(and(byIdOrCodename(steps, idOrCodename), visibleSteps(reader)))
    .limit(1);
  if (!row) throw new AppError('CNT_NOT_FOUND');
  const images = await assetRefs(ctx.db, row.imageIds);
  const { variant } = pickVariant(row.variants, reader.language, row.defaultLanguage);
  return {
    ...stepSummary(row, reader, images[0] ?? null),
    content: variant.content ?? '',
    images,
    related: await relatedLinks(ctx, reader, row.related),
  };
}

/** Titles and addresses of related items the reader may see, in the step's order. */
async function relatedLinks(
  ctx: ContentContext,
  reader: Reader,
  related: readonly { type: string; id: string }[],
): Promise<StepRelatedLink[]> {
  const ids = (type: string) => related.filter((r) => r.type === type).map((r) => r.id);
  const articleIds = ids('article');
  const entryIds = ids('calendar-entry');
  const stepIds = ids('step');
  const title = (row: {
    variants: Partial<Record<string, { title: string }>>;
    defaultLanguage: string;
    title: string;
  }) => {
    try {
      return pickVariant(row.variants, reader.language, row.defaultLanguage).variant.title;
    } catch {
      return row.title;
    }
  };
  const found = new Map<string, { codename: string; title: string }>();
  if (articleIds.length) {
    const rows = await ctx.db
      .select()
      .from(articles)
      .where(
        and(
          inArray(articles.id, articleIds),
          visibleTo(articles, reader),
          or(isNull(articles.archiveAt), gt(articles.archiveAt, reader.now)),
          or(isNull(articles.buildingPhase), eq(articles.buildingPhase, reader.phase)),
        ),
      );
    for (const r of rows) found.set(`article:${r.id}`, { codename: r.codename, title: title(r) });
  }
  if (entryIds.length) {
    const rows = await ctx.db
      .select()
      .from(calendarEntries)
      .where(and(inArray(calendarEntries.id, entryIds), visibleTo(calendarEntries, reader)));
    for (const r of rows) found.set(`calendar-entry:${r.id}`, { codename: r.codename, title: title(r) });
  }
  if (stepIds.length) {
    const rows = await ctx.db
      .select()
      .from(steps)
      .where(and(inArray(steps.id, stepIds), visibleSteps(reader)));
    for (const r of rows) found.set(`step:${r.id}`, { codename: r.codename, title: title(r) });
  }
  const linkOf: Record<string, (codename: string) => string> = {
    article: (c) => `/news/${c}`,
    'calendar-entry': (c) => `/calendar/entry/${c}`,
    step: (c) => `/step/${c}`,
  };
  return related.flatMap((r) => {
    const item = found.get(`${r.type}:${r.id}`);
    const link = linkOf[r.type];
    if (!item || !link) return [];
    return [
      {
        type: r.type as StepRelatedLink['type'],
        id: r.id,
        codename: item.codename,
        title: item.title,
        link: link(encodeURIComponent(item.codename)),
      },
    ];
  });
}

// --- Staff ------------------------------------------------------------------------------------

/** May the caller change steps (03 §2: admin, yitBusinessAdmin, yitProject, yitMarketing)? */
export const mayEditSteps = (p: Principal) => p.hasRole(...STEP_EDITORS);

export function toAdminStep(row: StepRow, images: AssetRef[], now: Date, canEdit: boolean): AdminStep {
  return {
    ...adminMetaOf(row, now, canEdit),
    title: row.title,
    defaultLanguage: row.defaultLanguage as AdminStep['defaultLanguage'],
    variants: row.variants as AdminStep['variants'],
    dateStart: row.dateStart,
    parentId: row.parentId,
    imageIds: row.imageIds,
    images,
    related: row.related as StepRelatedRef[],
    disableConfiguring: row.disableConfiguring,
    targeting: targetingOf(row),
    ...publicationOf(row),
  };
}

/** Steps of the staff list, with the first page of their images resolved. */
export async function adminStepsOf(ctx: ContentContext, rows: StepRow[], canEdit: boolean) {
  const refs = await assetRefs(
    ctx.db,
    rows.flatMap((r) => r.imageIds),
  );
  const byId = new Map(refs.map((a) => [a.id, a]));
  const now = ctx.clock.now();
  return rows.map((r) =>
    toAdminStep(
      r,
      r.imageIds.flatMap((id) => byId.get(id) ?? []),
      now,
      canEdit,
    ),
  );
}

export const STEP_SORT_COLUMNS = {
  dateStart: steps.dateStart,
  title: steps.title,
  createdAt: steps.createdAt,
  updatedAt: steps.updatedAt,
} as const;

export async function adminStepWhere(
  ctx: ContentContext,
  scope: Scope,
  filter: AdminStepListQuery['filter'],
): Promise<SQL | undefined> {
  return and(
    scopeWhere(steps.housingCompanyIds, scope),
    ...(await staffListWhere(ctx, steps, [steps.title, steps.codename], filter)),
  );
}

/** The staff list's order; steps without a start date come last either way. */
export function stepOrder(sort: AdminStepListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['dateStart', 'ASC'];
  const first =
    field === 'dateStart'
      ? order === 'ASC'
        ? sql`${steps.dateStart} asc nulls last`
        : sql`${steps.dateStart} desc nulls last`
      : sortBy(STEP_SORT_COLUMNS[field], order);
  return [first, asc(steps.title), asc(steps.id)];
}

/** A step in the caller's scope, or 404. */
export function stepInScope(ctx: ContentContext, scope: Scope, id: string): Promise<StepRow> {
  return itemWhere(ctx.db, steps, id, scopeWhere(steps.housingCompanyIds, scope));
}

function cleanStepVariants(variants: AdminStepWrite['variants']): Record<string, StepTexts> {
  const out: Record<string, StepTexts> = {};
  for (const [lang, v] of Object.entries(variants)) {
    if (!v) continue;
    out[lang] = {
      title: v.title,
      ...(v.introduction ? { introduction: v.introduction } : {}),
      ...(v.content !== undefined ? { content: sanitizeRichText(v.content) } : {}),
    };
  }
  return out;
}

/** Check the parent and the related items of a step (selfId: the step being changed). */
async function checkStepLinks(db: ContentDb, input: AdminStepWrite, selfId: string | null): Promise<void> {
  if (input.parentId) {
    if (input.parentId === selfId) throw new AppError('CNT_STEP_PARENT_INVALID');
    const [parent] = await db.select({ id: steps.id }).from(steps).where(eq(steps.id, input.parentId));
    if (!parent) throw new AppError('CNT_STEP_PARENT_INVALID');
  }
  const tables = { article: articles, 'calendar-entry': calendarEntries, step: steps } as const;
  for (const type of Object.keys(tables) as (keyof typeof tables)[]) {
    const ids = [...new Set(input.related.filter((r) => r.type === type).map((r) => r.id))];
    if (ids.length === 0) continue;
    if (type === 'step' && selfId && ids.includes(selfId)) throw new AppError('CNT_STEP_RELATED_NOT_FOUND');
    const table = tables[type];
    const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (rows.length < ids.length) throw new AppError('CNT_STEP_RELATED_NOT_FOUND');
  }
}

/** The stored columns for a step body (checked: targeting, images, parent, related). */
async function stepValues(ctx: ContentContext, p: Principal, input: AdminStepWrite, selfId: string | null) {
  await checkTargeting(ctx, editorActor(p, 'editorial'), input.targeting);
  await requireAssets(ctx.db, input.imageIds, ['image', 'article-image']);
  await checkStepLinks(ctx.db, input, selfId);
  const publication = resolvePublication(input, ctx.clock.now());
  const variants = cleanStepVariants(input.variants);
  const related = input.related.filter(
    (r, i, all) => all.findIndex((o) => o.type === r.type && o.id === r.id) === i,
  );
  return {
    title: variants[input.defaultLanguage]!.title,
    variants,
    defaultLanguage: input.defaultLanguage,
    dateStart: input.dateStart,
    parentId: input.parentId,
    imageIds: input.imageIds,
    related,
    disableConfiguring: input.disableConfiguring,
    ...distinctTargeting(input.targeting),
    audience: audienceOf(input.targeting),
    status: publication.status,
    publishAt: publication.publishAt,
    unpublishAt: publication.unpublishAt,
  };
}

export async function createStep(ctx: ContentContext, p: Principal, input: AdminStepWrite): Promise<StepRow> {
  const values = await stepValues(ctx, p, input, null);
  return createStaffItem(ctx, steps, input.codename, values.title, values, editorActor(p, 'editorial'));
}

export async function updateStep(
  ctx: ContentContext,
  p: Principal,
  row: StepRow,
  input: AdminStepWrite,
): Promise<StepRow> {
  const values = await stepValues(ctx, p, input, row.id);
  return updateStaffItem(ctx, steps, row, input.codename, values.title, values);
}

/** Delete a step; its children lose their parent and other steps drop it from their related content. */
export async function deleteStep(ctx: ContentContext, id: string): Promise<void> {
  await withTransaction(ctx.db, async (tx) => {
    await tx.update(steps).set({ parentId: null }).where(eq(steps.parentId, id));
    await tx
      .update(steps)
      .set({
        related: sql`coalesce((select jsonb_agg(r) from jsonb_array_elements(${steps.related}) r where not (r->>'type' = 'step' and r->>'id' = ${id})), '[]'::jsonb)`,
      })
      .where(sql`${steps.related} @> ${JSON.stringify([{ type: 'step', id }])}::jsonb`);
    await tx.delete(steps).where(eq(steps.id, id));
  });
}

// --- Helpers shared by the support areas' staff routes (steps, contacts, FAQ) -----------------

/**
 * Store with the given codename (a taken one answers CNT_CODENAME_IN_USE), or with one made from
 * the title (a fresh suffix is tried again on the rare clash).
 */
export async function insertWithCodename<T>(
  given: string | undefined,
  title: string,
  store: (codename: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const codename = given ?? codenameFrom(title, crypto.randomUUID().slice(0, 8));
    try {
      return await store(codename);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (given || attempt >= 2) throw new AppError('CNT_CODENAME_IN_USE');
    }
  }
}

/** Tables of the support areas' staff items (steps, contacts, FAQ entries). */
type StaffItemTable = typeof steps | typeof contacts | typeof faqs;

/** Store a new staff item, written by the actor, with the given codename or one from its title. */
export function createStaffItem<T extends StaffItemTable>(
  ctx: ContentContext,
  table: T,
  given: string | undefined,
  title: string,
  values: Omit<T['$inferInsert'], 'codename'>,
  actor: EditorActor,
): Promise<T['$inferSelect']> {
  return insertWithCodename(given, title, async (codename) => {
    const [row] = await ctx.db
      .insert(table as PgTable)
      .values({ ...values, codename, ...authorOf(actor) })
      .returning();
    return row as T['$inferSelect'];
  });
}

/** Replace a staff item's values, with the given codename or the one it has. */
export function updateStaffItem<T extends StaffItemTable>(
  ctx: ContentContext,
  table: T,
  row: { id: string; codename: string },
  given: string | undefined,
  title: string,
  values: Omit<T['$inferInsert'], 'codename'>,
): Promise<T['$inferSelect']> {
  return insertWithCodename(given ?? row.codename, title, async (codename) => {
    const [updated] = await ctx.db
      .update(table as PgTable)
      .set({ ...values, codename, updatedAt: ctx.clock.now() })
      .where(eq(table.id, row.id))
      .returning();
    return updated as T['$inferSelect'];
  });
}

/** Items in the scope: all, or those targeting one of the scope's housing companies. */
export function scopeWhere(housingCompanyIds: PgColumn, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.housingCompanyIds.length
    ? arrayOverlaps(housingCompanyIds, scope.housingCompanyIds)
    : sql`false`;
}

interface StaffItemRow {
  id: string;
  codename: string;
  createdAt: Date;
  updatedAt: Date;
  authorId: string | null;
  authorName: string;
  authorRoles: string[];
  status: string;
  publishAt: Date | null;
  unpublishAt: Date | null;
  housingCompanyIds: string[];
  buildingTaxonomies: string[];
}

export function adminMetaOf(row: StaffItemRow, now: Date, canEdit: boolean) {
  return {
    id: row.id,
    codename: row.codename,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: { id: row.authorId, name: row.authorName, roles: row.authorRoles as Role[] },
    scheduled: row.status === 'published' && !!row.publishAt && row.publishAt > now,
    canEdit,
  };
}

export function publicationOf(row: StaffItemRow) {
  return {
    status: row.status as 'draft' | 'published',
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
  };
}

export function targetingOf(row: StaffItemRow) {
  return { housingCompanyIds: row.housingCompanyIds, buildingTaxonomies: row.buildingTaxonomies };
}
