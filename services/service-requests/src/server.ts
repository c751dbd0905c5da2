import { runServiceProcess } from '@porta/service-kit';
import { createServiceRequests } from './app.js';
import { zServiceRequestsConfig } from './config.js';

/** service-requests as its own process (the distributed mode; port 3005 by the operator's PORT). */
await runServiceProcess('service-requests', zServiceRequestsConfig, (runtime, config) =>
  createServiceRequests({ ...runtime, config }),
);
