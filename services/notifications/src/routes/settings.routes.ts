import { zNotificationSettings, zUuid } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { readSettings, writeSettings } from '../domain/settings.js';
import { NOTIFICATION_POLICIES } from '../policies.js';

/**
 * Notification settings (01 §3, 03 §3): the caller's own at /settings (the resident app's
 * /my-notifications), any user's at /admin/users/:id/settings (the staff app). Settings are kept
 * by user id: a user identity has not told us of has the defaults.
 */
export async function settingsRoutes(app: App, ctx: NotificationsContext) {
  app.get(
    '/settings',
    {
      schema: { summary: 'My notification settings', response: { 200: zNotificationSettings } },
      config: { policy: NOTIFICATION_POLICIES.ownSettings },
    },
    async (request) => readSettings(ctx.db, principalOf(request).userId),
  );

  app.put(
    '/settings',
    {
      schema: {
        summary: 'Change my notification settings (keys left out keep their state)',
        body: zNotificationSettings,
        response: { 200: zNotificationSettings },
      },
      config: { policy: NOTIFICATION_POLICIES.ownSettings },
    },
    async (request) => writeSettings(ctx.db, principalOf(request).userId, request.body),
  );

  const params = z.strictObject({ id: zUuid });
  app.get(
    '/admin/users/:id/settings',
    {
      schema: {
        summary: "A user's notification settings (staff)",
        params,
        response: { 200: zNotificationSettings },
      },
      config: { policy: NOTIFICATION_POLICIES.staffSettings },
    },
    async (request) => readSettings(ctx.db, request.params.id),
  );

  app.put(
    '/admin/users/:id/settings',
    {
      schema: {
        summary: "Change a user's notification settings (staff)",
        params,
        body: zNotificationSettings,
        response: { 200: zNotificationSettings },
      },
      config: { policy: NOTIFICATION_POLICIES.staffSettings },
    },
    async (request) => writeSettings(ctx.db, request.params.id, request.body),
  );
}
