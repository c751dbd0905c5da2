import { z } from 'zod';
import { zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';

/**
 * Service request types (02 §3: maintenance dispatch, construction yard, fit out, sanitary studio,
 * rental service, housing association board, apartment furnishing, common-area fault, partner) and
 * statuses (02 §4: open, inprogress, closed, declined; closed and declined count as closed).
 */
export const SERVICE_REQUEST_TYPES = [
  'maintenance_dispatch',
  'construction_yard',
  'fit_out',
  'sanitary_studio',
  'rental_service',
  'housing_association_board',
  'apartment_furnishing',
  'common_area_fault',
  'partner',
] as const;
export const zServiceRequestTypeKey = z.enum(SERVICE_REQUEST_TYPES);
export type ServiceRequestTypeKey = z.infer<typeof zServiceRequestTypeKey>;

/** The type's name: a request's subject when none is written (02 §3 subject defaults to the type). */
export const SERVICE_REQUEST_TYPE_NAMES: Record<ServiceRequestTypeKey, string> = {
  maintenance_dispatch: 'Maintenance dispatch',
  construction_yard: 'Construction yard',
  fit_out: 'Fit out',
  sanitary_studio: 'Sanitary studio',
  rental_service: 'Rental service',
  housing_association_board: 'Housing association board',
  apartment_furnishing: 'Apartment furnishing',
  common_area_fault: 'Common-area fault',
  partner: 'Partner',
};

export const SERVICE_REQUEST_STATUSES = ['open', 'inprogress', 'closed', 'declined'] as const;
export const zServiceRequestStatus = z.enum(SERVICE_REQUEST_STATUSES);
export type ServiceRequestStatus = z.infer<typeof zServiceRequestStatus>;
/** closed and declined both count as closed (02 §4). */
export const SERVICE_REQUEST_CLOSED_STATUSES: readonly ServiceRequestStatus[] = ['closed', 'declined'];
export function isClosedStatus(status: ServiceRequestStatus): boolean {
  return SERVICE_REQUEST_CLOSED_STATUSES.includes(status);
}

/** The list's filters (issue 6): all, closed (closed or declined), pending (open or in progress), public. */
export const SERVICE_REQUEST_FILTERS = ['all', 'closed', 'pending', 'public'] as const;
export const zServiceRequestFilter = z.enum(SERVICE_REQUEST_FILTERS);
export type ServiceRequestFilter = z.infer<typeof zServiceRequestFilter>;

export const zServiceRequestLanguage = z.enum(LANGUAGES);

export const zServiceRequestType = z.object({
  key: zServiceRequestTypeKey,
  name: z.string(),
  /** A partner company must be chosen (type partner). */
  needsPartner: z.boolean(),
});
export type ServiceRequestType = z.infer<typeof zServiceRequestType>;

export const zServiceRequestPartnerCompany = z.object({ id: zUuid, name: z.string() });
export type ServiceRequestPartnerCompany = z.infer<typeof zServiceRequestPartnerCompany>;

/**
 * GET /types: the types a request can be sent as in the housing company (partner only when the
 * company has partner companies) and the partner companies to choose from. No types: the app shows
 * 'No request types selectable'.
 */
export const zServiceRequestTypeList = z.object({
  items: z.array(zServiceRequestType),
  partnerCompanies: z.array(zServiceRequestPartnerCompany),
});
export type ServiceRequestTypeList = z.infer<typeof zServiceRequestTypeList>;

export const zServiceRequestHousingCompanyQuery = z.strictObject({
  housingCompanyId: zUuid,
  lang: zServiceRequestLanguage.optional(),
});
export type ServiceRequestHousingCompanyQuery = z.infer<typeof zServiceRequestHousingCompanyQuery>;
