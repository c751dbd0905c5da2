import { runServiceProcess } from '@porta/service-kit';
import { createNotifications } from './app.js';
import { zNotificationsConfig } from './config.js';

/** notifications as its own process (the distributed mode). */
await runServiceProcess('notifications', zNotificationsConfig, (runtime, config) =>
  createNotifications({ ...runtime, config }),
);
