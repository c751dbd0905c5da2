import { outboxTable } from '@porta/service-kit';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Identity owns this Postgres schema; no other service reads it. */
export const identity = pgSchema('identity');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = identity.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; not editable after creation. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    locale: text('locale').notNull().default('en_US'),
    externalId: text('external_id'),
    /** Subject of the consumer (b2c) OpenID Connect login linked to this user. */
    b2cSubject: text('b2c_subject'),
    passwordHash: text('password_hash'),
    registered: boolean('registered').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    publicProfile: boolean('public_profile').notNull().default(false),
    /** 03 §3 'male'; asked at registration, optional. */
    male: boolean('male'),
    source: text('source').notNull().default('portal'),
    /** Global roles (staff, partners); roles in housing companies and apartments live below. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    selectedHousingCompanyId: uuid('selected_housing_company_id'),
    selectedApartmentId: uuid('selected_apartment_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * When the user's roles last changed (global, housing company, apartment, partner company):
     * access tokens carry it as their membership version (`ver`), and services refuse a token of
     * an older version at once (identity's revocations), so the browser refreshes it.
     */
    membershipChangedAt: timestamp('membership_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_membership_changed_idx')
      .on(t.membershipChangedAt)
      .where(sql`membership_changed_at is not null`),
    uniqueIndex('users_external_id_key').on(t.externalId),
    uniqueIndex('users_b2c_subject_key').on(t.b2cSubject),
  ],
);

export const housingCompanies = identity.table(
  'housing_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hcExt: text('hc_ext').notNull(),
    name: text('name').notNull(),
    marketingName: text('marketing_name'),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressCountry: text('address_country'),
    businessUnit: text('business_unit'),
    completionDate: date('completion_date', { mode: 'string' }),
    lifecycleStepsActive: boolean('lifecycle_steps_active').notNull().default(false),
    /** The demo housing company is listed first (01 §9). */
    isDemo: boolean('is_demo').notNull().default(false),
    liferayId: text('liferay_id'),
    /** Zip code, five digits (shorter ones padded with leading zeros); partners' operational area. */
    addressZip: text('address_zip'),
    addressArea: text('address_area'),
    finalizationDate: date('finalization_date', { mode: 'string' }),
    energyClass: text('energy_class'),
    numberOfApartments: integer('number_of_apartments'),
    numberOfNonSellableParkingPlaces: integer('number_of_non_sellable_parking_places'),
    additionalInformationAboutParkingPlaces: text('additional_information_about_parking_places'),
    serviceRequestSettings: jsonb('service_request_settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    housingCompanyAdminEmail: text('housing_company_admin_email'),
    porrasFeedUrl: text('porras_feed_url'),
    one4allUuid: text('one4all_uuid'),
    one4allArticleRssUrl: text('one4all_article_rss_url'),
    one4allEventRssUrl: text('one4all_event_rss_url'),
    one4allCampaignRssUrl: text('one4all_campaign_rss_url'),
    one4allIncludeAllResidents: boolean('one4all_include_all_residents').notNull().default(false),
    isYseProject: boolean('is_yse_project').notNull().default(false),
    congridId: text('congrid_id'),
    warrantyReportStartDate: date('warranty_report_start_date', { mode: 'string' }),
    warrantyReportEndDate: date('warranty_report_end_date', { mode: 'string' }),
    warrantyRepairMeetingDate: date('warranty_repair_meeting_date', { mode: 'string' }),
    warrantyRepairNoticeInfoDate: date('warranty_repair_notice_info_date', { mode: 'string' }),
    warrantyRepairEndDate: date('warranty_repair_end_date', { mode: 'string' }),
    warrantyRepairProcessEndDate: date('warranty_repair_process_end_date', { mode: 'string' }),
    warrantyPeriodEndDate: date('warranty_period_end_date', { mode: 'string' }),
    warrantyContacts: jsonb('warranty_contacts').$type<unknown[]>().notNull().default([]),
    wizardCompleted: boolean('wizard_completed').notNull().default(false),
    /** block_of_flats or leisure_home (03 §3). */
    buildingType: text('building_type'),
    /** documentsSettings.scope */
    documentsScope: text('documents_scope'),
    /** The building-taxonomy term the company belongs to: feature toggles and content target it. */
    buildingTaxonomyTermId: uuid('building_taxonomy_term_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('housing_companies_hc_ext_key').on(t.hcExt),
    index('housing_companies_zip_idx').on(t.addressZip),
    index('housing_companies_taxonomy_idx').on(t.buildingTaxonomyTermId),
  ],
);

export const apartments = identity.table(
  'apartments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    housingCompanyId: uuid('housing_company_id')
      .notNull()
      .references(() => housingCompanies.id, { onDelete: 'cascade' }),
    no: text('no').notNull(),
    externalName: text('external_name'),
    aptext: text('aptext').notNull(),
    apartmentNumber: text('apartment_number'),
    visibleApartmentNumber: text('visible_apartment_number'),
    floorNumber: integer('floor_number'),
    terrace: boolean('terrace').notNull().default(false),
    balcony: boolean('balcony').notNull().default(false),
    sauna: boolean('sauna').notNull().default(false),
    numberOfShares: integer('number_of_shares'),
    shareNumbers: text('share_numbers'),
    /** Square metres. */
    size: doublePrecision('size'),
    rooms: integer('rooms'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apartments_aptext_key').on(t.aptext),
    index('apartments_hc_idx').on(t.housingCompanyId),
  ],
);

export const housingCompanyRoles = identity.table(
  'housing_company_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    housingCompanyId: uuid('housing_company_id')
      .notNull()
      .references(() => housingCompanies.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.housingCompanyId, t.role] }),
    index('hc_roles_hc_idx').on(t.housingCompanyId),
  ],
);

export const apartmentRoles = identity.table(
  'apartment_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.apartmentId, t.role] }),
    index('apt_roles_apt_idx').on(t.apartmentId),
  ],
);

/** Partner companies (03 §3): type PROPERTY_MANAGER, MAINTENANCE_MANAGER or BUSINESS_PARTNER. */
export const partnerCompanies = identity.table(
  'partner_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    externalId: text('external_id'),
    businessId: text('business_id'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    country: text('country'),
    phone: text('phone'),
    email: text('email'),
    webPageUrl: text('web_page_url'),
    description: text('description'),
    logo: text('logo'),
    featuredImage: text('featured_image'),
    keyword: text('keyword'),
    active: boolean('active').notNull().default(true),
    /** Free-form contact details shown to residents (name, title, e-mail, phone, opening hours). */
    contactDetails: jsonb('contact_details').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Operational area as staff set or approved it: five-digit zip codes … (a business partner
     * reads the housing companies in it; ADR 0013)
     */
    operationalAreaZips: text('operational_area_zips').array().notNull().default(sql`'{}'::text[]`),
    /** … and building-taxonomy term ids. */
    operationalAreaTaxonomies: uuid('operational_area_taxonomies')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * The operational area a user of the company proposed (PUT /partner/company), waiting for
     * staff to approve it: zip codes and building-taxonomy terms, when and by whom. It widens
     * nothing until approved. Null when nothing is pending.
     */
    proposedAreaZips: text('proposed_area_zips').array(),
    proposedAreaTaxonomies: uuid('proposed_area_taxonomies').array(),
    areaProposedAt: timestamp('area_proposed_at', { withTimezone: true }),
    areaProposedBy: uuid('area_proposed_by'),
    keyContactUserId: uuid('key_contact_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_companies_external_id_key').on(t.externalId),
    index('partner_companies_type_idx').on(t.type),
  ],
);

/**
 * A partner company serving a housing company as its property or maintenance manager
 * (selectedPropertyManagerCompanies / selectedMaintenanceManagerCompanies, each with a key contact).
 */
export const housingCompanyPartners = identity.table(
  'housing_company_partners',
  {
    housingCompanyId: uuid('housing_company_id')
      .notNull()
      .references(() => housingCompanies.id, { onDelete: 'cascade' }),
    partnerCompanyId: uuid('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    /** PropertyManager or MaintenanceManager. */
    type: text('type').notNull(),
    keyContactUserId: uuid('key_contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.housingCompanyId, t.type, t.partnerCompanyId] }),
    index('hc_partners_partner_idx').on(t.partnerCompanyId),
  ],
);

export const partnerCompanyUsers = identity.table(
  'partner_company_users',
  {
    partnerCompanyId: uuid('partner_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnerCompanyId, t.userId] }), index('pc_users_user_idx').on(t.userId)],
);

/** A sign-in session: one refresh-token family. */
export const sessions = identity.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_revoked_idx').on(t.revokedAt).where(sql`revoked_at is not null`),
  ],
);

/** Refresh tokens, stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = identity.table(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const loginFailures = identity.table(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

/** Token-signing keys; the newest unretired one signs, all unexpired ones verify. */
export const signingKeys = identity.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Pending OpenID Connect sign-ins (state → PKCE verifier and nonce). */
export const oidcStates = identity.table('oidc_states', {
  state: text('state').primaryKey(),
  issuer: text('issuer').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  createdAt: createdAt(),
});

/**
 * Feature toggles (03 §3): a feature switched on globally or for a building-taxonomy term, with
 * its settings, an optional schedule of visibility and an optional language restriction.
 */
export const featureToggles = identity.table(
  'feature_toggles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    featureId: text('feature_id').notNull(),
    /** 'global' or the id of a building-taxonomy term. */
    scope: text('scope').notNull().default('global'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    visibleFrom: timestamp('visible_from', { withTimezone: true }),
    visibleUntil: timestamp('visible_until', { withTimezone: true }),
    /** Null: every language. */
    languages: text('languages').array(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('feature_toggles_feature_scope_key').on(t.featureId, t.scope)],
);

/**
 * Taxonomy terms (03 §3): groups buildingtaxonomy, articletype, contact_taxonomy, room_type,
 * building_type, age_group, faqtaxonomy, campaign_category; terms nest through parentId.
 */
export const taxonomyTerms = identity.table(
  'taxonomy_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    group: text('group').notNull(),
    codename: text('codename').notNull(),
    externalId: text('external_id'),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('taxonomy_terms_group_codename_key').on(t.group, t.codename),
    index('taxonomy_terms_parent_idx').on(t.parentId),
  ],
);

/** Bans (03 §4): per housing company, or global when housingCompanyId is null; until expiresAt. */
export const bans = identity.table(
  'bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    housingCompanyId: uuid('housing_company_id').references(() => housingCompanies.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('bans_user_idx').on(t.userId, t.expiresAt)],
);

/** E-mail signatures of staff and managers (name and content). */
export const signatures = identity.table(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signatures_user_idx').on(t.userId)],
);

/** A user's dashboard quick links per housing company (at most five, ordered). */
export const quickLinks = identity.table(
  'quick_links',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    housingCompanyId: uuid('housing_company_id')
      .notNull()
      .references(() => housingCompanies.id, { onDelete: 'cascade' }),
    links: jsonb('links').$type<unknown[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.housingCompanyId] })],
);

/** Dialogs a user has read, per housing company (e.g. 'welcome-to-plus-dialog'). */
export const dialogReads = identity.table(
  'dialog_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dialogId: text('dialog_id').notNull(),
    housingCompanyId: uuid('housing_company_id')
      .notNull()
      .references(() => housingCompanies.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dialogId, t.housingCompanyId] })],
);

/** Calendar tasks a user has marked done (by the task's content id). */
export const taskStatuses = identity.table(
  'task_statuses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    done: boolean('done').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
);

/**
 * Single-use tokens sent by e-mail: 'email-change' (payload.newEmail) and 'first-login'
 * (set a password and register). Stored as SHA-256 hashes.
 */
export const userTokens = identity.table(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Scheduled role and ownership changes (03 §4): on startDate the listed users gain or lose the
 * role in the apartment. Applied at once as role validity (validFrom/validUntil), so /me and
 * tokens need no job; removing a pending change restores the validity kept in previousValidity.
 */
export const scheduledRoleChanges = identity.table(
  'scheduled_role_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    addUserIds: uuid('add_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    removeUserIds: uuid('remove_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The validity each affected user's role had before the change, restored when it is removed. */
    previousValidity: jsonb('previous_validity')
      .$type<Record<string, { validFrom: string | null; validUntil: string | null }>>()
      .notNull()
      .default({}),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_role_changes_apt_idx').on(t.apartmentId)],
);

/** Events for other services (user, membership, housing company, partner, feature). */
export const outbox = outboxTable(identity);
