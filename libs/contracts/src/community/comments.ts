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
 *
 * Comments also hang on a reference: something another service owns (01 §7 "fetch comments for
 * a reference"), today a news article of content (`news`). Those are kept per housing company:
 * the residents of one company read and write their own thread under the article.
 */

/** What comments may hang on besides a discussion: a news article (content's). */
export const REFERENCE_TYPES = ['news'] as const;
export const zReferenceType = z.enum(REFERENCE_TYPES);
export type ReferenceType = z.infer<typeof zReferenceType>;

/** /references/:type/:id/comments */
export const zReferenceParams = z.strictObject({ type: zReferenceType, id: zUuid });
export type ReferenceParams = z.infer<typeof zReferenceParams>;

/** The resident app's address of a reference, and of a comment on it. */
export function referenceUrl(type: ReferenceType, id: string, commentId?: string): string {
  const page = type === 'news' ? `/news/${id}` : `/${type}/${id}`;
  return `${page}${commentId ? `#comment-${commentId}` : ''}`;
}

export const zComment = z.object({
  id: zUuid,
  /** The discussion it is on; null for a comment on a reference. */
  discussionId: zUuid.nullable(),
  /** The reference it is on (a news article); null for a comment on a discussion. */
  referenceType: zReferenceType.nullable(),
  referenceId: zUuid.nullable(),
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

/** A reference's comments in a housing company (members and the developer's staff). */
export const zReferenceCommentListQuery = z.strictObject({
  housingCompanyId: zUuid,
  ...zCommentListQuery.shape,
});
export type ReferenceCommentListQuery = z.input<typeof zReferenceCommentListQuery>;

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
