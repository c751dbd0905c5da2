import type { Role } from '../roles.js';

/**
 * Who runs the documents (03 §6): the one list the service's rules and the staff app's menu read.
 * They see every folder, visible or not, and hold every right on them; everyone else reads and
 * writes what the folders' permission rules give their groups (ADR 0030).
 */

/** The developer's staff: every housing company's documents (admin passes every role check). */
export const DOCUMENT_GLOBAL_MANAGERS: readonly Role[] = ['yitUser'];
/** Roles of a housing company who run its documents: its property manager. */
export const DOCUMENT_HC_MANAGERS: readonly Role[] = ['propertyManager'];
