import { runServiceProcess } from '@porta/service-kit';
import { identityService } from './service.js';

/** identity as its own process (the distributed mode). */
await runServiceProcess(identityService);
