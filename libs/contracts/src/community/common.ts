import { z } from 'zod';
import { zIsoDateTime, zSkipLimitPage, zSkipLimitPaging, zUuid } from '../common.js';
import { LANGUAGES, PAGE_SIZE_COMMUNITY } from '../constants.js';
import { zRole } from '../roles.js';
import { COMMUNITY_PAGE_MAX, LIKE_NAMES_SHOWN } from './limits.js';

/**
 * Shapes shared by the community routes (01 §3 Comment and Like, 02 §3 Community): the author
 * as stored with a discussion or comment, the likes summary, images, paging.
 */

export const zCommunityLanguage = z.enum(LANGUAGES);

/**
 * How an author is labelled (02 §6), decided when they write:
 * - developer: the developer's staff (and admin) show as the developer;
 * - role: propertyManager, maintenanceManager (ceeMaintenanceManager), habManager, rentalManager
 *   show the role's name;
 * - board: boardMember, chairman, ceeBoardMember show as board member (role names which);
 * - apartment: everyone else with an apartment shows its tag (the apartment's `no`, e.g. "B 12");
 * - member: a member of the housing company without an apartment or one of the roles above;
 * - area: in an area discussion, everyone the apartment or member rule would label shows the
 *   area's name instead (`area`), as writers come from several housing companies of the area.
 */
export const AUTHOR_LABEL_KINDS = ['developer', 'role', 'board', 'apartment', 'member', 'area'] as const;
export const zAuthorLabel = z.object({
  kind: z.enum(AUTHOR_LABEL_KINDS),
  role: zRole.nullable(),
  apartment: z.string().nullable(),
  /** The area's name (kind area only). */
  area: z.string().optional(),
});
export type AuthorLabel = z.infer<typeof zAuthorLabel>;

export const zCommunityAuthor = z.object({
  id: zUuid,
  firstName: z.string(),
  label: zAuthorLabel,
});
export type CommunityAuthor = z.infer<typeof zCommunityAuthor>;

/** Likes of a discussion or comment: the count, the first 10 names, the rest as a number (02 §9). */
export const zLikesSummary = z.object({
  count: z.number().int().min(0),
  /** Has the caller liked it. */
  likedByMe: z.boolean(),
  /** Up to LIKE_NAMES_SHOWN first names, earliest like first. */
  names: z.array(z.string()).max(LIKE_NAMES_SHOWN),
  /** Likes not named: count minus names. */
  remainder: z.number().int().min(0),
});
export type LikesSummary = z.infer<typeof zLikesSummary>;

/** An image on a comment; served only to members of the housing company. */
export const zCommentImage = z.object({
  id: zUuid,
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type CommentImage = z.infer<typeof zCommentImage>;

/** What the caller may do with a discussion, comment, conversation or message (01 §6, 02 §6). */
export const zCommunityRights = z.object({
  /** The caller wrote it (the app highlights it). */
  isOwn: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** The ban action: not the caller's own, and the caller may ban users (identity's usersBan). */
  canBan: z.boolean(),
});

/** The language the feature decision is asked in (a toggle may be limited to languages). */
export const zCommunityLangQuery = z.strictObject({ lang: zCommunityLanguage.optional() });
export type CommunityLangQuery = z.infer<typeof zCommunityLangQuery>;

/** skip/limit paging of 02 §7 (limit default 25). */
export const zCommunityPaging = zSkipLimitPaging(PAGE_SIZE_COMMUNITY, COMMUNITY_PAGE_MAX);

/** A page of a community list: the items, the total and the paging asked for. */
export const zCommunityPage = zSkipLimitPage;

/** A housing company's community (the neighbour list, recipients, image uploads). */
export const zCommunityHousingCompanyQuery = z.strictObject({
  housingCompanyId: zUuid,
  lang: zCommunityLanguage.optional(),
});
export type CommunityHousingCompanyQuery = z.infer<typeof zCommunityHousingCompanyQuery>;

export const zCommunityIdParam = z.strictObject({ id: zUuid });

export const zSubscriptionState = z.object({ subscribed: z.boolean() });
export type SubscriptionState = z.infer<typeof zSubscriptionState>;

export const zCommunityTimestamps = {
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
  /** Changed after it was written. */
  edited: z.boolean(),
};
