import { runServiceProcess } from '@porta/service-kit';
import { exampleService } from './service.js';

/** The example service as its own process (the distributed mode), as every service's server.ts. */
await runServiceProcess(exampleService);
