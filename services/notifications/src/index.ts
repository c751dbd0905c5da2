export { createNotifications, NOTIFICATIONS_MIGRATIONS, type Notifications } from './app.js';
export { type NotificationsConfig, zNotificationsConfig, zNotificationsSettings } from './config.js';
export { notificationsService } from './service.js';
