import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import {
  REPORT_DESCRIPTION_MAX_CHARS,
  REPORT_HREF_MAX_CHARS,
  REPORT_TARGET_MAX_CHARS,
  REPORT_TARGET_TYPE_MAX_CHARS,
} from './limits.js';

/**
 * Violation reports (01 §1, §3 Report, §5 report form, §7 reportViolation): a resident reports a
 * message; moderators of the housing company list the reports in the staff app.
 */

/** 01 §5: the report types; improper_or_inappropriate_content is the default. */
export const REPORT_TYPES = [
  'improper_or_inappropriate_content',
  'content_breach_your_privacy',
  'racist_or_discriminatory_content',
  'copyright-protected_contents',
  'other_reason',
] as const;
export const zReportType = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof zReportType>;
export const DEFAULT_REPORT_TYPE: ReportType = 'improper_or_inappropriate_content';

/** The `_hc=` parameter of a report's targetHref (01 §7: the address plus _hc= the company's hcExt). */
export function reportHrefHousingCompany(href: string): string | null {
  const match = /[?&#]_hc=([^&#]*)/.exec(href);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * A path of the portal, as the resident app sends a report's address: it starts with one '/' and
 * has no scheme, no '//' host, no backslash and no control character, so the link in the staff
 * app can only lead within the portal (never to another site or a javascript: address).
 */
export function isPortalPath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  if (href.includes('\\')) return false;
  // No C0 control, DEL or C1 control: a browser drops tabs and line breaks from an address, which
  // would turn '/\t/host' into '//host'.
  for (const ch of href) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return true;
}

export const zReportCreate = z.strictObject({
  /** The housing company the reporter is looking at (they must belong to it). */
  housingCompanyId: zUuid,
  /** The reported object's id. */
  targetObject: z.string().trim().min(1).max(REPORT_TARGET_MAX_CHARS),
  /** What it is: comment, discussion, message… */
  targetType: z.string().trim().min(1).max(REPORT_TARGET_TYPE_MAX_CHARS),
  /** Where it was seen: a path of the portal (isPortalPath) with _hc= the housing company's hcExt. */
  targetHref: z
    .string()
    .trim()
    .min(1)
    .max(REPORT_HREF_MAX_CHARS)
    .refine(isPortalPath, 'The address must be a path of the portal')
    .refine((href) => reportHrefHousingCompany(href) !== null, 'The address must carry _hc='),
  reportType: zReportType.default(DEFAULT_REPORT_TYPE),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX_CHARS).default(''),
});
export type ReportCreate = z.input<typeof zReportCreate>;

export const zReportCreated = z.object({ id: zUuid });

// --- Staff (/admin/reports) -------------------------------------------------------------------

/**
 * A report's state for the moderators: open until a moderator marks it handled or the reported
 * discussion, comment or message is deleted (by a moderator or its writer); a moderator may reopen
 * it (ADR 0017 addendum "Handled reports").
 */
export const REPORT_STATES = ['open', 'handled'] as const;
export const zReportState = z.enum(REPORT_STATES);
export type ReportState = z.infer<typeof zReportState>;

/** How a report became handled: a moderator marked it, or the reported item was deleted. */
export const REPORT_HANDLED_HOW = ['marked', 'deleted'] as const;
export const zReportHandledHow = z.enum(REPORT_HANDLED_HOW);
export type ReportHandledHow = z.infer<typeof zReportHandledHow>;

export const zAdminReport = z.object({
  id: zUuid,
  createdAt: zIsoDateTime,
  housingCompanyId: zUuid,
  hcExt: z.string(),
  housingCompanyName: z.string(),
  targetObject: z.string(),
  targetType: z.string(),
  targetHref: z.string(),
  reportType: zReportType,
  description: z.string(),
  reporterId: zUuid,
  reporterFirstName: z.string(),
  state: zReportState,
  /** When it became handled; null while open. */
  handledAt: zIsoDateTime.nullable(),
  /** Who handled it (the moderator, or whoever deleted the reported item); null while open. */
  handledBy: zUuid.nullable(),
  handledByFirstName: z.string().nullable(),
  handledHow: zReportHandledHow.nullable(),
});
export type AdminReport = z.infer<typeof zAdminReport>;
export const zAdminReportList = z.array(zAdminReport);

/**
 * What a report points at, as it is now, for the moderator deciding what to do: a discussion or a
 * comment of the report's housing company (null when the target is of another kind, unknown or
 * gone).
 */
export const zReportTarget = z.object({
  kind: z.enum(['discussion', 'comment']),
  id: zUuid,
  /** The discussion it is in; null for a comment on a reference (a news article). */
  discussionId: zUuid.nullable(),
  /** That discussion's title (a deleted discussion's too); null for a comment on a reference. */
  discussionTitle: z.string().nullable(),
  /** The text as plain text (images and markup left out). */
  text: z.string(),
  authorId: zUuid,
  authorFirstName: z.string(),
  createdAt: zIsoDateTime,
  /** Deleted since (a comment keeps its place, a discussion is gone from the lists). */
  isDeleted: z.boolean(),
  /** The resident app's address of it. */
  url: z.string(),
});
export type ReportTarget = z.infer<typeof zReportTarget>;

/** One report with its target (staff: /admin/reports/:id). */
export const zAdminReportDetail = zAdminReport.extend({ target: zReportTarget.nullable() });
export type AdminReportDetail = z.infer<typeof zAdminReportDetail>;

export const ADMIN_REPORT_SORT_FIELDS = ['createdAt', 'reportType', 'targetType'] as const;
export const zAdminReportFilter = {
  /** open or handled; both when left out (the staff app asks for open ones first). */
  state: zReportState.optional(),
  housingCompanyId: zUuid.optional(),
  reportType: zReportType.optional(),
  targetType: z.string().trim().max(REPORT_TARGET_TYPE_MAX_CHARS).optional(),
  targetObject: z.string().trim().max(REPORT_TARGET_MAX_CHARS).optional(),
  id: z.array(zUuid).max(1000).optional(),
};
export const zAdminReportListQuery = zAdminListQuery(zAdminReportFilter, ADMIN_REPORT_SORT_FIELDS);
export type AdminReportListQuery = z.infer<typeof zAdminReportListQuery>;
