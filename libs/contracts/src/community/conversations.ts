import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { zArea } from '../identity/neighbours.js';
import {
  zCommunityAuthor,
  zCommunityLanguage,
  zCommunityPage,
  zCommunityPaging,
  zCommunityRights,
  zCommunityTimestamps,
} from './common.js';
import { zCommunityBody } from './discussions.js';
import { CONVERSATION_PARTICIPANTS_MAX, DISCUSSION_TITLE_MAX_CHARS } from './limits.js';

/**
 * Conversations (02 §2 /community/private-messages and /community/area-discussions, §3
 * "Conversation: private or area", §7 newConversation, newMessage, getConversationsForUser,
 * getConversationMessages, PUT /message, DELETE /message, PUT /editConversation, DELETE
 * /deleteConversation):
 * - private: between members of one housing company, the writer and the participants they chose;
 *   only the participants see it (everyone else: 404);
 * - area: open to every member of the housing companies of an area (identity's building-taxonomy
 *   term), started by a moderator of one of them.
 * A conversation starts with its first message; messages are listed oldest first. A deleted
 * message keeps its place (isDeleted, empty body).
 */

export const CONVERSATION_TYPES = ['private', 'area'] as const;
export const zConversationType = z.enum(CONVERSATION_TYPES);
export type ConversationType = z.infer<typeof zConversationType>;

export const zMessage = z.object({
  id: zUuid,
  conversationId: zUuid,
  /** The housing company the writer wrote from (in an area discussion, one of the area's). */
  housingCompanyId: zUuid,
  /** Sanitised HTML; empty when deleted. */
  body: z.string(),
  author: zCommunityAuthor,
  ...zCommunityTimestamps,
  isDeleted: z.boolean(),
  ...zCommunityRights.shape,
});
export type Message = z.infer<typeof zMessage>;

export const zConversationParticipant = z.object({ id: zUuid, firstName: z.string() });
export type ConversationParticipant = z.infer<typeof zConversationParticipant>;

/** The newest message as a conversation list shows it (01 §3 newestMessage). */
export const zNewestMessage = zMessage.pick({
  id: true,
  body: true,
  author: true,
  createdAt: true,
  isDeleted: true,
});
export type NewestMessage = z.infer<typeof zNewestMessage>;

export const zConversation = z.object({
  id: zUuid,
  type: zConversationType,
  /** Private: the housing company of its members. Area: the company it was started from. */
  housingCompanyId: zUuid,
  /** The area of an area discussion; null for a private conversation. */
  area: zArea.nullable(),
  /** Plain text; a private conversation may have none, an area discussion always has one. */
  title: z.string().nullable(),
  /** Who started it, labelled as when they wrote. */
  author: zCommunityAuthor,
  /** Private: everyone in it, the writer included. Area: empty (it is open to the area). */
  participants: z.array(zConversationParticipant),
  ...zCommunityTimestamps,
  /** The newest message's time: the list's order. */
  lastMessageAt: zIsoDateTime,
  /** Messages, the first and deleted ones included (01 §3 messageCount). */
  messageCount: z.number().int(),
  newestMessage: zNewestMessage.nullable(),
  /**
   * canEdit: the title (its writer; admin in area discussions). canDelete: its writer while it has
   * fewer than 2 messages; in an area discussion also the area's moderators.
   */
  ...zCommunityRights.shape,
});
export type Conversation = z.infer<typeof zConversation>;

/** The caller's conversations of a type in a housing company, newest message first. */
export const zConversationListQuery = z.strictObject({
  housingCompanyId: zUuid,
  type: zConversationType.default('private'),
  ...zCommunityPaging,
  lang: zCommunityLanguage.optional(),
});
export type ConversationListQuery = z.input<typeof zConversationListQuery>;

export const zConversationList = zCommunityPage(zConversation);
export type ConversationList = z.infer<typeof zConversationList>;

/** A conversation's messages, oldest first. */
export const zMessageListQuery = z.strictObject({
  ...zCommunityPaging,
  lang: zCommunityLanguage.optional(),
});
export type MessageListQuery = z.input<typeof zMessageListQuery>;

export const zMessageList = zCommunityPage(zMessage);
export type MessageList = z.infer<typeof zMessageList>;

/** A title as sent: plain text, blank or null for none. */
const zConversationTitle = z.string().max(DISCUSSION_TITLE_MAX_CHARS).nullish();

export const zConversationCreate = z.strictObject({
  type: zConversationType.default('private'),
  housingCompanyId: zUuid,
  /** Optional for a private conversation, required for an area discussion. */
  title: zConversationTitle,
  /** The first message: HTML, sanitised, required once sanitised (02 §5). */
  body: zCommunityBody,
  /**
   * Private: the members to talk with (from GET /conversations/recipients), at least one. Area:
   * none (it is open to the area).
   */
  participantIds: z.array(zUuid).max(CONVERSATION_PARTICIPANTS_MAX).default([]),
});
export type ConversationCreate = z.input<typeof zConversationCreate>;

export const zConversationUpdate = z.strictObject({ title: zConversationTitle });
export type ConversationUpdate = z.infer<typeof zConversationUpdate>;

export const zMessageCreate = z.strictObject({ body: zCommunityBody });
export type MessageCreate = z.infer<typeof zMessageCreate>;

export const zMessageUpdate = zMessageCreate;
export type MessageUpdate = z.infer<typeof zMessageUpdate>;
