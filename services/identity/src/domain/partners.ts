import type {
  PartnerCompany,
  PartnerCompanyCreate,
  PartnerCompanyType,
  PartnerCompanyUpdate,
  PartnerCompanyUser,
} from '@porta/contracts';
import { AppError, type Db, type Principal, withTransaction } from '@porta/service-kit';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import {
  housingCompanies,
  housingCompanyPartners,
  partnerCompanies,
  partnerCompanyUsers,
  users,
} from '../db/schema.js';
import { housingCompanyReadScope } from '../policies.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { isUniqueViolation } from './features.js';
import { markMembershipChanged, partnerCompanyUserIds } from './revocations.js';
import { assertTermsOfGroup, buildingTaxonomyWithDescendants } from './taxonomy.js';

type IdentityDb = Db<typeof schema>;
export type PartnerCompanyRow = typeof partnerCompanies.$inferSelect;

export function toPartnerCompany(row: PartnerCompanyRow): PartnerCompany {
  return {
    id: row.id,
    name: row.name,
    type: row.type as PartnerCompanyType,
    externalId: row.externalId,
    businessId: row.businessId,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
    phone: row.phone,
    email: row.email,
    webPageUrl: row.webPageUrl,
    description: row.description,
    logo: row.logo,
    featuredImage: row.featuredImage,
    keyword: row.keyword,
    active: row.active,
    contactDetails: row.contactDetails,
    operationalAreaZips: row.operationalAreaZips,
    operationalAreaTaxonomies: row.operationalAreaTaxonomies,
    proposedOperationalArea: row.areaProposedAt
      ? {
          zips: row.proposedAreaZips ?? [],
          taxonomies: row.proposedAreaTaxonomies ?? [],
          proposedAt: row.areaProposedAt.toISOString(),
          proposedBy: row.areaProposedBy,
        }
      : null,
    keyContactUserId: row.keyContactUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every partner company, or only these (the caller's reach). */
export type PartnerScope = { all: true } | { all: false; partnerCompanyIds: string[] };

/**
 * Which partner companies a caller sees: all for the developer's staff; else their own partner
 * companies and those serving the housing companies they manage (managers expand partner
 * companies, 03 §6).
 */
export async function partnerCompanyReadScope(db: IdentityDb, p: Principal): Promise<PartnerScope> {
  const hcScope = housingCompanyReadScope(p);
  if (hcScope.all) return { all: true };
  const ids = new Set(p.partnerCompanies);
  if (hcScope.housingCompanyIds.length) {
    const served = await db
      .selectDistinct({ id: housingCompanyPartners.partnerCompanyId })
      .from(housingCompanyPartners)
      .where(inArray(housingCompanyPartners.housingCompanyId, hcScope.housingCompanyIds));
    for (const r of served) ids.add(r.id);
  }
  return { all: false, partnerCompanyIds: [...ids] };
}

export function partnerCompaniesInScope(scope: PartnerScope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.partnerCompanyIds.length ? inArray(partnerCompanies.id, scope.partnerCompanyIds) : sql`false`;
}

/** 404 (Partner information could not be retrieved) unless it exists and is within the scope. */
export async function getPartnerCompanyOr404(
  db: IdentityDb,
  id: string,
  scope: PartnerScope = { all: true },
): Promise<PartnerCompanyRow> {
  if (!scope.all && !scope.partnerCompanyIds.includes(id)) throw new AppError('IDN_PARTNER_NOT_FOUND');
  const [row] = await db.select().from(partnerCompanies).where(eq(partnerCompanies.id, id)).limit(1);
  if (!row) throw new AppError('IDN_PARTNER_NOT_FOUND');
  return row;
}

/** Is the user one of the partner company's users? */
export async function isPartnerCompanyUser(db: IdentityDb, partnerCompanyId: string, userId: string) {
  const [row] = await db
    .select({ userId: partnerCompanyUsers.userId })
    .from(partnerCompanyUsers)
    .where(
      and(eq(partnerCompanyUsers.partnerCompanyId, partnerCompanyId), eq(partnerCompanyUsers.userId, userId)),
    )
    .limit(1);
  return !!row;
}

/** 400 (Partner details could not be saved) unless the key contact is a user of the company. */
export async function assertKeyContactIsUser(
  db: IdentityDb,
  partnerCompanyId: string | null,
  userId: string,
  path = 'body.keyContactUserId',
) {
  if (partnerCompanyId && (await isPartnerCompanyUser(db, partnerCompanyId, userId))) return;
  throw new AppError('IDN_KEY_CONTACT_NOT_A_USER', {
    detail: 'The key contact must be a user of the partner company.',
    errors: [{ path, message: 'Not a user of the partner company' }],
  });
}

function externalIdInUse(cause?: unknown) {
  return new AppError('IDN_PARTNER_EXTERNAL_ID_IN_USE', {
    errors: [{ path: 'body.externalId', message: 'Provided external id already in use' }],
    cause,
  });
}

async function assertExternalIdFree(db: IdentityDb, externalId: string, exceptId?: string) {
  const [row] = await db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.externalId, externalId))
    .limit(1);
  if (row && row.id !== exceptId) throw externalIdInUse();
}

/** The columns of a create or update (undefined: leave as is; null: clear). */
function columnsOf(input: PartnerCompanyUpdate): Partial<typeof partnerCompanies.$inferInsert> {
  const set: Partial<typeof partnerCompanies.$inferInsert> = {};
  const nullable = [
    'externalId',
    'businessId',
    'street',
    'zip',
    'city',
    'country',
    'phone',
    'email',
    'webPageUrl',
    'description',
    'logo',
    'featuredImage',
    'keyword',
    'keyContactUserId',
  ] as const;
  for (const key of nullable) {
    const value = input[key];
    if (value !== undefined) set[key] = value || null;
  }
  if (input.name !== undefined) set.name = input.name;
  if (input.type !== undefined) set.type = input.type;
  if (input.active !== undefined) set.active = input.active;
  if (input.contactDetails !== undefined) {
    set.contactDetails = Object.fromEntries(
      Object.entries(input.contactDetails).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    );
  }
  if (input.operationalAreaZips !== undefined) set.operationalAreaZips = input.operationalAreaZips;
  if (input.operationalAreaTaxonomies !== undefined)
    set.operationalAreaTaxonomies = input.operationalAreaTaxonomies;
  return set;
}

function changedEvent(row: PartnerCompanyRow, action: string, extra: Record<string, unknown> = {}) {
  return {
    action,
    partnerCompanyId: row.id,
    externalId: row.externalId,
    name: row.name,
    type: row.type,
    active: row.active,
    keyContactUserId: row.keyContactUserId,
    operationalAreaZips: row.operationalAreaZips,
    operationalAreaTaxonomies: row.operationalAreaTaxonomies,
    ...extra,
  };
}

export async function createPartnerCompany(
  db: IdentityDb,
  input: PartnerCompanyCreate,
): Promise<PartnerCompanyRow> {
  if (input.externalId) await assertExternalIdFree(db, input.externalId);
  await assertTermsOfGroup(
    db,
    'buildingtaxonomy',
    input.operationalAreaTaxonomies ?? [],
    'body.operationalAreaTaxonomies',
  );
  // A new company has no users yet, so it cannot have a key contact.
  if (input.keyContactUserId) await assertKeyContactIsUser(db, null, input.keyContactUserId);
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(partnerCompanies)
        .values({ ...columnsOf(input), name: input.name, type: input.type })
        .returning();
      await emitEvent(tx, IDENTITY_EVENTS.partnerCompanyChanged, changedEvent(row!, 'created'));
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(error);
    throw error;
  }
}

type PartnerCompanyColumns = Partial<typeof partnerCompanies.$inferInsert>;

/** No proposed operational area pending. */
const NO_AREA_PROPOSAL = {
  proposedAreaZips: null,
  proposedAreaTaxonomies: null,
  areaProposedAt: null,
  areaProposedBy: null,
} satisfies PartnerCompanyColumns;

function sameArea(
  a: { zips: readonly string[]; taxonomies: readonly string[] },
  b: { zips: readonly string[]; taxonomies: readonly string[] },
) {
  const same = (x: readonly string[], y: readonly string[]) =>
    new Set(x).size === new Set(y).size && x.every((v) => y.includes(v));
  return same(a.zips, b.zips) && same(a.taxonomies, b.taxonomies);
}

/**
 * A partner's own edit of its operational area is a proposal (ADR 0013): the area columns, which
 * decide what the partner reads, stay as staff set or approved them, and the proposed columns take
 * the area asked for (a part not sent keeps the pending proposal's, else the approved one).
 * Proposing the approved area again withdraws the proposal.
 */
function asAreaProposal(
  current: PartnerCompanyRow,
  set: PartnerCompanyColumns,
  proposedBy: string,
): PartnerCompanyColumns {
  const { operationalAreaZips, operationalAreaTaxonomies, ...rest } = set;
  if (operationalAreaZips === undefined && operationalAreaTaxonomies === undefined) return set;
  const pending = current.areaProposedAt !== null;
  const proposal = {
    zips: operationalAreaZips ?? (pending ? current.proposedAreaZips : null) ?? current.operationalAreaZips,
    taxonomies:
      operationalAreaTaxonomies ??
      (pending ? current.proposedAreaTaxonomies : null) ??
      current.operationalAreaTaxonomies,
  };
  const approved = { zips: current.operationalAreaZips, taxonomies: current.operationalAreaTaxonomies };
  if (sameArea(proposal, approved)) return { ...rest, ...NO_AREA_PROPOSAL };
  return {
    ...rest,
    proposedAreaZips: proposal.zips,
    proposedAreaTaxonomies: proposal.taxonomies,
    areaProposedAt: new Date(),
    areaProposedBy: proposedBy,
  };
}

/** Staff set the area: a pending proposal of exactly that area is settled with it. */
function settlingProposal(current: PartnerCompanyRow, set: PartnerCompanyColumns): PartnerCompanyColumns {
  if (current.areaProposedAt === null) return set;
  if (set.operationalAreaZips === undefined && set.operationalAreaTaxonomies === undefined) return set;
  const area = {
    zips: set.operationalAreaZips ?? current.operationalAreaZips,
    taxonomies: set.operationalAreaTaxonomies ?? current.operationalAreaTaxonomies,
  };
  const proposal = {
    zips: current.proposedAreaZips ?? [],
    taxonomies: current.proposedAreaTaxonomies ?? [],
  };
  return sameArea(area, proposal) ? { ...set, ...NO_AREA_PROPOSAL } : set;
}

/**
 * Update a partner company. Its type cannot change while it serves housing companies as their
 * property or maintenance manager (400 Changing partner company failed).
 *
 * `proposedBy` names the partner user editing their own company: the operational area they send
 * is stored as a proposal for staff to approve and does not change what the company reads.
 */
export async function updatePartnerCompany(
  db: IdentityDb,
  id: string,
  input: PartnerCompanyUpdate,
  options: { proposedBy?: string } = {},
): Promise<PartnerCompanyRow> {
  const current = await getPartnerCompanyOr404(db, id);
  if (input.externalId) await assertExternalIdFree(db, input.externalId, id);
  if (input.operationalAreaTaxonomies) {
    await assertTermsOfGroup(
      db,
      'buildingtaxonomy',
      input.operationalAreaTaxonomies,
      'body.operationalAreaTaxonomies',
    );
  }
  if (input.keyContactUserId) await assertKeyContactIsUser(db, id, input.keyContactUserId);
  if (input.type !== undefined && input.type !== current.type) {
    const [connection] = await db
      .select({ housingCompanyId: housingCompanyPartners.housingCompanyId })
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.partnerCompanyId, id))
      .limit(1);
    if (connection) {
      throw new AppError('IDN_PARTNER_TYPE_MISMATCH', {
        detail: 'The company serves housing companies; remove those connections before changing its type.',
        errors: [{ path: 'body.type', message: 'The company serves housing companies' }],
      });
    }
  }
  const columns = columnsOf(input);
  const set =
    options.proposedBy === undefined
      ? settlingProposal(current, columns)
      : asAreaProposal(current, columns, options.proposedBy);
  if (!Object.keys(set).length) return current;
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .update(partnerCompanies)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(partnerCompanies.id, id))
        .returning();
      await emitEvent(
        tx,
        IDENTITY_EVENTS.partnerCompanyChanged,
        changedEvent(row!, 'updated', { changed: Object.keys(set) }),
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdInUse(error);
    throw error;
  }
}

/**
 * Staff approve the operational area a partner proposed: it becomes the company's area (and so
 * what the partner reads). `proposedAt` is the proposal's as the approver saw it; a proposal that
 * has changed or gone since answers 409 IDN_AREA_PROPOSAL_CHANGED, so nobody approves an area they
 * have not seen.
 */
export async function approveAreaProposal(
  db: IdentityDb,
  id: string,
  proposedAt: string,
): Promise<PartnerCompanyRow> {
  const current = await getPartnerCompanyOr404(db, id);
  const seen = current.areaProposedAt;
  if (!seen || seen.getTime() !== Date.parse(proposedAt)) throw new AppError('IDN_AREA_PROPOSAL_CHANGED');
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(partnerCompanies)
      .set({
        operationalAreaZips: current.proposedAreaZips ?? [],
        operationalAreaTaxonomies: current.proposedAreaTaxonomies ?? [],
        ...NO_AREA_PROPOSAL,
        updatedAt: new Date(),
      })
      .where(and(eq(partnerCompanies.id, id), eq(partnerCompanies.areaProposedAt, seen)))
      .returning();
    if (!row) throw new AppError('IDN_AREA_PROPOSAL_CHANGED');
    await emitEvent(
      tx,
      IDENTITY_EVENTS.partnerCompanyChanged,
      changedEvent(row, 'updated', {
        changed: ['operationalAreaZips', 'operationalAreaTaxonomies'],
        approvedProposalOf: current.areaProposedBy,
      }),
    );
    return row;
  });
}

/** Staff dismiss a proposed operational area; the company keeps its area. Nothing pending: no change. */
export async function dismissAreaProposal(db: IdentityDb, id: string): Promise<void> {
  const current = await getPartnerCompanyOr404(db, id);
  if (current.areaProposedAt === null) return;
  await db
    .update(partnerCompanies)
    .set({ ...NO_AREA_PROPOSAL, updatedAt: new Date() })
    .where(eq(partnerCompanies.id, id));
}

/** Delete a partner company: its users and housing-company connections go with it. */
export async function deletePartnerCompany(db: IdentityDb, id: string): Promise<void> {
  const row = await getPartnerCompanyOr404(db, id);
  await withTransaction(db, async (tx) => {
    const connections = await tx
      .select({
        housingCompanyId: housingCompanyPartners.housingCompanyId,
        type: housingCompanyPartners.type,
      })
      .from(housingCompanyPartners)
      .where(eq(housingCompanyPartners.partnerCompanyId, id));
    // Its users' tokens list it: they go stale with it.
    await markMembershipChanged(tx, await partnerCompanyUserIds(tx, id));
    await tx.delete(partnerCompanies).where(eq(partnerCompanies.id, id));
    for (const c of connections) {
      await emitEvent(tx, IDENTITY_EVENTS.housingCompanyPartnerChanged, {
        action: 'removed',
        housingCompanyId: c.housingCompanyId,
        type: c.type,
        partnerCompanyId: id,
      });
    }
    await emitEvent(tx, IDENTITY_EVENTS.partnerCompanyDeleted, {
      partnerCompanyId: id,
      externalId: row.externalId,
      name: row.name,
      type: row.type,
      housingCompanyIds: [...new Set(connections.map((c) => c.housingCompanyId))],
    });
  });
}

export async function listPartnerCompanyUsers(
  db: IdentityDb,
  company: PartnerCompanyRow,
): Promise<PartnerCompanyUser[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      enabled: users.enabled,
    })
    .from(partnerCompanyUsers)
    .innerJoin(users, eq(users.id, partnerCompanyUsers.userId))
    .where(eq(partnerCompanyUsers.partnerCompanyId, company.id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map((u) => ({ ...u, isKeyContact: u.id === company.keyContactUserId }));
}

/** Make a user one of the company's users (again: no change). */
export async function addPartnerCompanyUser(
  db: IdentityDb,
  company: PartnerCompanyRow,
  userId: string,
): Promise<PartnerCompanyUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) {
    throw new AppError('IDN_USER_NOT_FOUND', {
      errors: [{ path: 'body.userId', message: 'User not found.' }],
    });
  }
  await withTransaction(db, async (tx) => {
    const added = await tx
      .insert(partnerCompanyUsers)
      .values({ partnerCompanyId: company.id, userId })
      .onConflictDoNothing()
      .returning();
    if (added.length) {
      await markMembershipChanged(tx, userId);
      await emitEvent(
        tx,
        IDENTITY_EVENTS.partnerCompanyChanged,
        changedEvent(company, 'user-added', { userId }),
      );
    }
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    enabled: user.enabled,
    isKeyContact: user.id === company.keyContactUserId,
  };
}

/**
 * Remove a user from the company. A removed key contact is no longer the key contact of the
 * company nor of its housing-company connections.
 */
export async function removePartnerCompanyUser(db: IdentityDb, company: PartnerCompanyRow, userId: string) {
  await withTransaction(db, async (tx) => {
    const removed = await tx
      .delete(partnerCompanyUsers)
      .where(
        and(eq(partnerCompanyUsers.partnerCompanyId, company.id), eq(partnerCompanyUsers.userId, userId)),
      )
      .returning();
    if (!removed.length) throw new AppError('IDN_USER_NOT_FOUND');
    await markMembershipChanged(tx, userId);
    let updated = company;
    if (company.keyContactUserId === userId) {
      [updated = company] = await tx
        .update(partnerCompanies)
        .set({ keyContactUserId: null, updatedAt: new Date() })
        .where(eq(partnerCompanies.id, company.id))
        .returning();
    }
    const connections = await tx
      .update(housingCompanyPartners)
      .set({ keyContactUserId: null })
      .where(
        and(
          eq(housingCompanyPartners.partnerCompanyId, company.id),
          eq(housingCompanyPartners.keyContactUserId, userId),
        ),
      )
      .returning();
    await emitEvent(
      tx,
      IDENTITY_EVENTS.partnerCompanyChanged,
      changedEvent(updated, 'user-removed', { userId }),
    );
    for (const c of connections) {
      await emitEvent(tx, IDENTITY_EVENTS.housingCompanyPartnerChanged, {
        action: 'key-contact-removed',
        housingCompanyId: c.housingCompanyId,
        type: c.type,
        partnerCompanyId: company.id,
        keyContactUserId: null,
      });
    }
  });
}

/**
 * The condition on housing companies of an operational area (03 §6): the zip code is one of the
 * area's zip codes, or the building-taxonomy term is one of the area's terms or nested under one.
 * Undefined when the area is empty.
 */
export async function operationalAreaCondition(
  db: IdentityDb,
  companies: Pick<PartnerCompanyRow, 'operationalAreaZips' | 'operationalAreaTaxonomies'>[],
): Promise<SQL | undefined> {
  const zips = [...new Set(companies.flatMap((c) => c.operationalAreaZips))];
  const terms = await buildingTaxonomyWithDescendants(db, [
    ...new Set(companies.flatMap((c) => c.operationalAreaTaxonomies)),
  ]);
  const parts: SQL[] = [];
  if (zips.length) parts.push(inArray(housingCompanies.addressZip, zips));
  if (terms.length) parts.push(inArray(housingCompanies.buildingTaxonomyTermId, terms));
  return parts.length ? or(...parts) : undefined;
}

/**
 * The housing companies active partner companies reach: those they serve as property or
 * maintenance manager (connections staff made), and, for business partners, those in their
 * operational area as staff set or approved it. A proposed area reaches nothing (ADR 0013).
 */
export async function housingCompaniesReachedBy(
  db: IdentityDb,
  partnerCompanyIds: string[],
): Promise<string[]> {
  if (!partnerCompanyIds.length) return [];
  const companies = await db
    .select()
    .from(partnerCompanies)
    .where(and(inArray(partnerCompanies.id, partnerCompanyIds), eq(partnerCompanies.active, true)));
  if (!companies.length) return [];
  const ids = new Set<string>();
  const served = await db
    .selectDistinct({ id: housingCompanyPartners.housingCompanyId })
    .from(housingCompanyPartners)
    .where(
      inArray(
        housingCompanyPartners.partnerCompanyId,
        companies.map((c) => c.id),
      ),
    );
  for (const r of served) ids.add(r.id);
  const area = await operationalAreaCondition(
    db,
    companies.filter((c) => c.type === 'BUSINESS_PARTNER'),
  );
  if (area) {
    const inArea = await db.select({ id: housingCompanies.id }).from(housingCompanies).where(area);
    for (const r of inArea) ids.add(r.id);
  }
  return [...ids];
}

/**
 * The caller's own partner company: the one named (it must be theirs), else the first of theirs
 * by name; 404 when they have none. Membership is read from the database, so a user removed from
 * the company loses access at once.
 */
export async function ownPartnerCompany(
  db: IdentityDb,
  userId: string,
  partnerCompanyId?: string,
): Promise<PartnerCompanyRow> {
  const [row] = await db
    .select({ company: partnerCompanies })
    .from(partnerCompanyUsers)
    .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerCompanyUsers.partnerCompanyId))
    .where(
      and(
        eq(partnerCompanyUsers.userId, userId),
        partnerCompanyId ? eq(partnerCompanies.id, partnerCompanyId) : undefined,
      ),
    )
    .orderBy(asc(partnerCompanies.name), asc(partnerCompanies.id))
    .limit(1);
  if (!row) throw new AppError('IDN_PARTNER_NOT_FOUND');
  return row.company;
}
