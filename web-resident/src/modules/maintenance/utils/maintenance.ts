import type { MeResponse, MyHousingCompany } from '@porta/contracts';
import { hasAnyRole } from '../../access';

export const MAINTENANCE_PATH = '/maintenance';

export interface MaintenanceSettings {
  enabled: boolean;
  countries: readonly string[];
}

/**
 * Whether a signed-in user is sent to the maintenance page (01 §2, §4): never administrators;
 * everyone else while the maintenance break is on, or when their housing company's country is one
 * of the listed countries (compared case-insensitively).
 */
export function sendsToMaintenance(
  settings: MaintenanceSettings,
  me: MeResponse,
  housingCompany: MyHousingCompany | null,
): boolean {
  if (hasAnyRole(me, ['admin'])) return false;
  if (settings.enabled) return true;
  const country = housingCompany?.addressCountry?.trim().toLowerCase();
  return !!country && settings.countries.some((c) => c.trim().toLowerCase() === country);
}
