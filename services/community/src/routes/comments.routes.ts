import {
  zComment,
  zCommentCreate,
  zCommentList,
  zCommentListQuery,
  zCommentUpdate,
  zCommunityIdParam,
  zCommunityLangQuery,
  zLikesSummary,
} from '@porta/contracts';
import { type App, AppError, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import {
  createComment,
  deleteComment,
  listComments,
  loadComment,
  updateComment,
} from '../domain/comments.js';
import { likeSummary, toggleLike } from '../domain/likes.js';
import { COMMUNITY_POLICIES } from '../policies.js';

/**
 * Comments on a discussion and replies (one level), with their likes (01 §3, §4; 02 §7 getComments,
 * newComment, PUT and DELETE comment, like). Members of the housing company and the developer's
 * staff only (others: 404); the feature public-discussion must be on.
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

  app.get(
    '/comments/:id/likes',
    {
      schema: {
        summary: "A comment's likes: the count, up to 10 names and the remainder, and the caller's",
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zLikesSummary },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => {
      const { row, viewer } = await loadComment(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return likeSummary(ctx.db, row.id, viewer.userId);
    },
  );

  app.post(
    '/comments/:id/likes',
    {
      schema: {
        summary: 'Like or unlike a comment (a toggle; refused for banned users and deleted comments)',
        params: zCommunityIdParam,
        querystring: zCommunityLangQuery,
        response: { 200: zLikesSummary },
      },
      config: { policy: COMMUNITY_POLICIES.resident },
    },
    async (request) => {
      const { row, viewer } = await loadComment(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      if (row.isDeleted) throw new AppError('COM_COMMENT_DELETED');
      return toggleLike(ctx, viewer, { type: 'comment', id: row.id });
    },
  );
}
