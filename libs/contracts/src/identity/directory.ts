import { z } from 'zod';
import { zIsoDate, zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zFeatureId, zLanguageCode } from './features.js';

/**
 * identity's directory over request/reply (`rpc.identity.directory.get.v1`): the housing companies,
 * their apartments and partner key contacts as other services keep them in their read models.
 * Ask by page (afterId + limit), by ids, or by the partner company serving them.
 */
export const IDENTITY_DIRECTORY_RPC = 'rpc.identity.directory.get.v1';
export const DIRECTORY_PAGE_MAX = 200;

export const zDirectoryRequest = z.union([
  z.object({ afterId: zUuid.nullable(), limit: z.number().int().min(1).max(DIRECTORY_PAGE_MAX) }),
  z.object({ ids: z.array(zUuid).max(DIRECTORY_PAGE_MAX) }),
  z.object({ partnerCompanyId: zUuid }),
]);
export type DirectoryRequest = z.infer<typeof zDirectoryRequest>;

export const zDirectoryPartnerContact = z.object({
  /** PropertyManager or MaintenanceManager. */
  type: z.string(),
  partnerCompanyId: zUuid,
  companyName: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const zDirectoryHousingCompany = z.object({
  id: zUuid,
  hcExt: z.string(),
  name: z.string(),
  marketingName: z.string().nullable(),
  addressCountry: z.string().nullable(),
  addressArea: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressZip: z.string().nullable(),
  businessUnit: z.string().nullable(),
  completionDate: zIsoDate.nullable(),
  lifecycleStepsActive: z.boolean(),
  buildingType: z.string().nullable(),
  /** Codenames of the building-taxonomy term and every term above it (nearest first). */
  taxonomyPath: z.array(z.string()),
  isDemo: z.boolean(),
  partnerContacts: z.array(zDirectoryPartnerContact),
  apartments: z.array(
    z.object({
      id: zUuid,
      no: z.string().nullable(),
      size: z.number().nullable(),
      rooms: z.number().int().nullable(),
      /** Other identifiers of the apartment (apartment images are matched by them, 03 §5). */
      apartmentNumber: z.string().nullable().optional(),
      visibleApartmentNumber: z.string().nullable().optional(),
      aptext: z.string().nullable().optional(),
    }),
  ),
});
export type DirectoryHousingCompany = z.infer<typeof zDirectoryHousingCompany>;

export const zDirectoryResponse = z.object({
  housingCompanies: z.array(zDirectoryHousingCompany),
  /** For paged requests: the id to ask after next, or null at the end. */
  nextAfterId: zUuid.nullable(),
  /** ids asked for that do not exist (deleted): drop them from the read model. */
  missingIds: z.array(zUuid),
});
export type DirectoryResponse = z.infer<typeof zDirectoryResponse>;

/**
 * identity's feature decision for one housing company (`rpc.identity.features.get.v1`), for services
 * that enforce the feature policies of 01 §6 on their own routes: the features on for the company
 * in the language, as the resident app's /features answers them (news and calendar always).
 */
export const IDENTITY_FEATURES_RPC = 'rpc.identity.features.get.v1';
export const zHousingCompanyFeaturesRequest = z.object({ housingCompanyId: zUuid, language: zLanguageCode });
export type HousingCompanyFeaturesRequest = z.infer<typeof zHousingCompanyFeaturesRequest>;
export const zHousingCompanyFeaturesResponse = z.object({ features: z.array(zFeatureId) });
export type HousingCompanyFeaturesResponse = z.infer<typeof zHousingCompanyFeaturesResponse>;

/**
 * identity's audience of housing companies (`rpc.identity.audience.get.v1`), for the notifications
 * fan-out: the enabled, registered users with a role in force today in the housing companies or
 * their apartments (only the given roles, when there are any), one row per user (the first of the
 * housing companies they are in), paged by user id; or named users; or the users of partner
 * companies (service requests' recipients).
 */
export const IDENTITY_AUDIENCE_RPC = 'rpc.identity.audience.get.v1';
/** At most this many users a page: a page of the answer stays well under the 1 MB NATS limit. */
export const AUDIENCE_PAGE_MAX = 1000;
/** At most this many partner companies one audience request names. */
export const AUDIENCE_PARTNER_COMPANIES_MAX = 50;
export const zAudienceRequest = z.union([
  z.object({
    housingCompanyIds: z.array(zUuid).min(1).max(20_000),
    roles: z.array(zRole),
    afterUserId: zUuid.nullable(),
    limit: z.number().int().min(1).max(AUDIENCE_PAGE_MAX),
    /** Only these users (is a user a member, in one of the roles?). */
    onlyUserIds: z.array(zUuid).min(1).max(AUDIENCE_PAGE_MAX).optional(),
    /** Only roles held on these apartments of the companies (company roles do not count). */
    apartmentIds: z.array(zUuid).min(1).max(AUDIENCE_PAGE_MAX).optional(),
    /** Also users who have not registered yet or are deactivated (whom staff manage, not whom to tell). */
    includeInactive: z.boolean().optional(),
  }),
  /** Named users (a reply's author, a private message's recipients), each with their first housing company. */
  z.object({
    userIds: z.array(zUuid).min(1).max(AUDIENCE_PAGE_MAX),
    /**
     * Only those who may still read the housing companies' pages: a role in force in one, or (when
     * globalRoles names any) one of those global roles, aliases applied, admin passing. Someone who
     * has moved out hears no more of the company's discussions.
     */
    readersOf: z
      .object({ housingCompanyIds: z.array(zUuid).min(1).max(20_000), globalRoles: z.array(zRole) })
      .optional(),
    /** Also users who have not registered yet or are deactivated (does identity know them at all?). */
    includeInactive: z.boolean().optional(),
  }),
  /**
   * The users of partner companies (a service request sent to a partner), each with their first
   * housing company; at most AUDIENCE_PAGE_MAX, not paged (a partner company has a few users).
   */
  z.object({
    partnerCompanyIds: z.array(zUuid).min(1).max(AUDIENCE_PARTNER_COMPANIES_MAX),
    onlyUserIds: z.array(zUuid).min(1).max(AUDIENCE_PAGE_MAX).optional(),
  }),
]);
export type AudienceRequest = z.infer<typeof zAudienceRequest>;
export const zAudienceMember = z.object({
  userId: zUuid,
  email: z.string(),
  firstName: z.string(),
  /** e.g. fi_FI: the language of the notification and its e-mail. */
  locale: z.string(),
  housingCompanyId: zUuid.nullable(),
});
export type AudienceMember = z.infer<typeof zAudienceMember>;
export const zAudienceResponse = z.object({
  members: z.array(zAudienceMember),
  /** The id to ask after next, or null at the end. */
  nextAfterUserId: zUuid.nullable(),
});
export type AudienceResponse = z.infer<typeof zAudienceResponse>;
