export { createServiceRequests, SERVICE_REQUESTS_MIGRATIONS, type ServiceRequests } from './app.js';
export { type ServiceRequestsConfig, zServiceRequestsConfig, zServiceRequestsSettings } from './config.js';
export { serviceRequestsService } from './service.js';
