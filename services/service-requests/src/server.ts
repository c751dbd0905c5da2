import { runServiceProcess } from '@porta/service-kit';
import { serviceRequestsService } from './service.js';

/** service-requests as its own process (the distributed mode). */
await runServiceProcess(serviceRequestsService);
