import { type FeatureId, type Language, type Role, timeZoneOfCountry } from '@porta/contracts';
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
    phase:
      hc.completionDate && hc.completionDate < isoDay(now, timeZoneOfCountry(hc.addressCountry))
        ? 'living'
        : 'construction',
    now,
  };
}

/**
 * readerFor on a route of a feature (01 §6 feature policies): the feature must be on for the
 * housing company (identity decides: toggles, building taxonomy, schedule, language), else 403
 * FEATURE_NOT_ACTIVATED.
 */
export async function featureReaderFor(
  ctx: ContentContext,
  p: Principal,
  query: { housingCompanyId: string; lang?: Language | undefined },
  feature: FeatureId,
): Promise<Reader> {
  const reader = await readerFor(ctx, p, query);
  await ctx.features?.require(reader.housingCompany.id, reader.language, [feature]);
  return reader;
}

interface VisibleColumns {
  status: PgColumn;
  publishAt: PgColumn;
  unpublishAt: PgColumn;
  audience: PgColumn;
  userRoles: PgColumn;
}

/**
 * Published, inside its publication window and, when the item names roles, for one of the reader's
 * roles (admin sees every role's items); whatever the audience.
 */
export function publishedTo(table: Omit<VisibleColumns, 'audience'>, reader: Reader): SQL {
  // `= '{}'` rather than cardinality() = 0: the planner knows from the statistics how many items
  // name no roles (most), and a wrong guess there makes it read a whole history to sort it.
  const roleFilter = reader.roles.includes('admin')
    ? undefined
    : or(sql`${table.userRoles} = '{}'::text[]`, arrayOverlaps(table.userRoles, reader.roles));
  return and(
    eq(table.status, 'published'),
    lte(table.publishAt, reader.now),
    or(isNull(table.unpublishAt), gt(table.unpublishAt, reader.now)),
    roleFilter,
  ) as SQL;
}

/**
 * Published, inside its publication window, targeted at the reader's housing company and, when
 * the item names roles, at one of the reader's roles (admin sees every role's items).
 */
export function visibleTo(table: VisibleColumns, reader: Reader): SQL {
  return and(publishedTo(table, reader), arrayOverlaps(table.audience, reader.audienceKeys)) as SQL;
}

/** The reader's audience split for reading key by key: see audienceByKey. */
export interface AudienceByKey {
  /** A FROM item: the reader's audience keys as rows `k(key)`, for a LATERAL read per key. */
  keys: SQL;
  /** Inside that read: the items whose audience is exactly the key `k.key` (nearly all items). */
  key: SQL;
  /** The items with several keys, one of them the reader's (few). */
  several: SQL;
}

/**
 * The reader's audience split so that together the parts select what `audience && keys` selects,
 * each item once: per key, the items with that single key (one housing company, one term, or
 * all), and the items with several keys. A list read per key (`from keys cross join lateral
 * (… where key … order by … limit n)`) in the order of an index that starts with the audience
 * (articles_reader_idx, calendar_entries_reader_idx) reads about as many rows as it shows, however
 * long the history of the housing company and its terms. The several-keys items come from a
 * partial GIN index and are read whole: they are few, and the planner cannot tell how few.
 */
export function audienceByKey(audience: PgColumn, reader: Reader): AudienceByKey {
  return {
    keys: sql`unnest(${sql.param([...new Set(reader.audienceKeys)])}::text[]) as k(key)`,
    key: sql`${audience} = array[k.key]`,
    several: sql`(cardinality(${audience}) > 1 and ${arrayOverlaps(audience, reader.audienceKeys)})`,
  };
}
