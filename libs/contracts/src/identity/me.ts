import { z } from 'zod';
import { zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zIssuer } from './auth.js';

export const HOUSING_COMPANY_STATES = ['construction', 'living'] as const;
export const zHousingCompanyState = z.enum(HOUSING_COMPANY_STATES);
export type HousingCompanyState = z.infer<typeof zHousingCompanyState>;

export const zMyApartment = z.object({
  id: zUuid,
  no: z.string(),
  externalName: z.string().nullable(),
  aptext: z.string(),
  roles: z.array(zRole),
});

export const zMyHousingCompany = z.object({
  id: zUuid,
  hcExt: z.string(),
  name: z.string(),
  marketingName: z.string().nullable(),
  addressStreet: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressCountry: z.string().nullable(),
  businessUnit: z.string().nullable(),
  completionDate: z.string().nullable(),
  /** Derived: living when completionDate is before today, else construction. */
  state: zHousingCompanyState,
  lifecycleStepsActive: z.boolean(),
  isDemo: z.boolean(),
  roles: z.array(zRole),
  apts: z.array(zMyApartment),
});
export type MyHousingCompany = z.infer<typeof zMyHousingCompany>;

export const zMeResponse = z.object({
  user: z.object({
    id: zUuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string(),
    publicProfile: z.boolean(),
    registered: z.boolean(),
    roles: z.array(zRole),
    isBusinessPartner: z.boolean(),
    partnerCompanies: z.array(z.object({ id: zUuid, externalId: z.string().nullable(), name: z.string() })),
  }),
  issuer: zIssuer,
  hcs: z.array(zMyHousingCompany),
  selectedHousingCompanyId: zUuid.nullable(),
  selectedApartmentId: zUuid.nullable(),
});
export type MeResponse = z.infer<typeof zMeResponse>;

export const zSelectHousingCompanyRequest = z.strictObject({
  housingCompanyId: zUuid.nullable(),
  apartmentId: zUuid.nullable().optional(),
});
export type SelectHousingCompanyRequest = z.infer<typeof zSelectHousingCompanyRequest>;
