import { zNotificationSettings, zUuid } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { assertManagesSettingsOf, readSettings, writeSettings } from '../domain/settings.js';
import { NOTIFICATION_POLICIES } from '../policies.js';

/**
 * Notification settings (01 §3, 03 §3): the caller's own at /settings (the resident app's
 * /my-notifications), those of a user the caller manages at /admin/users/:id/settings (the staff
 * app; 404 for anyone else). Settings are kept by user id: a user without a row has the defaults.
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
    async (request) => {
      await assertManagesSettingsOf(ctx, principalOf(request), request.params.id);
      return readSettings(ctx.db, request.params.id);
    },
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
    async (request) => {
      await assertManagesSettingsOf(ctx, principalOf(request), request.params.id);
      return writeSettings(ctx.db, request.params.id, request.body);
    },
  );
}
