import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { type CommunityApi, createCommunityApi } from '../api/community.api';

/** The community client over the app's session (one per session). */
export function useCommunityApi(): CommunityApi {
  const { session } = useServices();
  return useMemo(() => createCommunityApi(session), [session]);
}
