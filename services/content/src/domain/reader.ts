import type { Language, Role } from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import { and, arrayOverlaps, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentContext } from '../context.js';
import type { directoryHousingCompanies } from '../db/schema.js';
import { isoDay } from './clock.js';
import { directoryHousingCompany } from './directory.js';
import { languageOf } from './text.js';

/** The audience keys of a targeting: 'all', or one key per housing company and taxonomy term. */
export function audienceOf(targeting: {
  housingCompanyIds: readonly string[];
  buildingTaxonomies: readonly string[];
}): string[] {
  const keys = [
    ...targeting.housingCompanyIds.map((id) => `hc:${id}`),
    ...targeting.buildingTaxonomies.map((t) => `term:${t}`),
  ];
  return keys.length ? keys : ['all'];
}

/** A resident (or staff member previewing) reading content of one housing company. */
export interface Reader {
  userId: string;
  housingCompany: typeof directoryHousingCompanies.$inferSelect;
  /** 'all', 'hc:<id>' and 'term:<codename>' for the company's taxonomy path. */
  audienceKeys: string[];
  /** The reader's roles in the company and globally (aliases applied). */
  roles: Role[];
  language: Language;
  /** construction or living (01 §3: living when the completion date is before today). */
  phase: 'construction' | 'living';
  now: Date;
}

/**
 * The reader for a request: the housing company must be one the user belongs to (the developer's
 * staff may read any); anything else answers 404, as if the company did not exist.
 */
export async function readerFor(
  ctx: ContentContext,
  p: Principal,
  query: { housingCompanyId: string; lang?: Language | undefined },
): Promise<Reader> {
  if (!p.belongsTo(query.housingCompanyId) && !p.hasRole('yitUser')) {
    throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
  }
  const hc = await directoryHousingCompany(ctx, query.housingCompanyId);
  if (!hc) throw new AppError('CNT_HOUSING_COMPANY_NOT_FOUND');
  const now = ctx.clock.now();
  const roles = new Set<Role>(p.roles);
  for (const r of p.housingCompanies.get(hc.id) ?? []) roles.add(r);
  return {
    userId: p.userId,
    housingCompany: hc,
    audienceKeys: ['all', `hc:${hc.id}`, ...hc.taxonomyPath.map((t) => `term:${t}`)],
    roles: [...roles],
    language: languageOf(query.lang),
    phase: hc.completionDate && hc.completionDate < isoDay(now) ? 'living' : 'construction',
    now,
  };
}

interface VisibleColumns {
  status: PgColumn;
  publishAt: PgColumn;
  unpublishAt: PgColumn;
  audience: PgColumn;
  userRoles: PgColumn;
}

/**
 * Published, inside its publication window, targeted at the reader's housing company and, when
 * the item names roles, at one of the reader's roles (admin sees every role's items).
 */
export function visibleTo(table: VisibleColumns, reader: Reader): SQL {
  const roleFilter = reader.roles.includes('admin')
    ? undefined
    : or(sql`cardinality(${table.userRoles}) = 0`, arrayOverlaps(table.userRoles, reader.roles));
  return and(
    eq(table.status, 'published'),
    lte(table.publishAt, reader.now),
    or(isNull(table.unpublishAt), gt(table.unpublishAt, reader.now)),
    arrayOverlaps(table.audience, reader.audienceKeys),
    roleFilter,
  ) as SQL;
}
