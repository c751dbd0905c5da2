import {
  type Notification,
  type NotificationListResponse,
  type NotificationType,
  zNotificationType,
} from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { and, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { NotificationsDb } from '../context.js';
import { notifications } from '../db/schema.js';

type Row = typeof notifications.$inferSelect;

/** The target with notification_id added, so that opening it marks it read (01 §4). */
export function targetWithId(targetUrl: string, id: string): string {
  const [path, hash] = targetUrl.split('#', 2) as [string, string | undefined];
  const joined = `${path}${path.includes('?') ? '&' : '?'}notification_id=${id}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export function toNotification(row: Row): Notification {
  const type = zNotificationType.safeParse(row.type);
  return {
    id: row.id,
    title: row.title,
    type: (type.success ? type.data : 'news') satisfies NotificationType,
    targetUrl: targetWithId(row.targetUrl, row.id),
    isRead: row.isRead,
    housingCompanyId: row.housingCompanyId,
    apartmentId: row.apartmentId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function unreadCount(db: NotificationsDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** The newest notifications of a user, a page at a time (before: the last id of the page before). */
export async function listNotifications(
  db: NotificationsDb,
  userId: string,
  query: { limit: number; before?: string | undefined },
): Promise<NotificationListResponse> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), query.before ? lt(notifications.id, query.before) : undefined),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  return {
    notifications: rows.slice(0, query.limit).map(toNotification),
    unreadCount: await unreadCount(db, userId),
    hasMore: rows.length > query.limit,
  };
}

/** Mark one of the user's notifications read; another user's id is not found. */
export async function markOneRead(db: NotificationsDb, userId: string, id: string): Promise<void> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NTF_NOT_FOUND');
}

/** Mark every unread notification of the user read, up to an id (uuid v7: up to its time). */
export async function markAllRead(db: NotificationsDb, userId: string, upTo?: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        upTo ? lte(notifications.id, upTo) : undefined,
      ),
    );
}

/** Mark many read; ids that are not the user's are passed over (the bell marks what it shows). */
export async function markManyRead(db: NotificationsDb, userId: string, ids: string[]): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), eq(notifications.isRead, false)),
    );
}
