import {
  COMMUNITY_GLOBAL_MODERATORS,
  COMMUNITY_HC_MODERATORS,
  effectiveRoles,
  type MeResponse,
  type Role,
} from '@porta/contracts';

const AREA_STARTERS: readonly Role[] = [...COMMUNITY_GLOBAL_MODERATORS, ...COMMUNITY_HC_MODERATORS];

/**
 * May the user start an area discussion from the housing company (02 §6): a moderator of it (its
 * property manager, board member, chairman or CEE board member), the developer's staff, or admin;
 * the community service's rule, which refuses everyone else (COM_AREA_MODERATORS_ONLY).
 */
export function startsAreaDiscussions(me: MeResponse, housingCompanyId: string | null): boolean {
  const global = effectiveRoles(me.user.roles);
  if (global.has('admin') || AREA_STARTERS.some((role) => global.has(role))) return true;
  const company = me.hcs.find((hc) => hc.id === housingCompanyId);
  if (!company) return false;
  const held = effectiveRoles([...company.roles, ...company.apts.flatMap((apt) => apt.roles)]);
  return AREA_STARTERS.some((role) => held.has(role));
}
