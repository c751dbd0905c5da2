import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zReferenceType } from './comments.js';
import { zCommunityLanguage } from './common.js';
import { type ConversationType, zConversationType } from './conversations.js';

/**
 * Events the community service publishes (subjects `community.<entity>.<verb>.v1`) through its
 * outbox, for the notifications service. Each names its notification type (01 §3 notification
 * settings: public_discussion → PUBLIC_DISCUSSIONS, public_discussion_reply →
 * PUBLIC_DISCUSSIONS_REPLY, neighbour_message → NEIGHBOUR_MESSAGES, neighbour_message_reply →
 * NEIGHBOUR_MESSAGES_REPLY, news_comment → NEWS_COMMENT), the title in every language, the target path in the resident app and
 * its audience, resolved when the event is written.
 */
export const COMMUNITY_EVENTS = {
  discussionCreated: 'community.discussion.created.v1',
  commentCreated: 'community.comment.created.v1',
  conversationCreated: 'community.conversation.created.v1',
  messageCreated: 'community.message.created.v1',
  referenceCommentCreated: 'community.reference-comment.created.v1',
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

/** The resident app's address of a private conversation or an area discussion (02 §2). */
export function conversationUrl(type: ConversationType, conversationId: string): string {
  return `/community/${type === 'area' ? 'area-discussions' : 'private-messages'}/${conversationId}`;
}

/** What every conversation event carries: the conversation, its writer and the notice's text. */
const zConversationEvent = z.object({
  conversationId: zUuid,
  conversationType: zConversationType,
  /** The writer's housing company (in an area discussion, one of the area's). */
  housingCompanyId: zUuid,
  authorId: zUuid,
  titles: zTitles,
  defaultLanguage: zCommunityLanguage,
  /** /community/private-messages/<id> or /community/area-discussions/<id>. */
  url: z.string(),
  createdAt: zIsoDateTime,
});

/**
 * A new conversation (type neighbour_message): a private one tells its participants
 * (audience.userIds), an area discussion every member of the area's housing companies that have
 * area-discussion on (audience.housingCompanyIds); never its writer (excludeUserIds).
 */
export const zConversationCreatedEvent = zConversationEvent.extend({
  type: z.literal('neighbour_message'),
  audience: z.union([
    z.object({ housingCompanyIds: z.array(zUuid), roles: z.array(zRole) }),
    z.object({ userIds: z.array(zUuid) }),
  ]),
  excludeUserIds: z.array(zUuid),
});
export type ConversationCreatedEvent = z.infer<typeof zConversationCreatedEvent>;

/**
 * A new message in a conversation (type neighbour_message_reply): a private conversation's
 * participants, or those who have written in an area discussion, hear of it, except its writer
 * (audience.userIds, resolved at write time).
 */
export const zMessageCreatedEvent = zConversationEvent.extend({
  messageId: zUuid,
  type: z.literal('neighbour_message_reply'),
  audience: z.object({
    userIds: z.array(zUuid),
    /**
     * An area discussion's housing companies (the area's): only those still a member of one, or
     * the developer's staff, are told (who has moved away from the area hears no more).
     */
    readersIn: z.array(zUuid).max(20_000).optional(),
  }),
});
export type MessageCreatedEvent = z.infer<typeof zMessageCreatedEvent>;

/**
 * A new comment or reply on a reference (type news_comment for a news article): those who
 * commented on it earlier in the same housing company hear of it, never its writer
 * (audience.userIds, resolved at write time).
 */
export const zReferenceCommentCreatedEvent = z.object({
  commentId: zUuid,
  referenceType: zReferenceType,
  referenceId: zUuid,
  housingCompanyId: zUuid,
  parentId: zUuid.nullable(),
  authorId: zUuid,
  type: z.literal('news_comment'),
  titles: zTitles,
  defaultLanguage: zCommunityLanguage,
  /** The article's address with #comment-<id>. */
  url: z.string(),
  audience: z.object({ userIds: z.array(zUuid) }),
  createdAt: zIsoDateTime,
});
export type ReferenceCommentCreatedEvent = z.infer<typeof zReferenceCommentCreatedEvent>;
