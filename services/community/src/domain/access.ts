import { DEFAULT_LANGUAGE, type FeatureId, type Language } from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import { isGlobalModerator, mayBan, moderates, readsCommunityOf } from '../policies.js';

/** The feature of the public discussions (01 §6 feature policies). */
export const COMMUNITY_FEATURE = 'public-discussion' as const;
/** The feature of the neighbour list and private messages. */
export const NEIGHBOURS_FEATURE = 'neighbours' as const;
/** The feature of the area discussions. */
export const AREA_FEATURE = 'area-discussion' as const;

/** A caller looking at one housing company's community, with what they may do there. */
export interface Viewer {
  principal: Principal;
  userId: string;
  housingCompanyId: string;
  /** Deletes any discussion or comment of the housing company. */
  moderator: boolean;
  /** Edits any discussion or comment (02 §6: admin may manage everything). */
  editsAll: boolean;
  /** Is offered the ban action on others' comments. */
  mayBan: boolean;
}

export function viewerOf(p: Principal, housingCompanyId: string): Viewer {
  return {
    principal: p,
    userId: p.userId,
    housingCompanyId,
    moderator: moderates(p, housingCompanyId),
    editsAll: p.isAdmin,
    mayBan: mayBan(p),
  };
}

/** The 404 a caller gets for what they may not see, as if it did not exist. */
export type NotFoundCode =
  | 'COM_HOUSING_COMPANY_NOT_FOUND'
  | 'COM_DISCUSSION_NOT_FOUND'
  | 'COM_CONVERSATION_NOT_FOUND';

/**
 * The caller on a housing company's community. Members of the housing company and the developer's
 * staff get in (members only with membersOnly: the neighbour list and private messages); anyone
 * else gets 404 (notFound), as if it did not exist. Staff asking for a housing company they are
 * not in get 404 when identity knows no such company. Then the feature (public-discussion unless
 * told) must be on for the housing company (403 FEATURE_NOT_ACTIVATED).
 */
export async function viewerFor(
  ctx: CommunityContext,
  p: Principal,
  housingCompanyId: string,
  language: Language | undefined,
  notFound: NotFoundCode = 'COM_HOUSING_COMPANY_NOT_FOUND',
  options: { known?: boolean; feature?: FeatureId; membersOnly?: boolean } = {},
): Promise<Viewer> {
  const reads = options.membersOnly ? p.belongsTo(housingCompanyId) : readsCommunityOf(p, housingCompanyId);
  if (!reads) throw new AppError(notFound);
  if (!options.known && !p.belongsTo(housingCompanyId) && isGlobalModerator(p)) {
    if (!(await ctx.identity.housingCompany(housingCompanyId))) throw new AppError(notFound);
  }
  await ctx.features.require(housingCompanyId, language ?? DEFAULT_LANGUAGE, [
    options.feature ?? COMMUNITY_FEATURE,
  ]);
  return viewerOf(p, housingCompanyId);
}

/**
 * Refuse a banned user (02 §5, 03 §4: bans block commenting per project or globally) with 403
 * COM_USER_BANNED, before anything is stored. identity is asked (its answer kept a few seconds).
 */
export async function assertNotBanned(ctx: CommunityContext, viewer: Viewer): Promise<void> {
  const bans = await ctx.identity.bansInForce(viewer.userId, viewer.housingCompanyId);
  if (bans.length === 0) return;
  const until = bans
    .map((b) => b.expiryDate)
    .sort()
    .at(-1)!;
  throw new AppError('COM_USER_BANNED', { detail: `Banned from commenting until ${until}.` });
}

/** What the viewer may do with a discussion, comment, conversation or message written by authorId. */
export function rightsOf(viewer: Viewer, authorId: string, deleted: boolean) {
  const isOwn = authorId === viewer.userId;
  return {
    isOwn,
    canEdit: !deleted && (isOwn || viewer.editsAll),
    canDelete: !deleted && (isOwn || viewer.moderator),
    canBan: !isOwn && viewer.mayBan,
  };
}
