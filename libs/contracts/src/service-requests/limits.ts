import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES } from '../content/limits.js';
import type { Role } from '../roles.js';

/**
 * Limits of the service requests (02 §5, §9), one place each. The page size itself is
 * PAGE_SIZE_SERVICE_REQUESTS (10) in constants.ts.
 */

/** The most requests one page may ask for (the default page is 10). */
export const SERVICE_REQUEST_PAGE_MAX = 100;

/** Attachments (02 §5, §9): up to 36,700,160 bytes each, of the allowed extensions (shared with content). */
export const SERVICE_REQUEST_ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const SERVICE_REQUEST_ATTACHMENT_EXTENSIONS = ATTACHMENT_EXTENSIONS;
/** Archives (02 §5): only for yitUser or admin. */
export const SERVICE_REQUEST_ARCHIVE_EXTENSIONS = ['zip', 'rar', 'tar'] as const;
/** Who may attach archives (admin passes every role check; yitUser covers the developer's staff). */
export const SERVICE_REQUEST_ARCHIVE_ROLES: readonly Role[] = ['yitUser'];
/** Attachments on one request or response at most. */
export const SERVICE_REQUEST_ATTACHMENTS_MAX = 10;

export const SERVICE_REQUEST_SUBJECT_MAX_CHARS = 200;
/** Content as sent (HTML before sanitising). */
export const SERVICE_REQUEST_CONTENT_MAX_CHARS = 20_000;
export const SERVICE_REQUEST_INTERNAL_ID_MAX_CHARS = 100;
export const SERVICE_REQUEST_TEL_MAX_CHARS = 50;

/** One reminder per request in this time (ADR 0018). */
export const SERVICE_REQUEST_REMINDER_INTERVAL_MS = 3_600_000;

/**
 * A request is overdue when it is still pending (open or in progress) and nothing has happened to
 * it (no change, response or reminder: its updatedAt) for this many days. Requests have no due
 * date (02 §3); the staff app’s dashboard counts these (ADR 0023).
 */
export const SERVICE_REQUEST_OVERDUE_DAYS = 7;
