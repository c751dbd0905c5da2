import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const ServiceRequestList = lazy(() => import('./ServiceRequestList'));
const ServiceRequestShow = lazy(() => import('./ServiceRequestShow'));

/**
 * The `service-requests` resource (03 §2 /admin/service-requests): the requests of the housing
 * companies the viewer handles, read-only as a list with a CSV download; a request's page moves its
 * status, changes its publicity and answers it, as the request's rights say.
 */
export default function serviceRequests(_can: Capabilities) {
  return {
    list: ServiceRequestList,
    show: ServiceRequestShow,
    icon: SupportAgentIcon,
    recordRepresentation: 'subject',
  };
}
