import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { createDocumentsApi, type DocumentsApi } from '../api/documents.api';

/** The documents client over the app's session (one per session). */
export function useDocumentsApi(): DocumentsApi {
  const { session } = useServices();
  return useMemo(() => createDocumentsApi(session), [session]);
}
