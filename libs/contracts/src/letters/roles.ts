import type { Role } from '../roles.js';

/** Who writes and sends letters (03 §6 "sufficient privileges"): the developer's staff everywhere. */
export const LETTER_GLOBAL_WRITERS: readonly Role[] = ['yitUser'];
/** …and in its own housing companies, the property manager. */
export const LETTER_HC_WRITERS: readonly Role[] = ['propertyManager'];
