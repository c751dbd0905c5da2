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
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CommunityContext } from '../context.js';
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
    return {
      kind: 'comment',
      id: comment.id,
      discussionId: comment.discussionId,
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
