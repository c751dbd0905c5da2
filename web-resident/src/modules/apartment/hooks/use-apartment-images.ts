import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';
import { useContentScope } from '../../news';
import { type ApartmentApi, createApartmentApi } from '../api/apartment.api';

export function useApartmentApi(): ApartmentApi {
  const { session } = useServices();
  return useMemo(() => createApartmentApi(session), [session]);
}

/**
 * The apartment's images (matched to it by file name in the staff app), under the housing
 * company's data key, so that a housing-company switch drops them.
 */
export function useApartmentImages(apartmentId: string) {
  const api = useApartmentApi();
  const { housingCompanyId } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'apartment', apartmentId, 'images'),
    queryFn: () => api.listImages(apartmentId),
    staleTime: 5 * 60_000,
  });
}

/** An apartment image's bytes for the image viewer; kept while it is on screen. */
export function useApartmentImageBlob(url: string) {
  const api = useApartmentApi();
  const { housingCompanyId } = useContentScope();
  return useQuery({
    queryKey: housingCompanyDataKey(housingCompanyId, 'apartment-image', url),
    queryFn: () => api.fetchImage(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
