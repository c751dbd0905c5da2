import {
  zCommunityIdParam,
  zCommunityLangQuery,
  zConversation,
  zConversationCreate,
  zConversationList,
  zConversationListQuery,
  zConversationUpdate,
  zMessage,
  zMessageCreate,
  zMessageList,
  zMessageListQuery,
  zMessageUpdate,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import {
  createConversation,
  deleteConversation,
  getConversation,
  listConversations,
  updateConversation,
} from '../domain/conversations.js';
import { createMessage, deleteMessage, listMessages, updateMessage } from '../domain/messages.js';
import { COMMUNITY_POLICIES } from '../policies.js';

/**
 * Private conversations and area discussions with their messages (02 §2 private-messages and
 * area-discussions, §6, §7 newConversation, newMessage, getConversationsForUser,
 * getConversationMessages, PUT and DELETE /message, PUT /editConversation, DELETE
 * /deleteConversation). A private conversation answers its participants only, an area discussion
 * the members of the area's housing companies and the developer's staff (others: 404); the
 * feature neighbours (private) or area-discussion (area) must be on.
 */
export async function conversationRoutes(app: App, ctx: CommunityContext) {
  app.get(
    '/conversations',
    {
      schema: {
        summary:
          "The caller's private conversations (type=private) or the area's discussions (type=area) in a housing company, newest message first",
        querystring: zConversationListQuery,
        response: { 200: zConversationList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => listConversations(ctx, principalOf(request), request.query),
  );

  app.post(
    '/conversations',
    {
      schema: {
        summary:
          'Start a private conversation with neighbours, or an area discussion (moderators), with its first message',
        querystring: zCommunityLangQuery,
        body: zConversationCreate,
        response: { 201: zConversation },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const conversation = await createConversation(
        ctx,
        principalOf(request),
        request.body,
        request.query.lang,
      );
      return reply.status(201).send(conversation);
    },
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        summary: 'One conversation',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zConversation },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => getConversation(ctx, principalOf(request), request.params.id, request.query.lang),
  );

  app.put(
    '/conversations/:id',
    {
      schema: {
        summary: "Edit a conversation's title (its writer; admin in area discussions)",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zConversationUpdate,
        response: { 200: zConversation },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) =>
      updateConversation(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.delete(
    '/conversations/:id',
    {
      schema: {
        summary:
          "Delete a conversation (its writer while it has fewer than 2 messages; the area's moderators)",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      await deleteConversation(ctx, principalOf(request), request.params.id, request.query.lang);
      return reply.status(204).send();
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        summary: "A conversation's messages, oldest first (skip/limit)",
        params: zCommunityIdParam,
        querystring: zMessageListQuery,
        response: { 200: zMessageList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => listMessages(ctx, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        summary: 'Write a message in a conversation (body required; refused for banned users)',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zMessageCreate,
        response: { 201: zMessage },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const message = await createMessage(
        ctx,
        principalOf(request),
        request.params.id,
        request.body,
        request.query.lang,
      );
      return reply.status(201).send(message);
    },
  );

  app.put(
    '/messages/:id',
    {
      schema: {
        summary: "Edit a message's body (its writer; admin in area discussions)",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zMessageUpdate,
        response: { 200: zMessage },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) =>
      updateMessage(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        summary:
          "Delete a message (its writer; the area's moderators in area discussions); it keeps its place",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zMessage },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => deleteMessage(ctx, principalOf(request), request.params.id, request.query.lang),
  );
}
