import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import {
  createServiceRequestManageApi,
  createServiceRequestsApi,
  type ServiceRequestManageApi,
  type ServiceRequestsApi,
} from '../api/service-requests.api';

/** The service-requests client over the app's session (one per session). */
export function useServiceRequestsApi(): ServiceRequestsApi {
  const { session } = useServices();
  return useMemo(() => createServiceRequestsApi(session), [session]);
}

/** The manage link's client (public calls, no session). */
export function useServiceRequestManageApi(): ServiceRequestManageApi {
  return useMemo(() => createServiceRequestManageApi(), []);
}
