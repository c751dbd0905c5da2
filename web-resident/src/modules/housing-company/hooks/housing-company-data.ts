import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries holding one housing company's data start with this key, followed by the company id. */
export const HOUSING_COMPANY_DATA_KEY = 'housing-company-data';

export function housingCompanyDataKey(housingCompanyId: string | null, ...rest: unknown[]): QueryKey {
  return [HOUSING_COMPANY_DATA_KEY, housingCompanyId, ...rest];
}

/**
 * After a housing-company switch: drop every company's data areas (news, calendar, documents, … as
 * they arrive, 01 §4) and re-validate the user and the features (`['identity', …]`), so that the
 * user details and the new company's features are fetched again.
 */
export async function resetHousingCompanyData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: [HOUSING_COMPANY_DATA_KEY] });
  await queryClient.invalidateQueries({ queryKey: ['identity'] });
}
