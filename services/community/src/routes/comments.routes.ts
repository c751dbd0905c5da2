import {
  zComment,
  zCommentCreate,
  zCommentList,
  zCommentListQuery,
  zCommentUpdate,
  zCommunityHousingCompanyQuery,
  zCommunityIdParam,
  zCommunityLangQuery,
  zReferenceCommentListQuery,
  zReferenceParams,
} from '@porta/contracts';
import { type App, AppError, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import {
  createComment,
  createReferenceComment,
  deleteComment,
  listComments,
  listReferenceComments,
  loadComment,
  updateComment,
} from '../domain/comments.js';
import { COMMUNITY_POLICIES } from '../policies.js';
import { likeRoutes } from './likes.routes.js';

/**
 * Comments on a discussion and replies (one level), with their likes (01 §3, §4; 02 §7 getComments,
 * newComment, PUT and DELETE comment, like). Members of the housing company and the developer's
 * staff only (others: 404); the feature public-discussion must be on.
 *
 * Comments on a reference (01 §7 "fetch comments for a reference"): a news article's comments in
 * a housing company, for its members and the developer's staff whom content lets read the article
 * there (others: 404). Edit, delete, likes and reports go through the same /comments/:id routes.
 */
export async function commentRoutes(app: App, ctx: CommunityContext) {
  app.get(
    '/discussions/:id/comments',
    {
      schema: {
        summary: "A discussion's top-level comments, or the replies to one (parentId), oldest first",
        params: zCommunityIdParam,
        querystring: zCommentListQuery,
        response: { 200: zCommentList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => listComments(ctx, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/discussions/:id/comments',
    {
      schema: {
        summary: 'Comment on a discussion or reply to a comment (body required; refused for banned users)',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zCommentCreate,
        response: { 201: zComment },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const comment = await createComment(
        ctx,
        principalOf(request),
        request.params.id,
        request.body,
        request.query.lang,
      );
      return reply.status(201).send(comment);
    },
  );

  app.get(
    '/references/:type/:id/comments',
    {
      schema: {
        summary:
          "A reference's (news article's) top-level comments in a housing company, or the replies to one (parentId), oldest first",
        params: zReferenceParams,
        querystring: zReferenceCommentListQuery,
        response: { 200: zCommentList },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => listReferenceComments(ctx, principalOf(request), request.params, request.query),
  );

  app.post(
    '/references/:type/:id/comments',
    {
      schema: {
        summary:
          'Comment on a reference (a news article) in a housing company, or reply to a comment (body required; refused for banned users)',
        params: zReferenceParams,
        querystring: zCommunityHousingCompanyQuery,
        body: zCommentCreate,
        response: { 201: zComment },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request, reply) => {
      const comment = await createReferenceComment(
        ctx,
        principalOf(request),
        { ...request.params, housingCompanyId: request.query.housingCompanyId },
        request.body,
      );
      return reply.status(201).send(comment);
    },
  );

  app.put(
    '/comments/:id',
    {
      schema: {
        summary: "Edit a comment's body (its writer; admin)",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        body: zCommentUpdate,
        response: { 200: zComment },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) =>
      updateComment(ctx, principalOf(request), request.params.id, request.body, request.query.lang),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        summary: 'Delete a comment (its writer; moderators of the housing company); it keeps its place',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zComment },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => deleteComment(ctx, principalOf(request), request.params.id, request.query.lang),
  );

  likeRoutes(app, ctx, {
    path: 'comments',
    type: 'comment',
    summaries: {
      read: "A comment's likes: the count, up to 10 names and the remainder, and the caller's",
      toggle: 'Like or unlike a comment (a toggle; refused for banned users and deleted comments)',
    },
    load: loadComment,
    refuseLike: (row) => {
      if (row.isDeleted) throw new AppError('COM_COMMENT_DELETED');
    },
  });
}
