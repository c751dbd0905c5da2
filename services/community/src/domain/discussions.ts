import type {
  Discussion,
  DiscussionCreate,
  DiscussionList,
  DiscussionUpdate,
  Language,
  LikesSummary,
} from '@porta/contracts';
import {
  AppError,
  hasText,
  type Principal,
  plainText,
  sanitizeBody,
  skipLimitPage,
  uuidv7,
  withTransaction,
} from '@porta/service-kit';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from '../context.js';
import { comments, discussions, likes, subscriptions } from '../db/schema.js';
import { assertNotBanned, rightsOf, type Viewer, viewerFor } from './access.js';
import { authoredBy, authorOf, storedAuthor } from './author.js';
import { discussionCreated } from './events.js';
import { deleteFiles, removeImagesOf } from './images.js';
import { likeSummaries } from './likes.js';
import { type DeletedTargets, deleterOf, handleReportsOnDeletion } from './reports.js';

/**
 * Public discussions of a housing company (02 §2, §7 getPublicDiscussions): newest activity first,
 * pages of 25 (skip/limit). The creator is subscribed to its notifications; the residents of the
 * housing company hear of a new one (community.discussion.created.v1).
 */

export type DiscussionRow = typeof discussions.$inferSelect;

/** A sanitised body with text in it, else 400 COM_BODY_REQUIRED (02 §5). */
export function requiredBody(html: string): string {
  const body = sanitizeBody(html);
  if (!hasText(body)) {
    throw new AppError('COM_BODY_REQUIRED', {
      errors: [{ path: 'body.body', message: 'This field is required' }],
    });
  }
  return body;
}

/** A plain-text title, else 400 COM_BODY_REQUIRED (a required field). */
export function requiredTitle(text: string): string {
  const title = plainText(text);
  if (!title) {
    throw new AppError('COM_BODY_REQUIRED', {
      errors: [{ path: 'body.title', message: 'This field is required' }],
    });
  }
  return title;
}

export function toDiscussion(
  row: DiscussionRow,
  viewer: Viewer,
  extra: { likes: LikesSummary; subscribed: boolean },
): Discussion {
  return {
    id: row.id,
    housingCompanyId: row.housingCompanyId,
    title: row.title,
    body: row.body,
    author: storedAuthor(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    lastActivityAt: row.lastActivityAt.toISOString(),
    commentCount: row.commentCount,
    likes: extra.likes,
    subscribed: extra.subscribed,
    ...rightsOf(viewer, row.authorId, false),
  };
}

/** The discussions answered to the viewer, with likes and their subscription. */
async function present(db: CommunityDb, rows: DiscussionRow[], viewer: Viewer): Promise<Discussion[]> {
  const ids = rows.map((r) => r.id);
  const [summaries, subscribed] = await Promise.all([
    likeSummaries(db, ids, viewer.userId),
    ids.length
      ? db
          .select({ discussionId: subscriptions.discussionId })
          .from(subscriptions)
          .where(
            and(
              inArray(subscriptions.discussionId, ids),
              eq(subscriptions.userId, viewer.userId),
              eq(subscriptions.active, true),
            ),
          )
      : Promise.resolve([]),
  ]);
  const on = new Set(subscribed.map((s) => s.discussionId));
  return rows.map((row) =>
    toDiscussion(row, viewer, { likes: summaries.get(row.id)!, subscribed: on.has(row.id) }),
  );
}

export async function listDiscussions(
  ctx: CommunityContext,
  p: Principal,
  query: { housingCompanyId: string; skip: number; limit: number; lang?: Language | undefined },
): Promise<DiscussionList> {
  const viewer = await viewerFor(ctx, p, query.housingCompanyId, query.lang);
  return skipLimitPage(
    ctx.db,
    discussions,
    {
      where: and(eq(discussions.housingCompanyId, viewer.housingCompanyId), isNull(discussions.deletedAt)),
      orderBy: [desc(discussions.lastActivityAt), desc(discussions.id)],
      skip: query.skip,
      limit: query.limit,
    },
    (rows) => present(ctx.db, rows, viewer),
  );
}

/**
 * A discussion the caller may read, with the caller as its viewer: not deleted, of a housing
 * company the caller reads (else 404, as if it did not exist), with the feature on.
 */
export async function loadDiscussion(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
  db: CommunityDb = ctx.db,
): Promise<{ row: DiscussionRow; viewer: Viewer }> {
  const [row] = await db
    .select()
    .from(discussions)
    .where(and(eq(discussions.id, id), isNull(discussions.deletedAt)));
  if (!row) throw new AppError('COM_DISCUSSION_NOT_FOUND');
  const viewer = await viewerFor(ctx, p, row.housingCompanyId, lang, 'COM_DISCUSSION_NOT_FOUND', {
    known: true,
  });
  return { row, viewer };
}

export async function getDiscussion(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<Discussion> {
  const { row, viewer } = await loadDiscussion(ctx, p, id, lang);
  return (await present(ctx.db, [row], viewer))[0]!;
}

export async function createDiscussion(
  ctx: CommunityContext,
  p: Principal,
  input: DiscussionCreate,
  lang: Language | undefined,
): Promise<Discussion> {
  const viewer = await viewerFor(ctx, p, input.housingCompanyId, lang);
  const title = requiredTitle(input.title);
  const body = requiredBody(input.body);
  const [, author] = await Promise.all([
    assertNotBanned(ctx, viewer),
    authorOf(ctx, p, viewer.housingCompanyId),
  ]);
  const row = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(discussions)
      .values({
        id: uuidv7(),
        housingCompanyId: viewer.housingCompanyId,
        title,
        body,
        ...authoredBy(author),
        lastActivityAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // The creator hears of the comments.
    await tx.insert(subscriptions).values({ discussionId: created!.id, userId: author.id, active: true });
    await discussionCreated(tx, created!);
    return created!;
  });
  ctx.kickEvents();
  return toDiscussion(row, viewer, {
    likes: { count: 0, likedByMe: false, names: [], remainder: 0 },
    subscribed: true,
  });
}

/** Edit a discussion: its writer (not while banned) or admin. */
export async function updateDiscussion(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  input: DiscussionUpdate,
  lang: Language | undefined,
): Promise<Discussion> {
  const { row, viewer } = await loadDiscussion(ctx, p, id, lang);
  if (!rightsOf(viewer, row.authorId, false).canEdit) throw new AppError('COM_NOT_EDITABLE');
  const title = requiredTitle(input.title);
  const body = requiredBody(input.body);
  await assertNotBanned(ctx, viewer);
  const now = new Date();
  const [updated] = await ctx.db
    .update(discussions)
    .set({ title, body, updatedAt: now, editedAt: now })
    .where(and(eq(discussions.id, row.id), isNull(discussions.deletedAt)))
    .returning();
  if (!updated) throw new AppError('COM_DISCUSSION_NOT_FOUND');
  return (await present(ctx.db, [updated], viewer))[0]!;
}

/**
 * Delete a discussion: its writer, or a moderator of the housing company. It disappears from the
 * list with its comments; their images and likes are removed.
 */
export async function deleteDiscussion(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<void> {
  const { row, viewer } = await loadDiscussion(ctx, p, id, lang);
  if (!rightsOf(viewer, row.authorId, false).canDelete) throw new AppError('COM_NOT_DELETABLE');
  // Its open violation reports and those on its comments become handled with it.
  const commentIdsOf = async (db: CommunityDb) =>
    (await db.select({ id: comments.id }).from(comments).where(eq(comments.discussionId, row.id))).map(
      (c) => c.id,
    );
  const reportedOf = (commentIds: string[]): DeletedTargets[] => [
    { type: 'discussion', ids: [row.id], housingCompanyId: row.housingCompanyId },
    { type: 'comment', ids: commentIds, housingCompanyId: row.housingCompanyId },
  ];
  const deleter = await deleterOf(ctx, p, reportedOf(await commentIdsOf(ctx.db)));
  const files = await withTransaction(ctx.db, async (tx) => {
    const [deleted] = await tx
      .update(discussions)
      .set({ deletedAt: new Date(), deletedBy: viewer.userId })
      .where(and(eq(discussions.id, row.id), isNull(discussions.deletedAt)))
      .returning({ id: discussions.id });
    if (!deleted) throw new AppError('COM_DISCUSSION_NOT_FOUND');
    const commentIds = await commentIdsOf(tx);
    await tx.delete(likes).where(inArray(likes.targetId, [row.id, ...commentIds]));
    await handleReportsOnDeletion(tx, p, reportedOf(commentIds), deleter);
    return removeImagesOf(tx, commentIds);
  });
  await deleteFiles(ctx, files);
}

/** Subscribe to or unsubscribe from a discussion's notifications (a toggle); answers the new state. */
export async function toggleSubscription(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<{ subscribed: boolean }> {
  const { row, viewer } = await loadDiscussion(ctx, p, id, lang);
  const [state] = await ctx.db
    .insert(subscriptions)
    .values({ discussionId: row.id, userId: viewer.userId, active: true })
    .onConflictDoUpdate({
      target: [subscriptions.discussionId, subscriptions.userId],
      set: { active: sql`not ${subscriptions.active}`, updatedAt: new Date() },
    })
    .returning({ active: subscriptions.active });
  return { subscribed: state!.active };
}
