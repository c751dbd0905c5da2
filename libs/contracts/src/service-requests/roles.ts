import type { Role } from '../roles.js';
import type { ServiceRequestTypeKey } from './types.js';

/**
 * Who is who in the service requests (02 §6, ADR 0018): the one list the service's access rules,
 * its recipient rule and the staff app's menu read.
 */

/**
 * Roles of a housing company with wide access (02 §6: managers, board members, rental and hab
 * managers): they read every request of the company, answer, change status and publicity, add
 * recipients and forward.
 */
export const SERVICE_REQUEST_HC_HANDLERS: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
  'boardMember',
  'chairman',
  'ceeBoardMember',
  'rentalManager',
  'habManager',
];
/** The developer's staff: every housing company's requests (admin passes every role check). */
export const SERVICE_REQUEST_GLOBAL_HANDLERS: readonly Role[] = ['yitUser'];
/** Managers of a housing company who may delete any of its requests (with admin and yitUser). */
export const SERVICE_REQUEST_HC_DELETERS: readonly Role[] = [
  'propertyManager',
  'maintenanceManager',
  'ceeMaintenanceManager',
];

/**
 * The recipients of a new request by its type: the holders of these roles in the housing company
 * (ADR 0018). partner: the users of the partner company chosen. A request targeted to a resident
 * goes to that resident only. When nobody holds the roles, the property manager gets it.
 */
export const SERVICE_REQUEST_RECIPIENT_ROLES: Record<
  Exclude<ServiceRequestTypeKey, 'partner'>,
  readonly Role[]
> = {
  maintenance_dispatch: ['maintenanceManager', 'ceeMaintenanceManager', 'propertyManager'],
  construction_yard: ['siteAdministrator', 'propertyManager'],
  fit_out: ['siteAdministrator', 'propertyManager'],
  sanitary_studio: ['siteAdministrator', 'propertyManager'],
  rental_service: ['rentalManager'],
  housing_association_board: ['boardMember', 'chairman', 'ceeBoardMember', 'habManager'],
  apartment_furnishing: ['siteAdministrator', 'propertyManager'],
  common_area_fault: ['maintenanceManager', 'ceeMaintenanceManager', 'propertyManager'],
};
/** Who gets a request whose type's roles nobody holds. */
export const SERVICE_REQUEST_FALLBACK_RECIPIENT_ROLES: readonly Role[] = ['propertyManager'];
