import { z } from 'zod';
import { zAdminListQuery, zIsoDateTime, zUuid } from '../common.js';
import { visibleText } from '../text.js';
import { zCountry, zZipCode } from './housing-companies.js';
import { zUserEmail } from './users.js';

/**
 * Partner companies (03 §3): property managers, maintenance managers and business partners, with
 * their users, key contact and operational area (zip codes and building-taxonomy terms). Business
 * partners see only the housing companies in their operational area as staff set or approved it:
 * an area a partner edits itself is a proposal until staff approve it (ADR 0013).
 */
export const PARTNER_COMPANY_TYPES = ['PROPERTY_MANAGER', 'MAINTENANCE_MANAGER', 'BUSINESS_PARTNER'] as const;
export const zPartnerCompanyType = z.enum(PARTNER_COMPANY_TYPES);
export type PartnerCompanyType = z.infer<typeof zPartnerCompanyType>;

/** The partner-company type that may serve a housing company in each role of the calls. */
export const PARTNER_TYPE_OF_CONNECTION = {
  PropertyManager: 'PROPERTY_MANAGER',
  MaintenanceManager: 'MAINTENANCE_MANAGER',
} as const satisfies Record<string, PartnerCompanyType>;

/** Contact details shown to residents. */
export const zPartnerContactDetails = z.strictObject({
  name: visibleText(z.string().trim().max(200)).nullish(),
  title: z.string().trim().max(200).nullish(),
  email: zUserEmail.nullish(),
  phone: z.string().trim().max(50).nullish(),
  openingHours: z.string().trim().max(500).nullish(),
});
export type PartnerContactDetails = z.infer<typeof zPartnerContactDetails>;

/**
 * An operational area a partner proposed (PUT /partner/company): the zip codes and terms it would
 * have, when and by whom. Staff approve it (POST …/area-proposal/approve with its proposedAt) or
 * dismiss it; until then the partner reads by the approved area only.
 */
export const zProposedOperationalArea = z.object({
  zips: z.array(z.string()),
  taxonomies: z.array(zUuid),
  proposedAt: z.string(),
  proposedBy: zUuid.nullable(),
});
export type ProposedOperationalArea = z.infer<typeof zProposedOperationalArea>;

export const zPartnerCompany = z.object({
  id: zUuid,
  name: z.string(),
  type: zPartnerCompanyType,
  externalId: z.string().nullable(),
  businessId: z.string().nullable(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  webPageUrl: z.string().nullable(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  featuredImage: z.string().nullable(),
  keyword: z.string().nullable(),
  active: z.boolean(),
  contactDetails: z.record(z.string(), z.unknown()),
  /** Five-digit zip codes. */
  operationalAreaZips: z.array(z.string()),
  /** Building-taxonomy term ids (a term covers its nested terms). */
  operationalAreaTaxonomies: z.array(zUuid),
  /**
   * The area a user of the company proposed and staff have not approved yet; null when none.
   * Always sent by identity; optional in the type only for the staff app's test fixtures.
   */
  proposedOperationalArea: zProposedOperationalArea.nullable().optional(),
  keyContactUserId: zUuid.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartnerCompany = z.infer<typeof zPartnerCompany>;
export const zPartnerCompanyList = z.array(zPartnerCompany);

export const PARTNER_COMPANY_SORT_FIELDS = [
  'name',
  'type',
  'city',
  'country',
  'createdAt',
  'updatedAt',
] as const;
export const zPartnerCompanyListQuery = zAdminListQuery(
  {
    /** Name, business id, external id or city, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    type: zPartnerCompanyType.optional(),
    country: z.string().trim().max(100).optional(),
    active: z.boolean().optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  PARTNER_COMPANY_SORT_FIELDS,
);
export type PartnerCompanyListQuery = z.infer<typeof zPartnerCompanyListQuery>;
export const zPartnerCompanyParams = z.strictObject({ id: zUuid });

const zText = z.string().trim().max(200);
const zUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.httpUrl({ error: 'Value in field is not in correct format' }));
const uniqueList = <T>(list: T[]) => [...new Set(list)];

const partnerCompanyFields = {
  name: visibleText(z.string().trim().min(1).max(200)),
  type: zPartnerCompanyType,
  /** Unique (409 IDN_PARTNER_EXTERNAL_ID_IN_USE). */
  externalId: z.string().trim().min(1).max(100).nullish(),
  businessId: z.string().trim().max(50).nullish(),
  street: zText.nullish(),
  zip: zZipCode.nullish(),
  city: zText.nullish(),
  country: zCountry.nullish(),
  phone: z.string().trim().max(50).nullish(),
  email: zUserEmail.nullish(),
  webPageUrl: zUrl.nullish(),
  description: z.string().trim().max(5000).nullish(),
  logo: zUrl.nullish(),
  featuredImage: zUrl.nullish(),
  keyword: zText.nullish(),
  active: z.boolean().optional(),
  contactDetails: zPartnerContactDetails.optional(),
  /** Zip codes: digits, shorter ones padded to five with leading zeros; duplicates dropped. */
  operationalAreaZips: z.array(zZipCode).max(5000).transform(uniqueList).optional(),
  /** Terms of the buildingtaxonomy group. */
  operationalAreaTaxonomies: z.array(zUuid).max(1000).transform(uniqueList).optional(),
  /** Must be a user of the company (400 IDN_KEY_CONTACT_NOT_A_USER). */
  keyContactUserId: zUuid.nullish(),
};

/**
 * Create a partner company: name and type are required. A missing or empty body answers 400
 * IDN_PARTNER_CREATE_PAYLOAD ("You must send payload to create partner").
 */
export const zPartnerCompanyCreate = z.strictObject(partnerCompanyFields);
export type PartnerCompanyCreate = z.infer<typeof zPartnerCompanyCreate>;

/** Update a partner company (staff): any field; an empty body answers 400 IDN_PARTNER_UPDATE_PAYLOAD. */
export const zPartnerCompanyUpdate = z.strictObject(partnerCompanyFields).partial();
export type PartnerCompanyUpdate = z.infer<typeof zPartnerCompanyUpdate>;

/**
 * A partner updates its own company (PUT /partner/company): not its external id or active flag;
 * the type may be sent but not changed (400 IDN_PARTNER_TYPE_MISMATCH). operationalAreaZips and
 * operationalAreaTaxonomies become the company's proposed area, not its area: what the partner
 * reads changes only when staff approve it (ADR 0013).
 */
export const zPartnerOwnCompanyUpdate = zPartnerCompanyUpdate.omit({ externalId: true, active: true });
export type PartnerOwnCompanyUpdate = z.infer<typeof zPartnerOwnCompanyUpdate>;

/**
 * POST /admin/partner-companies/:id/area-proposal/approve: the proposal's proposedAt as the
 * approver saw it; a proposal changed or gone since answers 409 IDN_AREA_PROPOSAL_CHANGED.
 */
export const zPartnerAreaApproval = z.strictObject({ proposedAt: zIsoDateTime });
export type PartnerAreaApproval = z.infer<typeof zPartnerAreaApproval>;

/** Which of the caller's partner companies (default: the first by name). */
export const zPartnerOwnCompanyQuery = z.strictObject({ partnerCompanyId: zUuid.optional() });

/** A user of a partner company. */
export const zPartnerCompanyUser = z.object({
  id: zUuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  /** The user is the company's key contact. */
  isKeyContact: z.boolean(),
});
export type PartnerCompanyUser = z.infer<typeof zPartnerCompanyUser>;
export const zPartnerCompanyUserList = z.array(zPartnerCompanyUser);
export const zPartnerCompanyUserAdd = z.strictObject({ userId: zUuid });
export type PartnerCompanyUserAdd = z.infer<typeof zPartnerCompanyUserAdd>;
export const zPartnerCompanyUserParams = z.strictObject({ id: zUuid, userId: zUuid });
