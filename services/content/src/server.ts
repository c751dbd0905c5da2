import { runServiceProcess } from '@porta/service-kit';
import { contentService } from './service.js';

/** content as its own process (the distributed mode). */
await runServiceProcess(contentService);
