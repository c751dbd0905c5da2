import { LIKE_NAMES_SHOWN, type LikesSummary } from '@porta/contracts';
import { withTransaction } from '@porta/service-kit';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { CommunityContext, CommunityDb } from '../context.js';
import { likes } from '../db/schema.js';
import { assertNotBanned, type Viewer } from './access.js';
import { firstNameOf } from './author.js';

/**
 * Likes of discussions and comments (01 §3 Like, 02 §7 POST /like): one per user, toggled. Every
 * answer carries the count, whether the caller liked, and the first LIKE_NAMES_SHOWN names with
 * the rest as a number (02 §9).
 */

export type LikeTarget = 'discussion' | 'comment';

const empty = (): LikesSummary => ({ count: 0, likedByMe: false, names: [], remainder: 0 });

/** The likes summaries of the targets for the user, in one query. */
export async function likeSummaries(
  db: CommunityDb,
  targetIds: readonly string[],
  userId: string,
): Promise<Map<string, LikesSummary>> {
  const out = new Map(targetIds.map((id) => [id, empty()]));
  if (targetIds.length === 0) return out;
  const ranked = db
    .select({
      targetId: likes.targetId,
      userId: likes.userId,
      name: likes.name,
      total: sql<number>`(count(*) over (partition by ${likes.targetId}))::int`.as('total'),
      n: sql<number>`(row_number() over (partition by ${likes.targetId} order by ${likes.createdAt}, ${likes.userId}))::int`.as(
        'n',
      ),
    })
    .from(likes)
    .where(inArray(likes.targetId, [...targetIds]))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(or(lte(ranked.n, LIKE_NAMES_SHOWN), eq(ranked.userId, userId)))
    .orderBy(asc(ranked.targetId), asc(ranked.n));
  for (const row of rows) {
    const summary = out.get(row.targetId);
    if (!summary) continue;
    summary.count = Number(row.total);
    if (row.userId === userId) summary.likedByMe = true;
    if (Number(row.n) <= LIKE_NAMES_SHOWN) summary.names.push(row.name);
  }
  for (const summary of out.values()) summary.remainder = summary.count - summary.names.length;
  return out;
}

export async function likeSummary(db: CommunityDb, targetId: string, userId: string): Promise<LikesSummary> {
  return (await likeSummaries(db, [targetId], userId)).get(targetId) ?? empty();
}

/**
 * Like or unlike (a toggle). A banned user can do neither (403 COM_USER_BANNED, nothing changes).
 * Answers the target's summary after the change.
 */
export async function toggleLike(
  ctx: CommunityContext,
  viewer: Viewer,
  target: { type: LikeTarget; id: string },
): Promise<LikesSummary> {
  const [, name] = await Promise.all([assertNotBanned(ctx, viewer), firstNameOf(ctx, viewer.principal)]);
  await withTransaction(ctx.db, async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.targetId, target.id), eq(likes.userId, viewer.userId)))
      .returning({ userId: likes.userId });
    if (removed.length > 0) return;
    await tx
      .insert(likes)
      .values({
        targetId: target.id,
        targetType: target.type,
        userId: viewer.userId,
        housingCompanyId: viewer.housingCompanyId,
        name,
      })
      .onConflictDoNothing();
  });
  return likeSummary(ctx.db, target.id, viewer.userId);
}
