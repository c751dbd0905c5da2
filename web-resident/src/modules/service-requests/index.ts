export {
  createServiceRequestManageApi,
  createServiceRequestsApi,
  type ServiceRequestManageApi,
  type ServiceRequestsApi,
} from './api/service-requests.api';
export { ManageServiceRequestPage } from './components/ManageServiceRequestPage';
export { NewServiceRequestPage } from './components/NewServiceRequestPage';
export { StatusBadge } from './components/RequestBadges';
export { ServiceRequestPage } from './components/ServiceRequestPage';
export { ServiceRequestsPage } from './components/ServiceRequestsPage';
export { serviceRequestsKey } from './hooks/queries';
export { MANAGE_ROUTE, SERVICE_REQUESTS_PATH } from './utils/paths';
