import { runServiceProcess } from '@porta/service-kit';
import { communityService } from './service.js';

/** community as its own process (the distributed mode). */
await runServiceProcess(communityService);
