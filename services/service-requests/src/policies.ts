import {
  SERVICE_REQUEST_ARCHIVE_ROLES,
  SERVICE_REQUEST_GLOBAL_HANDLERS,
  SERVICE_REQUEST_HC_DELETERS,
  SERVICE_REQUEST_HC_HANDLERS,
} from '@porta/contracts';
import { type Policy, type Principal, policy } from '@porta/service-kit';

/**
 * Who may do what with service requests (02 §6, ADR 0018): the one policy table. Every route is
 * open to any signed-in user; which requests a caller reaches, and what they may do with them, is
 * decided in the handlers from the functions below, so that anything of another housing company
 * (or a request the caller may not see) answers 404. docs/authorization.md explains the table;
 * src/routes/authorization-matrix.test.ts checks every route against every kind of caller.
 *
 * - A resident (any member of the housing company) sends requests, and reads and answers their
 *   own, those targeted to them, those visible in their apartment and the company's public ones.
 * - Handlers read every request of the housing company and answer, move the status, change the
 *   publicity, type and partner, and forward: its managers, board, rental and hab managers (02 §6
 *   "wide access"), the developer's staff everywhere; a request's recipients and the users of its
 *   partner company handle that request.
 * - Staff (the company's handlers and the developer's staff) add recipients, and list the requests
 *   of every company they handle in the staff app (the `staff` policy: 403 for anyone else).
 * - The sender edits the content while the request is open, closes it, and deletes it while open;
 *   admin, the developer's staff and the company's property and maintenance managers delete any.
 * - The writer of a response edits and deletes it, and the uploader of a file removes it, while the
 *   request is not closed; the same managers delete any response and remove any file (moderation).
 * - A recipient's manage link (the /manage routes, public) reads that one request, answers it and
 *   moves its status as that recipient, without signing in; the handler checks the link (else 404).
 */
export const SERVICE_REQUEST_POLICIES = {
  /** Every route but the manage link's: any signed-in user, the object rules above in the handler (else 404). */
  signedIn: policy.authenticated(),
  /** The staff app's list and detail: handlers of some housing company, or the developer's staff. */
  staff: policy.rule('serviceRequests'),
  /** The manage link's routes: the signed link is the credential, checked in the handler. */
  manageLink: policy.public('the signed manage link is the credential'),
} satisfies Record<string, Policy>;

/** The developer's staff: every housing company's requests (admin passes). */
export function isGlobalHandler(p: Principal): boolean {
  return p.hasRole(...SERVICE_REQUEST_GLOBAL_HANDLERS);
}

/** Reads and handles every request of the housing company (its handler roles, or the developer's staff). */
export function handlesHousingCompany(p: Principal, housingCompanyId: string): boolean {
  return p.hasRoleIn(housingCompanyId, ...SERVICE_REQUEST_GLOBAL_HANDLERS, ...SERVICE_REQUEST_HC_HANDLERS);
}

/** Deletes any request of the housing company. */
export function deletesInHousingCompany(p: Principal, housingCompanyId: string): boolean {
  return p.hasRoleIn(housingCompanyId, ...SERVICE_REQUEST_GLOBAL_HANDLERS, ...SERVICE_REQUEST_HC_DELETERS);
}

/** May attach zip, rar and tar files (02 §5: yitUser or admin). */
export function attachesArchives(p: Principal): boolean {
  return p.hasRole(...SERVICE_REQUEST_ARCHIVE_ROLES);
}
