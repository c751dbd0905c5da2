import { type Language, zCommunityIdParam, zCommunityLangQuery, zLikesSummary } from '@porta/contracts';
import { type App, type Principal, principalOf } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import type { Viewer } from '../domain/access.js';
import { likeSummary, toggleLike } from '../domain/likes.js';
import { COMMUNITY_POLICIES } from '../policies.js';

/** What the like routes of one kind of thing (discussions, comments) need to know of it. */
export interface Likeable<Row extends { id: string }> {
  /** The routes' segment: /<path>/:id/likes. */
  path: 'discussions' | 'comments';
  type: 'discussion' | 'comment';
  /** The OpenAPI summaries of reading and toggling. */
  summaries: { read: string; toggle: string };
  /** The thing as the caller may see it (404 otherwise). */
  load(
    ctx: CommunityContext,
    p: Principal,
    id: string,
    lang: Language | undefined,
  ): Promise<{ row: Row; viewer: Viewer }>;
  /** Refuses a like the thing cannot take (a deleted comment). */
  refuseLike?(row: Row): void;
}

/** GET and POST /<path>/:id/likes: the likes' summary, and liking or unliking (a toggle). */
export function likeRoutes<Row extends { id: string }>(
  app: App,
  ctx: CommunityContext,
  of: Likeable<Row>,
): void {
  const route = {
    params: zCommunityIdParam,
    querystring: zCommunityLangQuery,
    response: { 200: zLikesSummary },
  };
  app.get(
    `/${of.path}/:id/likes`,
    { schema: { summary: of.summaries.read, ...route }, config: { policy: COMMUNITY_POLICIES.resident } },
    async (request) => {
      const { row, viewer } = await of.load(ctx, principalOf(request), request.params.id, request.query.lang);
      return likeSummary(ctx.db, row.id, viewer.userId);
    },
  );
  app.post(
    `/${of.path}/:id/likes`,
    { schema: { summary: of.summaries.toggle, ...route }, config: { policy: COMMUNITY_POLICIES.resident } },
    async (request) => {
      const { row, viewer } = await of.load(ctx, principalOf(request), request.params.id, request.query.lang);
      of.refuseLike?.(row);
      return toggleLike(ctx, viewer, { type: of.type, id: row.id });
    },
  );
}
