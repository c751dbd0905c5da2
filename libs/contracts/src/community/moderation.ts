import type { Role } from '../roles.js';

/**
 * Who moderates the community (01 §6, 02 §6, 03 §6): the one list the community service's
 * policies and the staff app's menu both read.
 */

/** Moderators of a housing company: its property manager, board members and chairman. */
export const COMMUNITY_HC_MODERATORS: readonly Role[] = [
  'propertyManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
];
/** Moderators everywhere: the developer's staff (yitUser covers yitBusinessAdmin and the other yit roles). */
export const COMMUNITY_GLOBAL_MODERATORS: readonly Role[] = ['yitUser', 'yitBusinessAdmin'];
/** Who may ban users (identity's usersBan policy), so who sees the ban action. */
export const COMMUNITY_BANNERS: readonly Role[] = ['yitBusinessAdmin'];
