import { COMMUNITY_BANNERS, COMMUNITY_GLOBAL_MODERATORS, COMMUNITY_HC_MODERATORS } from '@porta/contracts';
import { housingCompaniesWhere, type Policy, type Principal, policy, type Scope } from '@porta/service-kit';

/**
 * Who may do what in the community service (01 §6, 02 §6, 03 §6): the one policy table. Routes
 * name a policy from COMMUNITY_POLICIES; which discussions, comments, likes, images and reports a
 * caller reaches is decided in the handlers from the functions below, so that anything of another
 * housing company answers 404. docs/authorization.md explains the table and ADR 0017 the choices;
 * src/routes/authorization-matrix.test.ts checks every route against every kind of caller.
 *
 * - Members of a housing company (any role on the company or one of its apartments) read its
 *   public discussions, write discussions, comments and replies, like, subscribe and report.
 * - The developer's staff (yitUser and the roles it stands for; admin passes) read and moderate
 *   every housing company's discussions.
 * - Writers edit their own discussions and comments; admin "may manage everything" (02 §6) and
 *   edits any. Writers delete their own; moderators delete any in their housing companies.
 * - Banning is identity's (03 §6: business admin bans users); the comment's ban action is offered
 *   to those who may ban, on comments that are not their own.
 */

export const COMMUNITY_POLICIES = {
  /**
   * Discussions, comments, likes, subscriptions and images: any signed-in user; the housing
   * company must be one of theirs (or they are the developer's staff), else 404. Conversations,
   * messages and the neighbour list too: private conversations and the neighbour list for members
   * only (a private conversation for its participants only), area discussions for the members of
   * the area's companies and the developer's staff (see domain/conversations.ts).
   */
  resident: policy.authenticated(),
  /** Sending a violation report (01 §1): any signed-in member of the housing company. */
  reportSend: policy.authenticated(),
  /** The staff list of violation reports: moderators, global or of a housing company. */
  reportsRead: policy.rule('communityModerate'),
} satisfies Record<string, Policy>;

/** A moderator everywhere: the developer's staff (admin passes). */
export function isGlobalModerator(p: Principal): boolean {
  return p.hasRole(...COMMUNITY_GLOBAL_MODERATORS);
}

/** May the caller read the housing company's community: a member, or the developer's staff. */
export function readsCommunityOf(p: Principal, housingCompanyId: string): boolean {
  return p.belongsTo(housingCompanyId) || isGlobalModerator(p);
}

/** Does the caller moderate the housing company's community (delete any discussion or comment). */
export function moderates(p: Principal, housingCompanyId: string): boolean {
  return p.hasRoleIn(housingCompanyId, ...COMMUNITY_GLOBAL_MODERATORS, ...COMMUNITY_HC_MODERATORS);
}

/** May the caller ban users (the comment's ban action). */
export function mayBan(p: Principal): boolean {
  return p.hasRole(...COMMUNITY_BANNERS);
}

/** Whose violation reports a moderator lists: every housing company's, or those they moderate. */
export function reportScope(p: Principal): Scope {
  if (isGlobalModerator(p)) return { all: true };
  return { all: false, housingCompanyIds: housingCompaniesWhere(p, COMMUNITY_HC_MODERATORS) };
}
