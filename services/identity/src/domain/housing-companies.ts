import {
  type AdminApartment,
  type AdminApartmentCreate,
  type AdminApartmentUpdate,
  type AdminHousingCompany,
  type AdminHousingCompanyCreate,
  type AdminHousingCompanyListQuery,
  type AdminHousingCompanyUpdate,
  type BuildingType,
  COUNTRY_TIME_ZONES,
  HOUSING_COMPANY_DATE_ORDER,
  type HousingCompanyPartner,
  type HousingCompanyPartnerRef,
  type HousingCompanyPartnerSet,
  type HousingCompanyPartnerType,
  localDay,
  PARTNER_TYPE_OF_CONNECTION,
  PORTAL_TIME_ZONE,
} from '@porta/contracts';
import { AppError, type Db, type Principal, sortBy, withTransaction } from '@porta/service-kit';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema.js';
import {
  apartments,
  housingCompanies,
  housingCompanyPartners,
  partnerCompanies,
  users,
} from '../db/schema.js';
import { housingCompanyReadScope, IDENTITY_POLICIES, type Scope } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { isUniqueViolation } from './features.js';
import { housingCompanyState } from './membership.js';
import { assertKeyContactIsUser, getPartnerCompanyOr404, housingCompaniesReachedBy } from './partners.js';
import { assertHousingCompanyInScope } from './scope.js';
import { assertTermsOfGroup } from './taxonomy.js';

type IdentityDb = Db<typeof schema>;
export type HousingCompanyRow = typeof housingCompanies.$inferSelect;
export type ApartmentRow = typeof apartments.$inferSelect;

/** Read housing companies and apartments in the staff app (scope: housingCompanyScope). */
export const HOUSING_COMPANY_READERS = IDENTITY_POLICIES.housingCompaniesRead;
/** Read partner companies in the staff app (scope: partnerCompanyReadScope). */
export const PARTNER_READERS = IDENTITY_POLICIES.partnersRead;

/**
 * The housing companies a caller reaches in the staff app: housingCompanyReadScope (all for the
 * developer's staff, else the companies where they manage or sit on the board), plus those their
 * partner companies serve or, for business partners, have in their operational area.
 */
export async function housingCompanyScope(db: IdentityDb, p: Principal): Promise<Scope> {
  const base = housingCompanyReadScope(p);
  if (base.all || p.partnerCompanies.size === 0) return base;
  const reached = await housingCompaniesReachedBy(db, [...p.partnerCompanies]);
  return { all: false, housingCompanyIds: [...new Set([...base.housingCompanyIds, ...reached])] };
}

/** A condition keeping the rows whose housing-company column is within the scope. */
export function inHousingCompanyScope(
  scope: Scope,
  column: typeof housingCompanies.id | typeof apartments.housingCompanyId,
): SQL | undefined {
  if (scope.all) return undefined;
  return scope.housingCompanyIds.length ? inArray(column, scope.housingCompanyIds) : sql`false`;
}

type PartnerRefs = Record<HousingCompanyPartnerType, HousingCompanyPartnerRef[]>;

/** The property and maintenance manager companies of these housing companies. */
export async function partnerRefsOf(
  db: IdentityDb,
  housingCompanyIds: string[],
): Promise<Map<string, PartnerRefs>> {
  const out = new Map<string, PartnerRefs>();
  if (!housingCompanyIds.length) return out;
  const rows = await db
    .select({
      housingCompanyId: housingCompanyPartners.housingCompanyId,
      type: housingCompanyPartners.type,
      partnerCompanyId: housingCompanyPartners.partnerCompanyId,
      name: partnerCompanies.name,
      keyContactUserId: housingCompanyPartners.keyContactUserId,
    })
    .from(housingCompanyPartners)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, housingCompanyPartners.partnerCompanyId))
    .where(inArray(housingCompanyPartners.housingCompanyId, housingCompanyIds))
    .orderBy(asc(partnerCompanies.name));
  for (const r of rows) {
    const refs = out.get(r.housingCompanyId) ?? { PropertyManager: [], MaintenanceManager: [] };
    refs[r.type as HousingCompanyPartnerType]?.push({
      partnerCompanyId: r.partnerCompanyId,
      name: r.name,
      keyContactUserId: r.keyContactUserId,
    });
    out.set(r.housingCompanyId, refs);
  }
  return out;
}

export function toAdminHousingCompany(
  row: HousingCompanyRow,
  partners: PartnerRefs | undefined,
  now = new Date(),
): AdminHousingCompany {
  const { createdAt, updatedAt, buildingType, warrantyContacts, ...fields } = row;
  return {
    ...fields,
    state: housingCompanyState(row, now),
    buildingType: buildingType as BuildingType | null,
    warrantyContacts: warrantyContacts as Record<string, unknown>[],
    propertyManagerCompanies: partners?.PropertyManager ?? [],
    maintenanceManagerCompanies: partners?.MaintenanceManager ?? [],
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Rows as the staff app sees them, with their partner companies. */
export async function toAdminHousingCompanies(
  db: IdentityDb,
  rows: HousingCompanyRow[],
): Promise<AdminHousingCompany[]> {
  const partners = await partnerRefsOf(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((r) => toAdminHousingCompany(r, partners.get(r.id), now));
}

/** The housing company; 404 (Housing company could not be retrieved) unless it exists within the scope. */
export async function getHousingCompanyOr404(
  db: IdentityDb,
  id: string,
  scope: Scope = { all: true },
): Promise<HousingCompanyRow> {
  assertHousingCompanyInScope(scope, id);
  const [row] = await db.select().from(housingCompanies).where(eq(housingCompanies.id, id)).limit(1);
  if (!row) throw new AppError('IDN_HOUSING_COMPANY_NOT_FOUND');
  return row;
}

/** An external id (a housing company's hcExt, an apartment's aptext) someone else already has. */
interface ExternalId {
  code: 'IDN_HC_EXT_IN_USE' | 'IDN_APTEXT_IN_USE';
  field: 'hcExt' | 'aptext';
  message: string;
  table: typeof housingCompanies | typeof apartments;
  column: PgColumn;
}

const HC_EXT: ExternalId = {
  code: 'IDN_HC_EXT_IN_USE',
  field: 'hcExt',
  message: 'A housing company with this external id already exists.',
  table: housingCompanies,
  column: housingCompanies.hcExt,
};
const APTEXT: ExternalId = {
  code: 'IDN_APTEXT_IN_USE',
  field: 'aptext',
  message: 'An apartment with this external id already exists.',
  table: apartments,
  column: apartments.aptext,
};

function externalIdInUse(of: ExternalId, cause?: unknown) {
  return new AppError(of.code, { errors: [{ path: `body.${of.field}`, message: of.message }], cause });
}

/** Refuses an external id another row has (the unique index stays the last word under races). */
async function assertExternalIdFree(db: IdentityDb, of: ExternalId, value: string, exceptId?: string) {
  const [row] = await db.select({ id: of.table.id }).from(of.table).where(eq(of.column, value)).limit(1);
  if (row && row.id !== exceptId) throw externalIdInUse(of);
}

type HousingCompanyColumns = Partial<typeof housingCompanies.$inferInsert>;

/** The columns of a create or update (undefined: leave as is; null or empty text: clear). */
function housingCompanyColumns(input: AdminHousingCompanyUpdate): HousingCompanyColumns {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    set[key] = value === '' ? null : value;
  }
  return set as HousingCompanyColumns;
}

/** 400 when a later date of the warranty process comes before the earlier one (03 §5). */
function assertDateOrder(values: HousingCompanyColumns) {
  for (const [first, second] of HOUSING_COMPANY_DATE_ORDER) {
    const a = values[first];
    const b = values[second];
    if (a && b && b < a) {
      const message = `Cannot be before ${first}`;
      throw new AppError('VALIDATION_FAILED', {
        detail: `body.${second}: ${message}`,
        errors: [{ path: `body.${second}`, message }],
      });
    }
  }
}

function housingCompanyEvent(row: HousingCompanyRow, extra: Record<string, unknown> = {}) {
  return {
    housingCompanyId: row.id,
    hcExt: row.hcExt,
    name: row.name,
    marketingName: row.marketingName,
    addressZip: row.addressZip,
    addressCity: row.addressCity,
    addressCountry: row.addressCountry,
    businessUnit: row.businessUnit,
    completionDate: row.completionDate,
    state: housingCompanyState(row),
    buildingType: row.buildingType,
    buildingTaxonomyTermId: row.buildingTaxonomyTermId,
    lifecycleStepsActive: row.lifecycleStepsActive,
    isDemo: row.isDemo,
    ...extra,
  };
}

export async function createHousingCompany(
  db: IdentityDb,
  input: AdminHousingCompanyCreate,
): Promise<HousingCompanyRow> {
  await assertExternalIdFree(db, HC_EXT, input.hcExt);
  if (input.buildingTaxonomyTermId) {
    await assertTermsOfGroup(
      db,
      'buildingtaxonomy',
      [input.buildingTaxonomyTermId],
      'body.buildingTaxonomyTermId',
    );
  }
  const values = housingCompanyColumns(input);
  assertDateOrder(values);
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(housingCompanies)
        .values({ ...values, hcExt: input.hcExt, name: input.name })
        .returning();
      await emitEvent(tx, IDENTITY_EVENTS.housingCompanyCreated, housingCompanyEvent(row!));
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(HC_EXT, error);
    throw error;
  }
}

export async function updateHousingCompany(
  db: IdentityDb,
  id: string,
  input: AdminHousingCompanyUpdate,
): Promise<HousingCompanyRow> {
  const current = await getHousingCompanyOr404(db, id);
  if (input.hcExt !== undefined) await assertExternalIdFree(db, HC_EXT, input.hcExt, id);
  if (input.buildingTaxonomyTermId) {
    await assertTermsOfGroup(
      db,
      'buildingtaxonomy',
      [input.buildingTaxonomyTermId],
      'body.buildingTaxonomyTermId',
    );
  }
  const set = housingCompanyColumns(input);
  assertDateOrder({ ...current, ...set });
  if (!Object.keys(set).length) return current;
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .update(housingCompanies)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(housingCompanies.id, id))
        .returning();
      await emitEvent(
        tx,
        IDENTITY_EVENTS.housingCompanyUpdated,
        housingCompanyEvent(row!, { changed: Object.keys(set) }),
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(HC_EXT, error);
    throw error;
  }
}

const HOUSING_COMPANY_SORT_COLUMNS = {
  name: housingCompanies.name,
  hcExt: housingCompanies.hcExt,
  addressCity: housingCompanies.addressCity,
  addressZip: housingCompanies.addressZip,
  completionDate: housingCompanies.completionDate,
  createdAt: housingCompanies.createdAt,
  updatedAt: housingCompanies.updatedAt,
} as const;

/**
 * The company's own today in SQL: the day at `now` in the time zone of its country (the portal's
 * zone for any other country), as a CASE over the few zones there are.
 */
export function companyDaySql(now = new Date()): SQL {
  const byZone = new Map<string, string[]>();
  for (const [country, zone] of Object.entries(COUNTRY_TIME_ZONES)) {
    if (zone !== PORTAL_TIME_ZONE) byZone.set(zone, [...(byZone.get(zone) ?? []), country]);
  }
  const branches = [...byZone].map(
    ([zone, countries]) =>
      sql`when ${housingCompanies.addressCountry} in (${sql.join(
        countries.map((c) => sql`${c}`),
        sql`, `,
      )}) then ${localDay(now, zone)}`,
  );
  return sql`(case ${sql.join(branches, sql` `)} else ${localDay(now)} end)::date`;
}

/** The conditions of a housing-company list filter within a scope. */
export function housingCompanyListWhere(
  scope: Scope,
  filter: AdminHousingCompanyListQuery['filter'],
  now = new Date(),
): SQL | undefined {
  const today = companyDaySql(now);
  const where: SQL[] = [];
  const inScope = inHousingCompanyScope(scope, housingCompanies.id);
  if (inScope) where.push(inScope);
  if (filter?.q) {
    const p = containsPattern(filter.q);
    where.push(
      or(
        ilike(housingCompanies.name, p),
        ilike(housingCompanies.marketingName, p),
        ilike(housingCompanies.addressStreet, p),
        ilike(housingCompanies.hcExt, p),
      )!,
    );
  }
  if (filter?.state === 'living') where.push(sql`${housingCompanies.completionDate} < ${today}`);
  if (filter?.state === 'construction') {
    where.push(
      or(isNull(housingCompanies.completionDate), sql`${housingCompanies.completionDate} >= ${today}`)!,
    );
  }
  if (filter?.country) where.push(sql`lower(${housingCompanies.addressCountry}) = lower(${filter.country})`);
  if (filter?.partnerCompanyId) {
    where.push(
      inArray(
        housingCompanies.id,
        sql`(select ${housingCompanyPartners.housingCompanyId} from ${housingCompanyPartners} where ${eq(housingCompanyPartners.partnerCompanyId, filter.partnerCompanyId)})`,
      ),
    );
  }
  if (filter?.buildingTaxonomyTermId) {
    where.push(eq(housingCompanies.buildingTaxonomyTermId, filter.buildingTaxonomyTermId));
  }
  if (filter?.id) where.push(filter.id.length ? inArray(housingCompanies.id, filter.id) : sql`false`);
  return where.length ? and(...where) : undefined;
}

/** The order of housing-company lists: the demo company first (01 §9), then the requested one. */
export function housingCompanyOrder(sort: AdminHousingCompanyListQuery['sort']): SQL[] {
  const [field, order] = sort ?? ['name', 'ASC'];
  return [
    desc(housingCompanies.isDemo),
    sortBy(HOUSING_COMPANY_SORT_COLUMNS[field], order),
    asc(housingCompanies.id),
  ];
}

// ---------------------------------------------------------------------------------------------
// Apartments

export function toAdminApartment(row: ApartmentRow): AdminApartment {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The apartment; 404 unless it exists in a housing company within the scope. */
export async function getApartmentOr404(
  db: IdentityDb,
  id: string,
  scope: Scope = { all: true },
): Promise<ApartmentRow> {
  const [row] = await db
    .select()
    .from(apartments)
    .where(and(eq(apartments.id, id), inHousingCompanyScope(scope, apartments.housingCompanyId)))
    .limit(1);
  if (!row) throw new AppError('IDN_APARTMENT_NOT_FOUND');
  return row;
}

function apartmentColumns(input: AdminApartmentUpdate): Partial<typeof apartments.$inferInsert> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    set[key] = value === '' ? null : value;
  }
  return set as Partial<typeof apartments.$inferInsert>;
}

function apartmentEvent(row: ApartmentRow, action: 'created' | 'updated', changed?: string[]) {
  return {
    action,
    apartmentId: row.id,
    housingCompanyId: row.housingCompanyId,
    no: row.no,
    aptext: row.aptext,
    externalName: row.externalName,
    ...(changed ? { changed } : {}),
  };
}

export async function createApartment(db: IdentityDb, input: AdminApartmentCreate): Promise<ApartmentRow> {
  await getHousingCompanyOr404(db, input.housingCompanyId);
  await assertExternalIdFree(db, APTEXT, input.aptext);
  const { housingCompanyId, no, aptext, ...rest } = input;
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(apartments)
        .values({ ...apartmentColumns(rest), housingCompanyId, no, aptext })
        .returning();
      await emitEvent(tx, IDENTITY_EVENTS.apartmentChanged, apartmentEvent(row!, 'created'));
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(APTEXT, error);
    throw error;
  }
}

export async function updateApartment(
  db: IdentityDb,
  id: string,
  input: AdminApartmentUpdate,
): Promise<ApartmentRow> {
  const current = await getApartmentOr404(db, id);
  if (input.aptext !== undefined) await assertExternalIdFree(db, APTEXT, input.aptext, id);
  const set = apartmentColumns(input);
  if (!Object.keys(set).length) return current;
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .update(apartments)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(apartments.id, id))
        .returning();
      await emitEvent(
        tx,
        IDENTITY_EVENTS.apartmentChanged,
        apartmentEvent(row!, 'updated', Object.keys(set)),
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(APTEXT, error);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Property and maintenance manager companies of a housing company

export async function listHousingCompanyPartners(
  db: IdentityDb,
  housingCompanyId: string,
): Promise<HousingCompanyPartner[]> {
  const rows = await db
    .select({
      housingCompanyId: housingCompanyPartners.housingCompanyId,
      type: housingCompanyPartners.type,
      partnerCompanyId: housingCompanyPartners.partnerCompanyId,
      name: partnerCompanies.name,
      keyContactUserId: housingCompanyPartners.keyContactUserId,
      keyContactFirstName: users.firstName,
      keyContactLastName: users.lastName,
    })
    .from(housingCompanyPartners)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, housingCompanyPartners.partnerCompanyId))
    .leftJoin(users, eq(users.id, housingCompanyPartners.keyContactUserId))
    .where(eq(housingCompanyPartners.housingCompanyId, housingCompanyId))
    .orderBy(asc(housingCompanyPartners.type), asc(partnerCompanies.name));
  return rows.map(({ keyContactFirstName, keyContactLastName, type, ...r }) => ({
    ...r,
    type: type as HousingCompanyPartnerType,
    keyContactName:
      keyContactFirstName !== null ? `${keyContactFirstName} ${keyContactLastName ?? ''}`.trim() : null,
  }));
}

/**
 * Connect a partner company to a housing company as its property or maintenance manager, or
 * change to another one: it replaces the current company of that type (companies of the other
 * type stay). The partner company must be of the matching type (400 Changing partner company
 * failed); the key contact must be one of its users (400 Partner details could not be saved) and
 * defaults to the partner company's own key contact.
 */
export async function setHousingCompanyPartner(
  db: IdentityDb,
  housingCompanyId: string,
  type: HousingCompanyPartnerType,
  input: HousingCompanyPartnerSet,
): Promise<HousingCompanyPartner> {
  await getHousingCompanyOr404(db, housingCompanyId);
  const company = await getPartnerCompanyOr404(db, input.partnerCompanyId);
  if (company.type !== PARTNER_TYPE_OF_CONNECTION[type]) {
    throw new AppError('IDN_PARTNER_TYPE_MISMATCH', {
      detail: `A ${type} must be a partner company of the type ${PARTNER_TYPE_OF_CONNECTION[type]}.`,
      errors: [
        { path: 'body.partnerCompanyId', message: `Not a ${PARTNER_TYPE_OF_CONNECTION[type]} company` },
      ],
    });
  }
  if (input.keyContactUserId) await assertKeyContactIsUser(db, company.id, input.keyContactUserId);
  const keyContactUserId =
    input.keyContactUserId === undefined ? company.keyContactUserId : input.keyContactUserId;
  await withTransaction(db, async (tx) => {
    const replaced = await tx
      .delete(housingCompanyPartners)
      .where(
        and(
          eq(housingCompanyPartners.housingCompanyId, housingCompanyId),
          eq(housingCompanyPartners.type, type),
          sql`${housingCompanyPartners.partnerCompanyId} <> ${company.id}`,
        ),
      )
      .returning({ partnerCompanyId: housingCompanyPartners.partnerCompanyId });
    await tx
      .insert(housingCompanyPartners)
      .values({ housingCompanyId, type, partnerCompanyId: company.id, keyContactUserId })
      .onConflictDoUpdate({
        target: [
          housingCompanyPartners.housingCompanyId,
          housingCompanyPartners.type,
          housingCompanyPartners.partnerCompanyId,
        ],
        set: { keyContactUserId },
      });
    await emitEvent(tx, IDENTITY_EVENTS.housingCompanyPartnerChanged, {
      action: 'set',
      housingCompanyId,
      type,
      partnerCompanyId: company.id,
      keyContactUserId,
      replacedPartnerCompanyIds: replaced.map((r) => r.partnerCompanyId),
    });
  });
  const partners = await listHousingCompanyPartners(db, housingCompanyId);
  return partners.find((p) => p.type === type && p.partnerCompanyId === company.id)!;
}

/** Remove a partner company's connection to a housing company; 404 when there is none. */
export async function removeHousingCompanyPartner(
  db: IdentityDb,
  housingCompanyId: string,
  type: HousingCompanyPartnerType,
  partnerCompanyId: string,
): Promise<void> {
  await getHousingCompanyOr404(db, housingCompanyId);
  await withTransaction(db, async (tx) => {
    const removed = await tx
      .delete(housingCompanyPartners)
      .where(
        and(
          eq(housingCompanyPartners.housingCompanyId, housingCompanyId),
          eq(housingCompanyPartners.type, type),
          eq(housingCompanyPartners.partnerCompanyId, partnerCompanyId),
        ),
      )
      .returning();
    if (!removed.length) throw new AppError('IDN_PARTNER_NOT_FOUND');
    await emitEvent(tx, IDENTITY_EVENTS.housingCompanyPartnerChanged, {
      action: 'removed',
      housingCompanyId,
      type,
      partnerCompanyId,
    });
  });
}

/** A case-insensitive "contains" pattern for ilike, with LIKE wildcards in the input taken as text. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
