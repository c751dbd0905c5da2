import { z } from 'zod';
import { zAdminListQuery, zIsoDate, zUuid } from '../common.js';
import { COUNTRIES } from '../constants.js';
import { visibleText } from '../text.js';
import { zHousingCompanyState } from './me.js';
import { zUserEmail } from './users.js';

/**
 * Housing companies and apartments as staff edit them (03 §3), and the partner companies that
 * serve a housing company as its property or maintenance manager.
 */

const FORMAT_MESSAGE = 'Value in field is not in correct format';

/**
 * A zip code (03 §5): digits only, five of them; shorter ones are padded with leading zeros
 * ('520' becomes '00520').
 */
export const zZipCode = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, FORMAT_MESSAGE)
  .transform((zip) => zip.padStart(5, '0'));

/** block_of_flats (aliases 'block of flats', 'kerrostalo') and leisure_home (03 §3). */
export const BUILDING_TYPES = ['block_of_flats', 'leisure_home'] as const;
export const zBuildingType = z.enum(BUILDING_TYPES);
export type BuildingType = z.infer<typeof zBuildingType>;
const BUILDING_TYPE_ALIASES: Record<string, BuildingType> = {
  block_of_flats: 'block_of_flats',
  'block of flats': 'block_of_flats',
  kerrostalo: 'block_of_flats',
  leisure_home: 'leisure_home',
  'leisure home': 'leisure_home',
};
/** A building type as sent: the aliases are accepted and stored as the canonical value. */
export const zBuildingTypeInput = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx) => {
    const type = BUILDING_TYPE_ALIASES[value];
    if (!type) {
      ctx.addIssue({ code: 'custom', message: 'Use block_of_flats or leisure_home' });
      return z.NEVER;
    }
    return type;
  });

export const zCountry = z.enum(COUNTRIES);

/** The two ways a partner company serves a housing company (the calls' names, 03 §3). */
export const HOUSING_COMPANY_PARTNER_TYPES = ['PropertyManager', 'MaintenanceManager'] as const;
export const zHousingCompanyPartnerType = z.enum(HOUSING_COMPANY_PARTNER_TYPES);
export type HousingCompanyPartnerType = z.infer<typeof zHousingCompanyPartnerType>;

/** A partner company connected to a housing company, with its key contact there. */
export const zHousingCompanyPartnerRef = z.object({
  partnerCompanyId: zUuid,
  name: z.string(),
  keyContactUserId: zUuid.nullable(),
});
export type HousingCompanyPartnerRef = z.infer<typeof zHousingCompanyPartnerRef>;

/** A contact person of the warranty process shown to residents. */
export const zWarrantyContact = z.strictObject({
  name: z.string().trim().min(1).max(200),
  title: z.string().trim().max(200).nullish(),
  company: z.string().trim().max(200).nullish(),
  email: zUserEmail.nullish(),
  phone: z.string().trim().max(50).nullish(),
});
export type WarrantyContact = z.infer<typeof zWarrantyContact>;

/** A housing company as staff see it: every field of 03 §3 plus the derived state and partners. */
export const zAdminHousingCompany = z.object({
  id: zUuid,
  liferayId: z.string().nullable(),
  hcExt: z.string(),
  name: z.string(),
  marketingName: z.string().nullable(),
  addressStreet: z.string().nullable(),
  addressZip: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressArea: z.string().nullable(),
  addressCountry: z.string().nullable(),
  businessUnit: z.string().nullable(),
  completionDate: z.string().nullable(),
  finalizationDate: z.string().nullable(),
  /** Derived: living when completionDate is before today, else construction. */
  state: zHousingCompanyState,
  isDemo: z.boolean(),
  energyClass: z.string().nullable(),
  numberOfApartments: z.number().int().nullable(),
  numberOfNonSellableParkingPlaces: z.number().int().nullable(),
  additionalInformationAboutParkingPlaces: z.string().nullable(),
  serviceRequestSettings: z.record(z.string(), z.unknown()),
  housingCompanyAdminEmail: z.string().nullable(),
  porrasFeedUrl: z.string().nullable(),
  one4allUuid: z.string().nullable(),
  one4allArticleRssUrl: z.string().nullable(),
  one4allEventRssUrl: z.string().nullable(),
  one4allCampaignRssUrl: z.string().nullable(),
  one4allIncludeAllResidents: z.boolean(),
  isYseProject: z.boolean(),
  congridId: z.string().nullable(),
  warrantyReportStartDate: z.string().nullable(),
  warrantyReportEndDate: z.string().nullable(),
  warrantyRepairMeetingDate: z.string().nullable(),
  warrantyRepairNoticeInfoDate: z.string().nullable(),
  warrantyRepairEndDate: z.string().nullable(),
  warrantyRepairProcessEndDate: z.string().nullable(),
  warrantyPeriodEndDate: z.string().nullable(),
  warrantyContacts: z.array(z.record(z.string(), z.unknown())),
  lifecycleStepsActive: z.boolean(),
  wizardCompleted: z.boolean(),
  buildingType: zBuildingType.nullable(),
  /** documentsSettings.scope */
  documentsScope: z.string().nullable(),
  /** The building-taxonomy term the company belongs to. */
  buildingTaxonomyTermId: zUuid.nullable(),
  /** selectedPropertyManagerCompanies */
  propertyManagerCompanies: z.array(zHousingCompanyPartnerRef),
  /** selectedMaintenanceManagerCompanies */
  maintenanceManagerCompanies: z.array(zHousingCompanyPartnerRef),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminHousingCompany = z.infer<typeof zAdminHousingCompany>;
export const zAdminHousingCompanyList = z.array(zAdminHousingCompany);

export const ADMIN_HOUSING_COMPANY_SORT_FIELDS = [
  'name',
  'hcExt',
  'addressCity',
  'addressZip',
  'completionDate',
  'createdAt',
  'updatedAt',
] as const;
/** The list: the demo company always comes first, then the requested order. */
export const zAdminHousingCompanyListQuery = zAdminListQuery(
  {
    /** Name, marketing name, street or hcExt, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    state: zHousingCompanyState.optional(),
    country: z.string().trim().max(100).optional(),
    /** Companies this partner company serves (as property or maintenance manager). */
    partnerCompanyId: zUuid.optional(),
    buildingTaxonomyTermId: zUuid.optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_HOUSING_COMPANY_SORT_FIELDS,
);
export type AdminHousingCompanyListQuery = z.infer<typeof zAdminHousingCompanyListQuery>;
export const zAdminHousingCompanyParams = z.strictObject({ id: zUuid });

const zText = z.string().trim().max(200);
const zLongText = z.string().trim().max(5000);
const zRequiredText = z.string().trim().min(1).max(200);
const zHttpUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.httpUrl({ error: FORMAT_MESSAGE }));
const zCount = z.number().int().min(0).max(1_000_000);

/** Every editable field of a housing company; null clears a field. */
const housingCompanyFields = {
  hcExt: z.string().trim().min(1).max(100),
  /** Names of the company: no invisible or control characters. */
  name: visibleText(zRequiredText),
  liferayId: zText.nullish(),
  marketingName: visibleText(zText).nullish(),
  addressStreet: zText.nullish(),
  addressZip: zZipCode.nullish(),
  addressCity: zText.nullish(),
  addressArea: zText.nullish(),
  addressCountry: zCountry.nullish(),
  businessUnit: zText.nullish(),
  completionDate: zIsoDate.nullish(),
  finalizationDate: zIsoDate.nullish(),
  energyClass: z.string().trim().max(20).nullish(),
  numberOfApartments: zCount.nullish(),
  numberOfNonSellableParkingPlaces: zCount.nullish(),
  additionalInformationAboutParkingPlaces: zLongText.nullish(),
  serviceRequestSettings: z.record(z.string(), z.unknown()).optional(),
  housingCompanyAdminEmail: zUserEmail.nullish(),
  porrasFeedUrl: zHttpUrl.nullish(),
  one4allUuid: zText.nullish(),
  one4allArticleRssUrl: zHttpUrl.nullish(),
  one4allEventRssUrl: zHttpUrl.nullish(),
  one4allCampaignRssUrl: zHttpUrl.nullish(),
  one4allIncludeAllResidents: z.boolean().optional(),
  isYseProject: z.boolean().optional(),
  congridId: zText.nullish(),
  warrantyReportStartDate: zIsoDate.nullish(),
  warrantyReportEndDate: zIsoDate.nullish(),
  warrantyRepairMeetingDate: zIsoDate.nullish(),
  warrantyRepairNoticeInfoDate: zIsoDate.nullish(),
  warrantyRepairEndDate: zIsoDate.nullish(),
  warrantyRepairProcessEndDate: zIsoDate.nullish(),
  warrantyPeriodEndDate: zIsoDate.nullish(),
  warrantyContacts: z.array(zWarrantyContact).max(50).optional(),
  lifecycleStepsActive: z.boolean().optional(),
  wizardCompleted: z.boolean().optional(),
  buildingType: zBuildingTypeInput.nullish(),
  documentsScope: z.string().trim().max(50).nullish(),
  /** Must be a term of the buildingtaxonomy group. */
  buildingTaxonomyTermId: zUuid.nullish(),
};

/** Pairs of dates where the second may not be before the first (checked on the stored result too). */
export const HOUSING_COMPANY_DATE_ORDER = [
  ['warrantyReportStartDate', 'warrantyReportEndDate'],
  ['warrantyRepairMeetingDate', 'warrantyRepairNoticeInfoDate'],
] as const;

/** Create a housing company: hcExt (unique, 409 IDN_HC_EXT_IN_USE) and name are required. */
export const zAdminHousingCompanyCreate = z.strictObject(housingCompanyFields);
export type AdminHousingCompanyCreate = z.infer<typeof zAdminHousingCompanyCreate>;

/** Update a housing company: any editable field; an unknown field is a 400. */
export const zAdminHousingCompanyUpdate = z.strictObject(housingCompanyFields).partial();
export type AdminHousingCompanyUpdate = z.infer<typeof zAdminHousingCompanyUpdate>;

// ---------------------------------------------------------------------------------------------
// Apartments

export const zAdminApartment = z.object({
  id: zUuid,
  housingCompanyId: zUuid,
  no: z.string(),
  externalName: z.string().nullable(),
  aptext: z.string(),
  apartmentNumber: z.string().nullable(),
  visibleApartmentNumber: z.string().nullable(),
  floorNumber: z.number().int().nullable(),
  terrace: z.boolean(),
  balcony: z.boolean(),
  sauna: z.boolean(),
  numberOfShares: z.number().int().nullable(),
  shareNumbers: z.string().nullable(),
  /** Square metres. */
  size: z.number().nullable(),
  rooms: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminApartment = z.infer<typeof zAdminApartment>;
export const zAdminApartmentList = z.array(zAdminApartment);

export const ADMIN_APARTMENT_SORT_FIELDS = [
  'no',
  'aptext',
  'apartmentNumber',
  'floorNumber',
  'size',
  'rooms',
  'createdAt',
] as const;
export const zAdminApartmentListQuery = zAdminListQuery(
  {
    housingCompanyId: zUuid.optional(),
    /** No, aptext, external name or apartment number, case-insensitive. */
    q: z.string().trim().max(200).optional(),
    id: z.array(zUuid).max(1000).optional(),
  },
  ADMIN_APARTMENT_SORT_FIELDS,
);
export type AdminApartmentListQuery = z.infer<typeof zAdminApartmentListQuery>;
export const zAdminApartmentParams = z.strictObject({ id: zUuid });

const apartmentFields = {
  /** The apartment's names: no invisible or control characters. */
  no: visibleText(z.string().trim().min(1).max(50)),
  /** Unique over all housing companies (409 IDN_APTEXT_IN_USE). */
  aptext: visibleText(z.string().trim().min(1).max(100)),
  externalName: visibleText(z.string().trim().max(100)).nullish(),
  apartmentNumber: z.string().trim().max(50).nullish(),
  visibleApartmentNumber: z.string().trim().max(50).nullish(),
  floorNumber: z.number().int().min(0).max(500).nullish(),
  terrace: z.boolean().optional(),
  balcony: z.boolean().optional(),
  sauna: z.boolean().optional(),
  numberOfShares: zCount.nullish(),
  shareNumbers: z.string().trim().max(500).nullish(),
  size: z.number().min(0).max(100_000).nullish(),
  rooms: z.number().int().min(0).max(1000).nullish(),
};

/** Create an apartment in a housing company. */
export const zAdminApartmentCreate = z.strictObject({ housingCompanyId: zUuid, ...apartmentFields });
export type AdminApartmentCreate = z.infer<typeof zAdminApartmentCreate>;

/** Update an apartment: any field but its housing company. */
export const zAdminApartmentUpdate = z.strictObject(apartmentFields).partial();
export type AdminApartmentUpdate = z.infer<typeof zAdminApartmentUpdate>;

// ---------------------------------------------------------------------------------------------
// Partner companies of a housing company (property and maintenance managers)

export const zHousingCompanyPartner = z.object({
  housingCompanyId: zUuid,
  type: zHousingCompanyPartnerType,
  partnerCompanyId: zUuid,
  name: z.string(),
  keyContactUserId: zUuid.nullable(),
  /** The key contact's name, when there is one. */
  keyContactName: z.string().nullable(),
});
export type HousingCompanyPartner = z.infer<typeof zHousingCompanyPartner>;
export const zHousingCompanyPartnerList = z.array(zHousingCompanyPartner);

export const zHousingCompanyPartnerParams = z.strictObject({ id: zUuid, type: zHousingCompanyPartnerType });
export const zHousingCompanyPartnerDeleteParams = z.strictObject({
  id: zUuid,
  type: zHousingCompanyPartnerType,
  partnerCompanyId: zUuid,
});

/**
 * Connect a partner company of the matching type, or change to another (it replaces the current
 * company of that type). The key contact must be a user of the partner company (400
 * IDN_KEY_CONTACT_NOT_A_USER); without one, the partner company's own key contact is used.
 */
export const zHousingCompanyPartnerSet = z.strictObject({
  partnerCompanyId: zUuid,
  keyContactUserId: zUuid.nullish(),
});
export type HousingCompanyPartnerSet = z.infer<typeof zHousingCompanyPartnerSet>;
