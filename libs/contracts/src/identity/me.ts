import { z } from 'zod';
import { zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zIssuer } from './auth.js';
import { zDialogRead, zQuickLink, zTaskStatus } from './self-service.js';

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

/** The quick links of the selected housing company (none selected: projectId null, no links). */
export const zMeQuickLinks = z.object({ projectId: zUuid.nullable(), links: z.array(zQuickLink) });
export type MeQuickLinks = z.infer<typeof zMeQuickLinks>;

/**
 * The signed-in user (GET /me `user`, also the answer of PUT /me/profile). identity always answers
 * phone, male, quickLinks, dialogs, tasks and canManageSignatures; they are optional in the type
 * only until the web apps' test fixtures carry them.
 */
export const zMeUser = z.object({
  id: zUuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable().optional(),
  male: z.boolean().nullable().optional(),
  locale: z.string(),
  publicProfile: z.boolean(),
  registered: z.boolean(),
  roles: z.array(zRole),
  isBusinessPartner: z.boolean(),
  partnerCompanies: z.array(z.object({ id: zUuid, externalId: z.string().nullable(), name: z.string() })),
  quickLinks: zMeQuickLinks.optional(),
  /** Dialogs read, per housing company (e.g. the welcome dialog). */
  dialogs: z.array(zDialogRead).optional(),
  /** Calendar tasks marked done or not done. */
  tasks: z.array(zTaskStatus).optional(),
  /** Holds a role that keeps e-mail signatures (yitUser, propertyManager, maintenanceManager). */
  canManageSignatures: z.boolean().optional(),
});
export type MeUser = z.infer<typeof zMeUser>;

export const zMeResponse = z.object({
  user: zMeUser,
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
