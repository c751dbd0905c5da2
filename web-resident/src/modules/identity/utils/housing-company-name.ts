import { effectiveRoles, type MeResponse, type MyHousingCompany } from '@porta/contracts';

const FINLAND = new Set(['finland', 'fi', 'suomi']);

/** Staff of the developer and administrators: they see housing companies by name. */
export function isInternalUser(user: MeResponse['user']): boolean {
  const roles = effectiveRoles(user.roles);
  return roles.has('admin') || roles.has('yitUser');
}

/**
 * How a housing company is named to the user: Finnish companies go by their street address, except
 * for internal users (01 §6); otherwise the marketing name, else the registered name.
 */
export function housingCompanyName(hc: MyHousingCompany, user: MeResponse['user']): string {
  const name = hc.marketingName?.trim() || hc.name;
  const finnish = FINLAND.has((hc.addressCountry ?? '').trim().toLowerCase());
  if (finnish && !isInternalUser(user) && hc.addressStreet?.trim()) return hc.addressStreet.trim();
  return name;
}

/** The user's current housing company according to the latest user details. */
export function selectedHousingCompany(me: MeResponse): MyHousingCompany | null {
  return me.hcs.find((hc) => hc.id === me.selectedHousingCompanyId) ?? null;
}
