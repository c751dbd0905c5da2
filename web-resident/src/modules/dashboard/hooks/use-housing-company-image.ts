import type { AssetRef, zHousingCompanyImage } from '@porta/contracts';
import { answer, type SessionClient } from '@porta/web-kit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';

/**
 * GET /api/content/housing-companies/:id/image (typed by its contract, ADR 0021), kept under the
 * company's data key, so a housing-company switch drops it. Shared with the dashboard's prefetch.
 */
export function housingCompanyImageQuery(session: SessionClient, housingCompanyId: string | null) {
  return queryOptions({
    queryKey: housingCompanyDataKey(housingCompanyId, 'picture'),
    queryFn: async () =>
      answer<typeof zHousingCompanyImage>(
        await session.request(
          'GET',
          `/api/content/housing-companies/${encodeURIComponent(housingCompanyId ?? '')}/image`,
        ),
      ),
    enabled: housingCompanyId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The housing company's picture, or null: while it is on its way, when the company has none, and
 * when the request fails (the card then keeps its designed fallback).
 */
export function useHousingCompanyImage(housingCompanyId: string | null): AssetRef | null {
  const { session } = useServices();
  const { data } = useQuery(housingCompanyImageQuery(session, housingCompanyId));
  return data?.image ?? null;
}
