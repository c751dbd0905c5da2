import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zCommunityLanguage } from './common.js';

/**
 * Events the community service publishes (subjects `community.<entity>.<verb>.v1`) through its
 * outbox, for the notifications service. Each names its notification type (01 §3 notification
 * settings: public_discussion → PUBLIC_DISCUSSIONS, public_discussion_reply →
 * PUBLIC_DISCUSSIONS_REPLY), the title in every language, the target path in the resident app and
 * its audience, resolved when the event is written.
 */
export const COMMUNITY_EVENTS = {
  discussionCreated: 'community.discussion.created.v1',
  commentCreated: 'community.comment.created.v1',
} as const;
export type CommunityEventSubject = (typeof COMMUNITY_EVENTS)[keyof typeof COMMUNITY_EVENTS];

const zTitles = z.partialRecord(zCommunityLanguage, z.string());

/** The resident app's address of a discussion, and of a comment in it. */
export function discussionUrl(discussionId: string, commentId?: string): string {
  return `/community/public-discussions/${discussionId}${commentId ? `#comment-${commentId}` : ''}`;
}

/**
 * A new public discussion: every resident of the housing company hears of it (type
 * public_discussion), except its author (excludeUserIds).
 */
export const zDiscussionCreatedEvent = z.object({
  discussionId: zUuid,
  housingCompanyId: zUuid,
  authorId: zUuid,
  /** The discussion's title as written. */
  title: z.string(),
  type: z.literal('public_discussion'),
  titles: zTitles,
  defaultLanguage: zCommunityLanguage,
  url: z.string(),
  /** Everyone with a role in force in the housing company (no roles: all of them). */
  audience: z.object({ housingCompanyIds: z.array(zUuid), roles: z.array(zRole) }),
  /** Not notified: the author. */
  excludeUserIds: z.array(zUuid),
  createdAt: zIsoDateTime,
});
export type DiscussionCreatedEvent = z.infer<typeof zDiscussionCreatedEvent>;

/**
 * A new comment or reply (type public_discussion_reply): the discussion's subscribers except the
 * author hear of it (audience.userIds, resolved at write time). A reply also tells the author of
 * the comment replied to (parentAuthor, with its own titles), who is then not in audience.userIds.
 */
export const zCommentCreatedEvent = z.object({
  commentId: zUuid,
  discussionId: zUuid,
  housingCompanyId: zUuid,
  parentId: zUuid.nullable(),
  authorId: zUuid,
  type: z.literal('public_discussion_reply'),
  titles: zTitles,
  defaultLanguage: zCommunityLanguage,
  /** The discussion's address with #comment-<id>. */
  url: z.string(),
  audience: z.object({ userIds: z.array(zUuid) }),
  parentAuthor: z.object({ userId: zUuid, titles: zTitles }).nullable(),
  createdAt: zIsoDateTime,
});
export type CommentCreatedEvent = z.infer<typeof zCommentCreatedEvent>;
