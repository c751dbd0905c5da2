import { defineService } from '@porta/service-kit';
import { createServiceRequests } from './app.js';
import { zServiceRequestsSettings } from './config.js';

/** service-requests: residents' fault reports and requests, their handling, manage links and reminders. */
export const serviceRequestsService = defineService({
  name: 'service-requests',
  port: 3005,
  settings: zServiceRequestsSettings,
  storesFiles: true,
  create: (runtime, config) => createServiceRequests({ ...runtime, config }),
});
