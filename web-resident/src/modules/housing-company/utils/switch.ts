import { HOUSING_COMPANY_SEARCH_THRESHOLD, type MeResponse, type MyHousingCompany } from '@porta/contracts';
import { housingCompanyName } from '../../identity';

/** The switcher is worth showing when there is something to choose: another company or another apartment. */
export function canSwitchHousingCompany(me: MeResponse): boolean {
  return me.hcs.length > 1 || me.hcs.some((hc) => hc.apts.length > 1);
}

/** The search box appears only above HOUSING_COMPANY_SEARCH_THRESHOLD companies (01 §5). */
export function showsHousingCompanySearch(count: number): boolean {
  return count > HOUSING_COMPANY_SEARCH_THRESHOLD;
}

/**
 * Whether a housing company matches the search text: by name (registered, marketing or the name the
 * user sees) or by street, case-insensitively (01 §5). Empty text matches everything.
 */
export function matchesHousingCompanySearch(
  hc: MyHousingCompany,
  text: string,
  user: MeResponse['user'],
): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [hc.name, hc.marketingName, hc.addressStreet, housingCompanyName(hc, user)].some((value) =>
    value?.toLocaleLowerCase().includes(needle),
  );
}

/** The apartment to preselect for a company: the user's current one there, else its first. */
export function defaultApartmentId(hc: MyHousingCompany | undefined, me: MeResponse): string | null {
  if (!hc) return null;
  if (hc.id === me.selectedHousingCompanyId && hc.apts.some((a) => a.id === me.selectedApartmentId)) {
    return me.selectedApartmentId;
  }
  return hc.apts[0]?.id ?? null;
}
