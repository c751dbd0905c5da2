import {
  zMarkAllReadRequest,
  zMarkReadRequest,
  zMarkReadResponse,
  zNotificationListQuery,
  zNotificationListResponse,
  zUuid,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { listNotifications, markAllRead, markManyRead, markOneRead, unreadCount } from '../domain/inbox.js';
import { NOTIFICATION_POLICIES } from '../policies.js';

/**
 * The bell and the inbox (01 §4): the latest notifications with the unread count, marking one
 * (opening it, or notification_id in the address) or many (opening the bell) read. A change is
 * told to the user's other open streams, so every tab's bell agrees.
 */
export async function inboxRoutes(app: App, ctx: NotificationsContext) {
  app.get(
    '/inbox',
    {
      schema: {
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: zNotificationListQuery,
        response: { 200: zNotificationListResponse },
      },
      config: { policy: NOTIFICATION_POLICIES.inbox },
    },
    async (request) => listNotifications(ctx.db, principalOf(request).userId, request.query),
  );

  app.post(
    '/inbox/:id/read',
    {
      schema: {
        summary: 'Mark one of the caller’s notifications read',
        params: z.strictObject({ id: zUuid }),
        response: { 200: zMarkReadResponse },
      },
      config: { policy: NOTIFICATION_POLICIES.inbox },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await markOneRead(ctx.db, userId, request.params.id);
      const count = await unreadCount(ctx.db, userId);
      await ctx.live.unread(userId, count);
      return { unreadCount: count };
    },
  );

  app.post(
    '/inbox/read',
    {
      schema: {
        summary: 'Mark many of the caller’s notifications read (others’ ids are passed over)',
        body: zMarkReadRequest,
        response: { 200: zMarkReadResponse },
      },
      config: { policy: NOTIFICATION_POLICIES.inbox },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await markManyRead(ctx.db, userId, request.body.ids);
      const count = await unreadCount(ctx.db, userId);
      await ctx.live.unread(userId, count);
      return { unreadCount: count };
    },
  );

  app.post(
    '/inbox/read-all',
    {
      schema: {
        summary: 'Mark all the caller’s unread notifications read (up to upTo: the newest the bell showed)',
        body: zMarkAllReadRequest,
        response: { 200: zMarkReadResponse },
      },
      config: { policy: NOTIFICATION_POLICIES.inbox },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await markAllRead(ctx.db, userId, request.body.upTo);
      const count = await unreadCount(ctx.db, userId);
      await ctx.live.unread(userId, count);
      return { unreadCount: count };
    },
  );
}
