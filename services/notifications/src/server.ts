import { runServiceProcess } from '@porta/service-kit';
import { notificationsService } from './service.js';

/** notifications as its own process (the distributed mode). */
await runServiceProcess(notificationsService);
