import { z } from 'zod';
import { zUuid } from '../common.js';
import {
  zCommentImage,
  zCommunityAuthor,
  zCommunityHousingCompanyQuery,
  zCommunityLanguage,
  zCommunityPage,
  zCommunityPaging,
  zCommunityRights,
  zCommunityTimestamps,
  zLikesSummary,
} from './common.js';
import { zCommunityBody } from './discussions.js';
import { COMMENT_IMAGES_MAX } from './limits.js';

/**
 * Comments on a discussion and their replies, one level deep (01 §3 Comment: parentMessage,
 * childMessageCount, isDeleted; 01 §4 Comments). A deleted comment keeps its place: isDeleted,
 * no body, no images; the app hides its header and footer.
 */

export const zComment = z.object({
  id: zUuid,
  discussionId: zUuid,
  housingCompanyId: zUuid,
  /** The top-level comment this one replies to (01 §3 parentMessage); null for a top-level one. */
  parentId: zUuid.nullable(),
  /** Sanitised HTML; empty when deleted. */
  body: z.string(),
  images: z.array(zCommentImage),
  author: zCommunityAuthor,
  ...zCommunityTimestamps,
  isDeleted: z.boolean(),
  /** Replies to it (01 §3 childMessageCount), deleted ones included. */
  childMessageCount: z.number().int(),
  likes: zLikesSummary,
  ...zCommunityRights.shape,
});
export type Comment = z.infer<typeof zComment>;

/** Top-level comments, or the replies of one (parentId), oldest first. */
export const zCommentListQuery = z.strictObject({
  parentId: zUuid.optional(),
  ...zCommunityPaging,
  lang: zCommunityLanguage.optional(),
});
export type CommentListQuery = z.input<typeof zCommentListQuery>;

export const zCommentList = zCommunityPage(zComment);
export type CommentList = z.infer<typeof zCommentList>;

export const zCommentCreate = z.strictObject({
  body: zCommunityBody,
  /** Reply to this top-level comment of the discussion. */
  parentId: zUuid.nullish(),
  /** Images uploaded by the writer to POST /images, not yet on a comment. */
  imageIds: z.array(zUuid).max(COMMENT_IMAGES_MAX).default([]),
});
export type CommentCreate = z.input<typeof zCommentCreate>;

export const zCommentUpdate = z.strictObject({ body: zCommunityBody });
export type CommentUpdate = z.infer<typeof zCommentUpdate>;

/** POST /images: the housing company the image is for (its members see it once it is on a comment). */
export const zCommentImageUploadQuery = zCommunityHousingCompanyQuery;
