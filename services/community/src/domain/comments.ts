import type {
  Comment,
  CommentCreate,
  CommentImage,
  CommentList,
  CommentUpdate,
  Language,
  LikesSummary,
  ReferenceType,
} from '@porta/contracts';
import { AppError, type Principal, skipLimitPage, uuidv7, withTransaction } from '@porta/service-kit';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from '../context.js';
import { comments, discussions, likes, subscriptions } from '../db/schema.js';
import { assertNotBanned, rightsOf, type Viewer } from './access.js';
import { authoredBy, authorOf, storedAuthor } from './author.js';
import { type DiscussionRow, loadDiscussion, requiredBody } from './discussions.js';
import { commentCreated, referenceCommentCreated } from './events.js';
import { attachImages, deleteFiles, imagesOf, removeImagesOf } from './images.js';
import { likeSummaries } from './likes.js';
import { loadReference, type Reference } from './references.js';
import { type DeletedTargets, deleterOf, handleReportsOnDeletion } from './reports.js';

/**
 * Comments on a public discussion and replies to them, one level deep (01 §3, §4; 02 §4, §7).
 * Lists are oldest first. A deleted comment keeps its place: it is answered with isDeleted, an
 * empty body and no images (its likes and images are removed), and the app hides its header and
 * footer. Writers and repliers subscribe to the discussion's notifications.
 *
 * The same comments hang on a reference (a news article, see references.ts), one thread per
 * housing company; there the article's earlier commenters hear of a new comment (NEWS_COMMENT).
 */

export type CommentRow = typeof comments.$inferSelect;

/** What comments are on: a discussion, or a reference in one housing company. */
export type Thread =
  | { kind: 'discussion'; discussion: DiscussionRow }
  | { kind: 'reference'; reference: Reference };

/** The comments of a thread. */
function inThread(thread: Thread): SQL {
  if (thread.kind === 'discussion') return eq(comments.discussionId, thread.discussion.id);
  const { reference } = thread;
  return and(
    eq(comments.referenceId, reference.id),
    eq(comments.referenceType, reference.type),
    eq(comments.housingCompanyId, reference.housingCompanyId),
  ) as SQL;
}

export function toComment(
  row: CommentRow,
  viewer: Viewer,
  extra: { likes: LikesSummary; images: CommentImage[] },
): Comment {
  return {
    id: row.id,
    discussionId: row.discussionId,
    referenceType: row.referenceType,
    referenceId: row.referenceId,
    housingCompanyId: row.housingCompanyId,
    parentId: row.parentId,
    body: row.isDeleted ? '' : row.body,
    images: row.isDeleted ? [] : extra.images,
    author: storedAuthor(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    isDeleted: row.isDeleted,
    childMessageCount: row.childCount,
    likes: extra.likes,
    ...rightsOf(viewer, row.authorId, row.isDeleted),
  };
}

async function present(db: CommunityDb, rows: CommentRow[], viewer: Viewer): Promise<Comment[]> {
  const ids = rows.map((r) => r.id);
  const [summaries, pictures] = await Promise.all([likeSummaries(db, ids, viewer.userId), imagesOf(db, ids)]);
  return rows.map((row) =>
    toComment(row, viewer, { likes: summaries.get(row.id)!, images: pictures.get(row.id) ?? [] }),
  );
}

export async function listComments(
  ctx: CommunityContext,
  p: Principal,
  discussionId: string,
  query: { parentId?: string | undefined; skip: number; limit: number; lang?: Language | undefined },
): Promise<CommentList> {
  const { row: discussion, viewer } = await loadDiscussion(ctx, p, discussionId, query.lang);
  return listThread(ctx, { kind: 'discussion', discussion }, viewer, query);
}

/** A reference's comments in a housing company, or the replies to one (see references.ts). */
export async function listReferenceComments(
  ctx: CommunityContext,
  p: Principal,
  ref: { type: ReferenceType; id: string },
  query: { housingCompanyId: string; parentId?: string | undefined; skip: number; limit: number },
): Promise<CommentList> {
  const { reference, viewer } = await loadReference(ctx, p, {
    ...ref,
    housingCompanyId: query.housingCompanyId,
  });
  return listThread(ctx, { kind: 'reference', reference }, viewer, query);
}

async function listThread(
  ctx: CommunityContext,
  thread: Thread,
  viewer: Viewer,
  query: { parentId?: string | undefined; skip: number; limit: number },
): Promise<CommentList> {
  if (query.parentId) {
    const [parent] = await ctx.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, query.parentId), inThread(thread)));
    if (!parent) throw new AppError('COM_COMMENT_NOT_FOUND');
  }
  return skipLimitPage(
    ctx.db,
    comments,
    {
      where: and(
        inThread(thread),
        query.parentId ? eq(comments.parentId, query.parentId) : isNull(comments.parentId),
      ),
      orderBy: [asc(comments.createdAt), asc(comments.id)],
      skip: query.skip,
      limit: query.limit,
    },
    (rows) => present(ctx.db, rows, viewer),
  );
}

/**
 * A comment the caller may read, with its thread's viewer: the discussion is not deleted and of a
 * housing company the caller reads, or the caller reads the reference there; else 404.
 */
export async function loadComment(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<{ row: CommentRow; viewer: Viewer }> {
  const [row] = await ctx.db.select().from(comments).where(eq(comments.id, id));
  if (!row) throw new AppError('COM_COMMENT_NOT_FOUND');
  if (row.discussionId === null) {
    const { viewer } = await loadReference(
      ctx,
      p,
      { type: row.referenceType!, id: row.referenceId!, housingCompanyId: row.housingCompanyId },
      'COM_COMMENT_NOT_FOUND',
    );
    return { row, viewer };
  }
  try {
    const { viewer } = await loadDiscussion(ctx, p, row.discussionId, lang);
    return { row, viewer };
  } catch (error) {
    if (error instanceof AppError && error.code === 'COM_DISCUSSION_NOT_FOUND') {
      throw new AppError('COM_COMMENT_NOT_FOUND');
    }
    throw error;
  }
}

/**
 * Write a comment or a reply. The body is required once sanitised (02 §5); a banned user is refused
 * (403 COM_USER_BANNED) and nothing is stored. A reply goes to a top-level comment of the same
 * discussion that is not deleted. The writer is subscribed (unless they unsubscribed), the
 * discussion moves to the top of the list, and the subscribers hear of it.
 */
export async function createComment(
  ctx: CommunityContext,
  p: Principal,
  discussionId: string,
  input: CommentCreate,
  lang: Language | undefined,
): Promise<Comment> {
  const { row: discussion, viewer } = await loadDiscussion(ctx, p, discussionId, lang);
  return writeComment(ctx, p, { kind: 'discussion', discussion }, viewer, input);
}

/**
 * Write a comment or a reply on a reference in a housing company (see createComment): the
 * reference's earlier commenters in that company hear of it (NEWS_COMMENT), never the writer.
 */
export async function createReferenceComment(
  ctx: CommunityContext,
  p: Principal,
  ref: { type: ReferenceType; id: string; housingCompanyId: string },
  input: CommentCreate,
): Promise<Comment> {
  const { reference, viewer } = await loadReference(ctx, p, ref);
  return writeComment(ctx, p, { kind: 'reference', reference }, viewer, input);
}

async function writeComment(
  ctx: CommunityContext,
  p: Principal,
  thread: Thread,
  viewer: Viewer,
  input: CommentCreate,
): Promise<Comment> {
  const body = requiredBody(input.body);
  const parentId = input.parentId ?? null;
  let parent: CommentRow | undefined;
  if (parentId) {
    [parent] = await ctx.db
      .select()
      .from(comments)
      .where(and(eq(comments.id, parentId), inThread(thread)));
    if (!parent || parent.parentId !== null) {
      throw new AppError('COM_PARENT_INVALID', {
        errors: [{ path: 'body.parentId', message: 'Not a top-level comment of this discussion or article' }],
      });
    }
    if (parent.isDeleted) throw new AppError('COM_COMMENT_DELETED');
  }
  const [, author] = await Promise.all([
    assertNotBanned(ctx, viewer),
    authorOf(ctx, p, viewer.housingCompanyId),
  ]);
  const row = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(comments)
      .values({
        id: uuidv7(),
        ...(thread.kind === 'discussion'
          ? { discussionId: thread.discussion.id, housingCompanyId: thread.discussion.housingCompanyId }
          : {
              referenceType: thread.reference.type,
              referenceId: thread.reference.id,
              housingCompanyId: thread.reference.housingCompanyId,
            }),
        parentId,
        body,
        ...authoredBy(author),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await attachImages(tx, viewer, input.imageIds ?? [], created!.id);
    if (parentId) {
      await tx
        .update(comments)
        .set({ childCount: sql`${comments.childCount} + 1` })
        .where(eq(comments.id, parentId));
    }
    if (thread.kind === 'reference') {
      // Everyone who commented on the article before in this housing company hears of it.
      const earlier = await tx
        .selectDistinct({ userId: comments.authorId })
        .from(comments)
        .where(and(inThread(thread), ne(comments.authorId, author.id), ne(comments.id, created!.id)));
      await referenceCommentCreated(tx, {
        id: created!.id,
        reference: thread.reference,
        parentId,
        authorId: author.id,
        commenterIds: earlier.map((e) => e.userId),
        createdAt: now,
      });
      return created!;
    }
    const { discussion } = thread;
    await tx
      .update(discussions)
      .set({ commentCount: sql`${discussions.commentCount} + 1`, lastActivityAt: now })
      .where(eq(discussions.id, discussion.id));
    // Commenters hear of later comments, unless they have unsubscribed.
    await tx
      .insert(subscriptions)
      .values({ discussionId: discussion.id, userId: author.id, active: true })
      .onConflictDoNothing();
    const subscribers = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.discussionId, discussion.id),
          eq(subscriptions.active, true),
          ne(subscriptions.userId, author.id),
        ),
      );
    await commentCreated(tx, {
      id: created!.id,
      discussionId: discussion.id,
      housingCompanyId: discussion.housingCompanyId,
      parentId,
      authorId: author.id,
      discussionTitle: discussion.title,
      subscriberIds: subscribers.map((s) => s.userId),
      parentAuthorId: parent?.authorId ?? null,
      createdAt: now,
    });
    return created!;
  });
  ctx.kickEvents();
  return (await present(ctx.db, [row], viewer))[0]!;
}

/** Edit a comment's body: its writer (not while banned) or admin; not once deleted. */
export async function updateComment(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  input: CommentUpdate,
  lang: Language | undefined,
): Promise<Comment> {
  const { row, viewer } = await loadComment(ctx, p, id, lang);
  if (row.isDeleted) throw new AppError('COM_COMMENT_DELETED');
  if (!rightsOf(viewer, row.authorId, false).canEdit) throw new AppError('COM_NOT_EDITABLE');
  const body = requiredBody(input.body);
  await assertNotBanned(ctx, viewer);
  const now = new Date();
  const [updated] = await ctx.db
    .update(comments)
    .set({ body, updatedAt: now, editedAt: now })
    .where(and(eq(comments.id, row.id), eq(comments.isDeleted, false)))
    .returning();
  if (!updated) throw new AppError('COM_COMMENT_DELETED');
  return (await present(ctx.db, [updated], viewer))[0]!;
}

/**
 * Delete a comment: its writer, or a moderator of the housing company. It keeps its place (and its
 * replies); its body, images and likes are removed.
 */
export async function deleteComment(
  ctx: CommunityContext,
  p: Principal,
  id: string,
  lang: Language | undefined,
): Promise<Comment> {
  const { row, viewer } = await loadComment(ctx, p, id, lang);
  if (row.isDeleted) throw new AppError('COM_COMMENT_DELETED');
  if (!rightsOf(viewer, row.authorId, false).canDelete) throw new AppError('COM_NOT_DELETABLE');
  // Its open violation reports become handled with it.
  const reported: DeletedTargets[] = [
    { type: 'comment', ids: [row.id], housingCompanyId: row.housingCompanyId },
  ];
  const deleter = await deleterOf(ctx, p, reported);
  const { deleted, files } = await withTransaction(ctx.db, async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(comments)
      .set({ isDeleted: true, body: '', updatedAt: now, deletedAt: now, deletedBy: viewer.userId })
      .where(and(eq(comments.id, row.id), eq(comments.isDeleted, false)))
      .returning();
    if (!changed) throw new AppError('COM_COMMENT_DELETED');
    await tx.delete(likes).where(eq(likes.targetId, row.id));
    await handleReportsOnDeletion(tx, p, reported, deleter);
    return { deleted: changed, files: await removeImagesOf(tx, [row.id]) };
  });
  await deleteFiles(ctx, files);
  return (await present(ctx.db, [deleted], viewer))[0]!;
}
