import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
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
    source: text('source').notNull().default('portal'),
    /** Global roles (staff, partners); roles in housing companies and apartments live below. */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    selectedHousingCompanyId: uuid('selected_housing_company_id'),
    selectedApartmentId: uuid('selected_apartment_id'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('housing_companies_hc_ext_key').on(t.hcExt)],
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
    createdAt: createdAt(),
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

export const partnerCompanies = identity.table('partner_companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  externalId: text('external_id'),
  createdAt: createdAt(),
});

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
  (t) => [primaryKey({ columns: [t.partnerCompanyId, t.userId] })],
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
  (t) => [index('sessions_user_idx').on(t.userId)],
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
