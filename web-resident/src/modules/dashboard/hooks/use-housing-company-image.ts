import type { AssetRef, zHousingCompanyImage } from '@porta/contracts';
import { answer } from '@porta/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../shared/services';
import { housingCompanyDataKey } from '../../housing-company';

/**
 * The housing company's picture (GET /api/content/housing-companies/:id/image, typed by its
 * contract, ADR 0021), or null: while it
 * is on its way, when the company has none, and when the request fails (the card then keeps its
 * designed fallback). Kept under the company's data key, so a housing-company switch drops it.
 */
export function useHousingCompanyImage(housingCompanyId: string | null): AssetRef | null {
  const { session } = useServices();
  const { data } = useQuery({
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
  return data?.image ?? null;
}
