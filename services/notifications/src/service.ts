import { defineService } from '@porta/service-kit';
import { createNotifications } from './app.js';
import { zNotificationsSettings } from './config.js';

/** notifications: the bell, e-mail and push from the other services' events, and their settings. */
export const notificationsService = defineService({
  name: 'notifications',
  port: 3003,
  settings: zNotificationsSettings,
  create: (runtime, config) => createNotifications({ ...runtime, config }),
});
