import {
  TAXONOMY_GROUPS,
  type TaxonomyGroup,
  type TaxonomyGroupResponse,
  type TaxonomyTerm,
  type TaxonomyTermCreate,
  type TaxonomyTermNode,
  type TaxonomyTermUpdate,
  taxonomyCodename,
} from '@porta/contracts';
import { AppError, type Db, withTransaction } from '@porta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { housingCompanies, partnerCompanies, taxonomyTerms } from '../db/schema.js';
import { emitEvent, IDENTITY_EVENTS } from './events.js';
import { isUniqueViolation } from './features.js';

type IdentityDb = Db<typeof schema>;
export type TaxonomyTermRow = typeof taxonomyTerms.$inferSelect;

export function isTaxonomyGroup(group: string): group is TaxonomyGroup {
  return (TAXONOMY_GROUPS as readonly string[]).includes(group);
}

export function toTaxonomyTerm(row: TaxonomyTermRow): TaxonomyTerm {
  return {
    id: row.id,
    group: row.group as TaxonomyGroup,
    codename: row.codename,
    externalId: row.externalId,
    name: row.name,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The terms as a forest: top-level terms (and terms whose parent is missing) with their nested
 * terms, each level ordered by name.
 */
export function termTree(rows: TaxonomyTermRow[]): TaxonomyTermNode[] {
  const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const nodes = new Map<string, TaxonomyTermNode>(
    sorted.map((r) => [
      r.id,
      { id: r.id, codename: r.codename, externalId: r.externalId, name: r.name, terms: [] },
    ]),
  );
  const roots: TaxonomyTermNode[] = [];
  for (const row of sorted) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.terms.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The nested terms of a group; 404 (No taxonomies found) for an unknown or empty group. */
export async function taxonomyGroupTree(db: IdentityDb, group: string): Promise<TaxonomyGroupResponse> {
  if (!isTaxonomyGroup(group)) throw new AppError('IDN_TAXONOMY_NOT_FOUND');
  const rows = await db.select().from(taxonomyTerms).where(eq(taxonomyTerms.group, group));
  if (!rows.length) throw new AppError('IDN_TAXONOMY_NOT_FOUND');
  return { group, terms: termTree(rows) };
}

/** Every id under the given terms (the terms themselves included), following parentId. */
export function withDescendants(
  rows: Pick<TaxonomyTermRow, 'id' | 'parentId'>[],
  ids: Iterable<string>,
): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.parentId) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out = new Set<string>();
  const queue = [...ids];
  while (queue.length) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The building-taxonomy terms given and every term nested under them. */
export async function buildingTaxonomyWithDescendants(db: IdentityDb, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: taxonomyTerms.id, parentId: taxonomyTerms.parentId })
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.group, 'buildingtaxonomy'));
  const known = new Set(rows.map((r) => r.id));
  return [...withDescendants(rows, ids)].filter((id) => known.has(id));
}

/**
 * 400 naming the field unless every id is a term of the group (building taxonomies of housing
 * companies and partners' operational areas).
 */
export async function assertTermsOfGroup(
  db: IdentityDb,
  group: TaxonomyGroup,
  ids: string[],
  path: string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: taxonomyTerms.id })
    .from(taxonomyTerms)
    .where(and(eq(taxonomyTerms.group, group), inArray(taxonomyTerms.id, ids)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    throw new AppError('VALIDATION_FAILED', {
      detail: `${path}: not a term of the ${group} group`,
      errors: [{ path, message: `Not a term of the ${group} group` }],
    });
  }
}

export async function getTermOr404(db: IdentityDb, id: string): Promise<TaxonomyTermRow> {
  const [row] = await db.select().from(taxonomyTerms).where(eq(taxonomyTerms.id, id)).limit(1);
  if (!row) throw new AppError('IDN_TAXONOMY_NOT_FOUND');
  return row;
}

function codenameInUse(cause?: unknown) {
  return new AppError('IDN_TAXONOMY_CODENAME_IN_USE', {
    errors: [{ path: 'body.codename', message: 'A term with this codename already exists in the group' }],
    cause,
  });
}

async function assertCodenameFree(db: IdentityDb, group: string, codename: string, exceptId?: string) {
  const [row] = await db
    .select({ id: taxonomyTerms.id })
    .from(taxonomyTerms)
    .where(and(eq(taxonomyTerms.group, group), eq(taxonomyTerms.codename, codename)))
    .limit(1);
  if (row && row.id !== exceptId) throw codenameInUse();
}

function badParent(message: string) {
  return new AppError('VALIDATION_FAILED', {
    detail: `body.parentId: ${message}`,
    errors: [{ path: 'body.parentId', message }],
  });
}

/** The parent must be a term of the same group, and not the term itself or one nested under it. */
async function assertParent(db: IdentityDb, group: string, parentId: string, termId?: string) {
  const rows = await db
    .select({ id: taxonomyTerms.id, parentId: taxonomyTerms.parentId })
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.group, group));
  if (!rows.some((r) => r.id === parentId)) throw badParent('The parent must be a term of the same group');
  if (termId && withDescendants(rows, [termId]).has(parentId)) {
    throw badParent('A term cannot be nested under itself');
  }
}

export async function createTerm(db: IdentityDb, input: TaxonomyTermCreate): Promise<TaxonomyTermRow> {
  const codename = input.codename || taxonomyCodename(input.name);
  if (!codename) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [{ path: 'body.codename', message: 'Give a codename (the name has no letters or digits)' }],
    });
  }
  await assertCodenameFree(db, input.group, codename);
  if (input.parentId) await assertParent(db, input.group, input.parentId);
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(taxonomyTerms)
        .values({
          group: input.group,
          codename,
          name: input.name,
          externalId: input.externalId ?? null,
          parentId: input.parentId ?? null,
        })
        .returning();
      await emitEvent(tx, IDENTITY_EVENTS.taxonomyChanged, {
        action: 'created',
        termId: row!.id,
        group: row!.group,
        codename: row!.codename,
        parentId: row!.parentId,
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codenameInUse(error);
    throw error;
  }
}

export async function updateTerm(
  db: IdentityDb,
  id: string,
  input: TaxonomyTermUpdate,
): Promise<TaxonomyTermRow> {
  const current = await getTermOr404(db, id);
  if (input.codename !== undefined) await assertCodenameFree(db, current.group, input.codename, id);
  if (input.parentId) await assertParent(db, current.group, input.parentId, id);
  const set: Partial<typeof taxonomyTerms.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.codename !== undefined) set.codename = input.codename;
  if (input.externalId !== undefined) set.externalId = input.externalId;
  if (input.parentId !== undefined) set.parentId = input.parentId;
  if (!Object.keys(set).length) return current;
  try {
    return await withTransaction(db, async (tx) => {
      const [row] = await tx
        .update(taxonomyTerms)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(taxonomyTerms.id, id))
        .returning();
      await emitEvent(tx, IDENTITY_EVENTS.taxonomyChanged, {
        action: 'updated',
        termId: id,
        group: row!.group,
        codename: row!.codename,
        parentId: row!.parentId,
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codenameInUse(error);
    throw error;
  }
}

/**
 * Delete a term and every term nested under it. Housing companies placed in a deleted building
 * taxonomy term lose that placement, and partners' operational areas (approved and proposed) drop it.
 */
export async function deleteTerm(db: IdentityDb, id: string): Promise<string[]> {
  const term = await getTermOr404(db, id);
  const rows = await db
    .select({ id: taxonomyTerms.id, parentId: taxonomyTerms.parentId })
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.group, term.group));
  const ids = [...withDescendants(rows, [id])];
  await withTransaction(db, async (tx) => {
    await tx.delete(taxonomyTerms).where(inArray(taxonomyTerms.id, ids));
    if (term.group === 'buildingtaxonomy') {
      await tx
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: null, updatedAt: new Date() })
        .where(inArray(housingCompanies.buildingTaxonomyTermId, ids));
      const deleted = sql`array[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::uuid[]`;
      await tx
        .update(partnerCompanies)
        .set({
          operationalAreaTaxonomies: sql`array(select t from unnest(${partnerCompanies.operationalAreaTaxonomies}) as t where t <> all(${deleted}))`,
          updatedAt: new Date(),
        })
        .where(sql`${partnerCompanies.operationalAreaTaxonomies} && ${deleted}`);
      // Pending proposals drop it too: an approved proposal names only terms that exist.
      await tx
        .update(partnerCompanies)
        .set({
          proposedAreaTaxonomies: sql`array(select t from unnest(${partnerCompanies.proposedAreaTaxonomies}) as t where t <> all(${deleted}))`,
        })
        .where(sql`${partnerCompanies.proposedAreaTaxonomies} && ${deleted}`);
    }
    await emitEvent(tx, IDENTITY_EVENTS.taxonomyChanged, {
      action: 'deleted',
      termId: id,
      group: term.group,
      codename: term.codename,
      deletedTermIds: ids,
    });
  });
  return ids;
}
