import {
  zCommunityIdParam,
  zCommunityLangQuery,
  zDiscussion,
  zDiscussionCreate,
  zDiscussionList,
  zDiscussionListQuery,
  zDiscussionUpdate,
  zSubscriptionState,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import {
  createDiscussion,
  deleteDiscussion,
  getDiscussion,
  listDiscussions,
  loadDiscussion,
  toggleSubscription,
  updateDiscussion,
} from '../domain/discussions.js';
import { COMMUNITY_POLICIES } from '../policies.js';
import { likeRoutes } from './likes.routes.js';

/**
 * Public discussions of a housing company (02 §2 /community/public-discussions, §7): list, read,
 * write, edit, delete; their likes and the caller's subscription to their notifications. Members
 * of the housing company and the developer's staff only (others: 404); the feature
 * public-discussion must be on.
 */
export async function discussionRoutes(app: App, ctx: CommunityContext) {
  app.get(
    '/discussions',
    {
      schema: {
        summary: "A housing company's public discussions, newest activity first (skip/limit, 25 a page)",
        querystring: zDiscussionListQuery,
        response: { 200: zDiscussionList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => listDiscussions(ctx, principalOf(request), request.query),
  );

  app.post(
    '/discussions',
    {
      schema: {
        summary: 'Start a public discussion (title and body; refused for banned users)',
        querystring: zCommunityLangQuery,
        body: zDiscussionCreate,
        response: { 201: zDiscussion },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const discussion = await createDiscussion(ctx, principalOf(request), request.body, request.query.lang);
      return reply.status(201).send(discussion);
    },
  );

  app.get(
    '/discussions/:id',
    {
      schema: {
        summary: 'One public discussion',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zDiscussion },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => getDiscussion(ctx, principalOf(request), request.params.id, request.query.lang),
  );

  app.put(
    '/discussions/:id',
    {
      schema: {
        summary: 'Edit a discussion (its writer; admin)',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zDiscussionUpdate,
        response: { 200: zDiscussion },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) =>
      updateDiscussion(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.delete(
    '/discussions/:id',
    {
      schema: {
        summary: 'Delete a discussion (its writer; moderators of the housing company)',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      await deleteDiscussion(ctx, principalOf(request), request.params.id, request.query.lang);
      return reply.status(204).send();
    },
  );

  likeRoutes(app, ctx, {
    path: 'discussions',
    type: 'discussion',
    summaries: {
      read: "A discussion's likes: the count, up to 10 names and the remainder, and the caller's",
      toggle: 'Like or unlike a discussion (a toggle; refused for banned users)',
    },
    load: (ctx, p, id, lang) => loadDiscussion(ctx, p, id, lang),
  });

  app.post(
    '/discussions/:id/subscription',
    {
      schema: {
        summary: "Subscribe to or unsubscribe from a discussion's notifications (a toggle)",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zSubscriptionState },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => toggleSubscription(ctx, principalOf(request), request.params.id, request.query.lang),
  );
}
