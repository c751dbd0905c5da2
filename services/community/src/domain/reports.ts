import {
  type AdminReport,
  type AdminReportDetail,
  type AdminReportListQuery,
  discussionUrl,
  type ReportCreate,
  type ReportTarget,
  type ReportType,
  referenceUrl,
  reportHrefHousingCompany,
} from '@porta/contracts';
import { AppError, htmlToText, type Principal, plainText, type Scope, sortBy } from '@porta/service-kit';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from '../context.js';
import { comments, discussions, reports } from '../db/schema.js';
import { readsCommunityOf } from '../policies.js';
import { firstNameOf } from './author.js';

/**
 * Violation reports (01 §1, §3, §5, §7): a member reports something they saw in their housing
 * company. The address must carry `_hc=` with that housing company's hcExt, as the app sends it.
 * Reports are stored with the housing company's hcExt and name of that moment, for the staff list.
 */

type ReportRow = typeof reports.$inferSelect;

export async function createReport(
  ctx: CommunityContext,
  p: Principal,
  input: Required<Pick<ReportCreate, 'reportType' | 'description'>> &
    Omit<ReportCreate, 'reportType' | 'description'>,
): Promise<string> {
  if (!readsCommunityOf(p, input.housingCompanyId)) throw new AppError('COM_HOUSING_COMPANY_NOT_FOUND');
  const [hc, firstName] = await Promise.all([
    ctx.identity.housingCompany(input.housingCompanyId),
    firstNameOf(ctx, p),
  ]);
  if (!hc) throw new AppError('COM_HOUSING_COMPANY_NOT_FOUND');
  if (reportHrefHousingCompany(input.targetHref) !== hc.hcExt) {
    throw new AppError('COM_REPORT_HREF', {
      errors: [
        { path: 'body.targetHref', message: "The address must carry _hc= the housing company's hcExt" },
      ],
    });
  }
  const [row] = await ctx.db
    .insert(reports)
    .values({
      housingCompanyId: hc.id,
      hcExt: hc.hcExt,
      housingCompanyName: hc.name,
      targetObject: plainText(input.targetObject),
      targetType: plainText(input.targetType),
      targetHref: input.targetHref,
      reportType: input.reportType,
      description: plainText(input.description, { multiline: true }),
      reporterId: p.userId,
      reporterFirstName: firstName,
    })
    .returning({ id: reports.id });
  return row!.id;
}

export function toAdminReport(row: ReportRow): AdminReport {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    housingCompanyId: row.housingCompanyId,
    hcExt: row.hcExt,
    housingCompanyName: row.housingCompanyName,
    targetObject: row.targetObject,
    targetType: row.targetType,
    targetHref: row.targetHref,
    reportType: row.reportType as ReportType,
    description: row.description,
    reporterId: row.reporterId,
    reporterFirstName: row.reporterFirstName,
    state: row.handledAt ? 'handled' : 'open',
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledAt ? row.handledBy : null,
    handledByFirstName: row.handledAt ? row.handledByFirstName : null,
    handledHow: row.handledAt ? row.handledHow : null,
  };
}

function inScope(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.housingCompanyIds.length
    ? inArray(reports.housingCompanyId, scope.housingCompanyIds)
    : sql`false`;
}

export function reportWhere(scope: Scope, filter: AdminReportListQuery['filter']): SQL | undefined {
  const where: (SQL | undefined)[] = [inScope(scope)];
  if (filter?.state === 'open') where.push(isNull(reports.handledAt));
  if (filter?.state === 'handled') where.push(isNotNull(reports.handledAt));
  if (filter?.housingCompanyId) where.push(eq(reports.housingCompanyId, filter.housingCompanyId));
  if (filter?.reportType) where.push(eq(reports.reportType, filter.reportType));
  if (filter?.targetType) where.push(eq(reports.targetType, filter.targetType));
  if (filter?.targetObject) where.push(eq(reports.targetObject, filter.targetObject));
  if (filter?.id) where.push(filter.id.length ? inArray(reports.id, filter.id) : sql`false`);
  return and(...where);
}

export function reportOrder(sort: AdminReportListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['createdAt', 'DESC'];
  const column =
    field === 'reportType'
      ? reports.reportType
      : field === 'targetType'
        ? reports.targetType
        : reports.createdAt;
  return [sortBy(column, order), desc(reports.createdAt), asc(reports.id)];
}

/** One report in the moderator's scope with what it points at, else 404. */
export async function reportById(
  ctx: CommunityContext,
  scope: Scope,
  id: string,
): Promise<AdminReportDetail> {
  const [row] = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), inScope(scope)));
  if (!row) throw new AppError('COM_REPORT_NOT_FOUND');
  return { ...toAdminReport(row), target: await reportTarget(ctx, row) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The discussion or comment a report points at, of the report's housing company only: the
 * reporter names the target, so a target elsewhere is not shown to this housing company's
 * moderators.
 */
async function reportTarget(ctx: CommunityContext, report: ReportRow): Promise<ReportTarget | null> {
  if (!UUID.test(report.targetObject)) return null;
  if (report.targetType === 'comment') {
    const [comment] = await ctx.db
      .select()
      .from(comments)
      .where(
        and(eq(comments.id, report.targetObject), eq(comments.housingCompanyId, report.housingCompanyId)),
      );
    if (!comment) return null;
    const [discussion] = comment.discussionId
      ? await ctx.db
          .select({ title: discussions.title })
          .from(discussions)
          .where(eq(discussions.id, comment.discussionId))
      : [];
    return {
      kind: 'comment',
      id: comment.id,
      discussionId: comment.discussionId,
      discussionTitle: discussion?.title ?? null,
      text: htmlToText(comment.body),
      authorId: comment.authorId,
      authorFirstName: comment.authorFirstName,
      createdAt: comment.createdAt.toISOString(),
      isDeleted: comment.isDeleted,
      url: comment.discussionId
        ? discussionUrl(comment.discussionId, comment.id)
        : referenceUrl(comment.referenceType!, comment.referenceId!, comment.id),
    };
  }
  if (report.targetType === 'discussion') {
    const [discussion] = await ctx.db
      .select()
      .from(discussions)
      .where(
        and(
          eq(discussions.id, report.targetObject),
          eq(discussions.housingCompanyId, report.housingCompanyId),
        ),
      );
    if (!discussion) return null;
    return {
      kind: 'discussion',
      id: discussion.id,
      discussionId: discussion.id,
      discussionTitle: discussion.title,
      text: [discussion.title, htmlToText(discussion.body)].filter(Boolean).join(' — '),
      authorId: discussion.authorId,
      authorFirstName: discussion.authorFirstName,
      createdAt: discussion.createdAt.toISOString(),
      isDeleted: discussion.deletedAt !== null,
      url: discussionUrl(discussion.id),
    };
  }
  return null;
}

// --- Handled or open (ADR 0017 addendum "Handled reports") ------------------------------------

/** The report in the moderator's scope, else 404. */
async function reportInScope(ctx: CommunityContext, scope: Scope, id: string): Promise<ReportRow> {
  const [row] = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), inScope(scope)));
  if (!row) throw new AppError('COM_REPORT_NOT_FOUND');
  return row;
}

/**
 * A moderator marks the report handled (it was looked at; nothing more to do). A report handled
 * already stays as it was, with who handled it first.
 */
export async function markReportHandled(
  ctx: CommunityContext,
  p: Principal,
  scope: Scope,
  id: string,
): Promise<AdminReportDetail> {
  const row = await reportInScope(ctx, scope, id);
  if (!row.handledAt) {
    const firstName = await firstNameOf(ctx, p);
    await ctx.db
      .update(reports)
      .set({
        handledAt: new Date(),
        handledBy: p.userId,
        handledByFirstName: firstName,
        handledHow: 'marked',
      })
      .where(and(eq(reports.id, row.id), isNull(reports.handledAt)));
  }
  return reportById(ctx, scope, id);
}

/** A moderator reopens a handled report (an open one stays open), whether or not its item is deleted. */
export async function reopenReport(
  ctx: CommunityContext,
  scope: Scope,
  id: string,
): Promise<AdminReportDetail> {
  const row = await reportInScope(ctx, scope, id);
  if (row.handledAt) {
    await ctx.db
      .update(reports)
      .set({ handledAt: null, handledBy: null, handledByFirstName: null, handledHow: null })
      .where(eq(reports.id, row.id));
  }
  return reportById(ctx, scope, id);
}

/** Deleted items whose open reports become handled: their kind and ids. */
export interface DeletedTargets {
  type: 'discussion' | 'comment' | 'message';
  ids: readonly string[];
  /**
   * Only the reports of this housing company (discussions and comments: a report naming another
   * company's item never shows it, so neither does its state); null for messages of any company
   * (an area discussion's messages are reported from any of the area's companies).
   */
  housingCompanyId: string | null;
}

function openReportsOn(targets: readonly DeletedTargets[]): SQL | undefined {
  const some = targets.filter((t) => t.ids.length > 0);
  if (!some.length) return undefined;
  return and(
    isNull(reports.handledAt),
    sql.join(
      some.map(
        (t) =>
          sql`(${and(
            eq(reports.targetType, t.type),
            inArray(reports.targetObject, [...t.ids]),
            t.housingCompanyId ? eq(reports.housingCompanyId, t.housingCompanyId) : undefined,
          )})`,
      ),
      sql` or `,
    ),
  );
}

/**
 * Who is deleting, as the reports on the deleted items will name them: asked of identity only when
 * some open report names one of the items (most deletions have none).
 */
export async function deleterOf(
  ctx: CommunityContext,
  p: Principal,
  targets: readonly DeletedTargets[],
): Promise<{ id: string; firstName: string } | null> {
  const where = openReportsOn(targets);
  if (!where) return null;
  const [open] = await ctx.db.select({ id: reports.id }).from(reports).where(where).limit(1);
  if (!open) return null;
  return { id: p.userId, firstName: await firstNameOf(ctx, p) };
}

/**
 * The open reports on deleted items become handled (handled_how deleted), in the deletion's own
 * transaction: a report whose item is gone is not left waiting. `by` comes from deleterOf; a report
 * that arrived meanwhile names the deleter by the first word of the token's name.
 */
export async function handleReportsOnDeletion(
  tx: CommunityDb,
  p: Principal,
  targets: readonly DeletedTargets[],
  by: { id: string; firstName: string } | null,
): Promise<void> {
  const where = openReportsOn(targets);
  if (!where) return;
  await tx
    .update(reports)
    .set({
      handledAt: new Date(),
      handledBy: p.userId,
      handledByFirstName: by?.firstName ?? (p.name.split(/\s+/)[0] || p.name),
      handledHow: 'deleted',
    })
    .where(where);
}
