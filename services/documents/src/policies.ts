import { DOCUMENT_ARCHIVE_ROLES, DOCUMENT_GLOBAL_MANAGERS, DOCUMENT_HC_MANAGERS } from '@porta/contracts';
import { type Policy, type Principal, policy } from '@porta/service-kit';

/**
 * Who may do what with documents (02 §6, 03 §6, ADR 0030): the one policy table. Every route but
 * the download link's is open to any signed-in user; which folders and files a caller reaches, and
 * what they may do with them, is decided in the handlers (domain/access.ts) from the folders'
 * permission rules and the functions below, so that anything of another housing company, or a
 * folder the caller may not read, answers 404. docs/authorization.md explains the table;
 * src/routes/authorization-matrix.test.ts checks every route against every kind of caller.
 *
 * - The housing company's document managers (admin, the developer's staff, its property manager)
 *   see every folder, visible or not, make, rename, move and delete folders, set their rules, and
 *   read, upload, change and delete every file.
 * - Everyone else who belongs to the housing company (its members, the users of its partner
 *   companies) holds rule groups (hc_all, apt_owner, …) and gets what the rules of a visible folder
 *   give those groups: read, create (upload), update, delete.
 * - The uploader of a file changes and deletes it; a file's other actions follow its folder.
 * - A download link is the credential of its download for a short while (like a signed link).
 */
export const DOCUMENT_POLICIES = {
  /** Every route but the download link's: any signed-in user, the rules above in the handler (else 404). */
  signedIn: policy.authenticated(),
  /** The download link: an unguessable id given to a signed-in caller, valid for minutes. */
  downloadLink: policy.public(
    'the download link is the credential, given to a caller who may read the files',
  ),
} satisfies Record<string, Policy>;

/** Runs the housing company's documents: every folder and file, the folders' rules. */
export function managesDocuments(p: Principal, housingCompanyId: string): boolean {
  return p.hasRole(...DOCUMENT_GLOBAL_MANAGERS) || p.hasRoleIn(housingCompanyId, ...DOCUMENT_HC_MANAGERS);
}

/** May upload zip, rar and tar files (02 §5: yitUser or admin). */
export function uploadsArchives(p: Principal): boolean {
  return p.hasRole(...DOCUMENT_ARCHIVE_ROLES);
}
