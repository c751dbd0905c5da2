import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import {
  zCommunityAuthor,
  zCommunityLanguage,
  zCommunityPage,
  zCommunityPaging,
  zCommunityRights,
  zCommunityTimestamps,
  zLikesSummary,
} from './common.js';
import { COMMENT_BODY_MAX_CHARS, DISCUSSION_TITLE_MAX_CHARS } from './limits.js';

/**
 * Public discussions of a housing company (02 §2 /community/public-discussions, §7
 * getPublicDiscussions with limit 25 and skip): the newest activity first.
 */

export const zDiscussion = z.object({
  id: zUuid,
  housingCompanyId: zUuid,
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  author: zCommunityAuthor,
  ...zCommunityTimestamps,
  /** The discussion's creation or its latest comment. */
  lastActivityAt: zIsoDateTime,
  /** Comments and replies, deleted ones included (they keep their place). */
  commentCount: z.number().int(),
  likes: zLikesSummary,
  /** Is the caller subscribed to its notifications. */
  subscribed: z.boolean(),
  ...zCommunityRights.shape,
});
export type Discussion = z.infer<typeof zDiscussion>;

export const zDiscussionListQuery = z.strictObject({
  housingCompanyId: zUuid,
  ...zCommunityPaging,
  lang: zCommunityLanguage.optional(),
});
export type DiscussionListQuery = z.input<typeof zDiscussionListQuery>;

export const zDiscussionList = zCommunityPage(zDiscussion);
export type DiscussionList = z.infer<typeof zDiscussionList>;

const zTitle = z.string().trim().min(1).max(DISCUSSION_TITLE_MAX_CHARS);
/** HTML; sanitised on the server, and required once sanitised (02 §5). */
export const zCommunityBody = z.string().max(COMMENT_BODY_MAX_CHARS);

export const zDiscussionCreate = z.strictObject({
  housingCompanyId: zUuid,
  title: zTitle,
  body: zCommunityBody,
});
export type DiscussionCreate = z.infer<typeof zDiscussionCreate>;

export const zDiscussionUpdate = z.strictObject({ title: zTitle, body: zCommunityBody });
export type DiscussionUpdate = z.infer<typeof zDiscussionUpdate>;
