import { runServiceProcess } from '@porta/service-kit';
import { documentsService } from './service.js';

/** documents as its own process (the distributed mode). */
await runServiceProcess(documentsService);
