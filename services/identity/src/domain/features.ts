import {
  ALWAYS_ON_FEATURES,
  type FeatureId,
  type FeatureToggle,
  GLOBAL_SCOPE,
  type HousingCompanyFeaturesResponse,
  IDENTITY_FEATURES_RPC,
  type Language,
  parseFeatureSettings,
  type UserFeaturesResponse,
  zHousingCompanyFeaturesRequest,
} from '@porta/contracts';
import {
  type Bus,
  CachedAnswers,
  type Db,
  forgetOnIdentityEvents,
  type Subscription,
} from '@porta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as schema from '../db/schema.js';
import { featureToggles, housingCompanies, taxonomyTerms } from '../db/schema.js';

type IdentityDb = Db<typeof schema>;

export type FeatureToggleRow = typeof featureToggles.$inferSelect;

export function toFeatureToggle(row: FeatureToggleRow): FeatureToggle {
  return {
    id: row.id,
    featureId: row.featureId as FeatureId,
    scope: row.scope,
    settings: row.settings,
    visibleFrom: row.visibleFrom?.toISOString() ?? null,
    visibleUntil: row.visibleUntil?.toISOString() ?? null,
    languages: (row.languages as Language[] | null) ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Is the toggle shown now, in this language? Active, inside its schedule, language allowed. */
export function isToggleVisible(
  row: Pick<FeatureToggleRow, 'active' | 'visibleFrom' | 'visibleUntil' | 'languages'>,
  now: Date,
  language: Language,
): boolean {
  if (!row.active) return false;
  if (row.visibleFrom && row.visibleFrom.getTime() > now.getTime()) return false;
  if (row.visibleUntil && row.visibleUntil.getTime() <= now.getTime()) return false;
  if (row.languages && row.languages.length > 0 && !row.languages.includes(language)) return false;
  return true;
}

/** The taxonomy group whose terms scope feature toggles (03 §3). */
export const BUILDING_TAXONOMY_GROUP = 'buildingtaxonomy';

/** How deep building-taxonomy terms nest at most (guards against a cycle in parentId). */
const MAX_TERM_DEPTH = 32;

/**
 * The scopes of a housing company's toggles, nearest first: its building-taxonomy term, that
 * term's parents up to the root, then 'global'. Only 'global' when the company has no term (or
 * does not exist).
 */
export async function housingCompanyFeatureScopes(
  db: IdentityDb,
  housingCompanyId: string,
): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with recursive chain(id, parent_id, depth) as (
      select t.id, t.parent_id, 0
        from ${housingCompanies} hc
        join ${taxonomyTerms} t on t.id = hc.building_taxonomy_term_id
       where hc.id = ${housingCompanyId} and t."group" = ${BUILDING_TAXONOMY_GROUP}
      union all
      select p.id, p.parent_id, c.depth + 1
        from chain c
        join ${taxonomyTerms} p on p.id = c.parent_id
       where c.depth < ${MAX_TERM_DEPTH} and p."group" = ${BUILDING_TAXONOMY_GROUP}
    )
    select id from chain order by depth`);
  // node-postgres and PGlite both answer { rows }.
  const ids = (result as unknown as { rows: { id: string }[] }).rows;
  return [...new Set(ids.map((r) => r.id)), GLOBAL_SCOPE];
}

/** Is the scope 'global' or the id of a building-taxonomy term? */
export async function isKnownFeatureScope(db: IdentityDb, scope: string): Promise<boolean> {
  if (scope === GLOBAL_SCOPE) return true;
  const [row] = await db
    .select({ id: taxonomyTerms.id })
    .from(taxonomyTerms)
    .where(and(eq(taxonomyTerms.id, scope), eq(taxonomyTerms.group, BUILDING_TAXONOMY_GROUP)))
    .limit(1);
  return !!row;
}

/** Does a toggle apply now, in this language (its schedule and language restriction)? */
function appliesNow(
  row: Pick<FeatureToggleRow, 'visibleFrom' | 'visibleUntil' | 'languages'>,
  now: Date,
  language: Language,
): boolean {
  return isToggleVisible({ ...row, active: true }, now, language);
}

/** Where userFeatures reads the toggles: the database (featuresFrom) or the cache (FeatureCache). */
export interface FeatureSource {
  /** A housing company's scopes, nearest first (housingCompanyFeatureScopes). */
  scopesOf(housingCompanyId: string): Promise<string[]>;
  /** The toggles of these scopes. */
  togglesIn(scopes: readonly string[]): Promise<FeatureToggleRow[]>;
}

/** The toggles read from the database on every call. */
export function featuresFrom(db: IdentityDb): FeatureSource {
  return {
    scopesOf: (housingCompanyId) => housingCompanyFeatureScopes(db, housingCompanyId),
    togglesIn: (scopes) =>
      db
        .select()
        .from(featureToggles)
        .where(inArray(featureToggles.scope, [...scopes])),
  };
}

/**
 * The feature toggles and the housing companies' scopes, kept in memory (ADR 0027): every signed-in
 * page asks for the features, and they change only when staff change a toggle, a building-taxonomy
 * term or a company's term. Those writes call `clear()` after their commit, so the next read here
 * is fresh; every identity process also forgets on the change's event, as the other services'
 * feature gates do (forgetOnIdentityEvents: one instance hears it, all forget). Should that be
 * missed, an entry is read again after `ttlMs` anyway.
 *
 * The toggles are kept whole (a few per feature and scope) and filtered by scope per call; the
 * schedule and the language are decided per call as before, so a toggle's start and end take effect
 * on time. Kept as the services keep identity's answers (CachedAnswers): concurrent misses read
 * once, and a load under way when the cache is dropped serves only the calls that awaited it.
 */
export class FeatureCache implements FeatureSource {
  private readonly toggles: CachedAnswers<FeatureToggleRow[]>;
  private readonly scopes: CachedAnswers<string[]>;

  constructor(
    private readonly db: IdentityDb,
    options: { ttlMs?: number; clock?: () => number } = {},
  ) {
    const kept = { ttlMs: options.ttlMs ?? 60_000, ...(options.clock ? { now: options.clock } : {}) };
    this.toggles = new CachedAnswers(kept);
    // One entry per housing company asked about.
    this.scopes = new CachedAnswers({ ...kept, maxEntries: 50_000 });
  }

  /** Drop what is kept: a toggle, a building-taxonomy term or a company's term changed. */
  clear(): void {
    this.toggles.clear();
    this.scopes.clear();
  }

  /** Forget in every identity process when identity's events say the features changed. */
  forgetOnChanges(bus: Bus): Promise<Subscription> {
    return forgetOnIdentityEvents(bus, {
      service: 'identity',
      durable: 'identity-features',
      forget: (what) => {
        if (what.includes('features')) this.clear();
      },
    });
  }

  scopesOf(housingCompanyId: string): Promise<string[]> {
    return this.scopes.get(housingCompanyId, () => housingCompanyFeatureScopes(this.db, housingCompanyId));
  }

  async togglesIn(scopes: readonly string[]): Promise<FeatureToggleRow[]> {
    const wanted = new Set(scopes);
    // execute(): a drizzle query is a lazy thenable that runs again at every await.
    const all = await this.toggles.get('all', () => this.db.select().from(featureToggles).execute());
    return all.filter((row) => wanted.has(row.scope));
  }
}

/**
 * The features of a user (01 §7 getUserFeatures): news and calendar always; for every other
 * feature the toggle of the nearest scope that applies decides. With a housing company the scopes
 * are its building-taxonomy term, the parent terms, then 'global' (`scopes` is ignored); without
 * one, the given scopes nearest first (default: 'global' only).
 *
 * A toggle applies when the moment is inside its schedule and the language is allowed; an active
 * toggle that applies switches the feature on with its settings, an inactive one switches it off
 * (so a term can turn off a feature that is on globally). A toggle that does not apply leaves the
 * decision to the next scope.
 */
export async function userFeatures(
  source: FeatureSource,
  options: { language: Language; scopes?: readonly string[]; housingCompanyId?: string; now?: Date },
): Promise<UserFeaturesResponse> {
  const now = options.now ?? new Date();
  const scopes = options.housingCompanyId
    ? await source.scopesOf(options.housingCompanyId)
    : options.scopes?.length
      ? [...options.scopes]
      : [GLOBAL_SCOPE];
  const rank = new Map(scopes.map((s, i) => [s, i]));
  const rows = await source.togglesIn(scopes);
  const decided = new Map<FeatureId, FeatureToggleRow>();
  for (const row of [...rows].sort((a, b) => rank.get(a.scope)! - rank.get(b.scope)!)) {
    const featureId = row.featureId as FeatureId;
    if (decided.has(featureId) || !appliesNow(row, now, options.language)) continue;
    decided.set(featureId, row);
  }
  const features: UserFeaturesResponse['features'] = {};
  for (const id of ALWAYS_ON_FEATURES) features[id] = { settings: {} };
  for (const featureId of [...decided.keys()].sort()) {
    const row = decided.get(featureId)!;
    if (!row.active || features[featureId]) continue;
    // Stored settings were validated on write; parse again to fill in defaults added since.
    const parsed = parseFeatureSettings(featureId, row.settings);
    features[featureId] = { settings: parsed.success ? parsed.data : row.settings };
  }
  return { features };
}

/** A PostgreSQL unique violation (23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Serve `rpc.identity.features.get.v1`: the features on for a housing company in a language, decided as
 * for the resident app (userFeatures). A company that does not exist has the global features.
 */
export function serveHousingCompanyFeatures(source: FeatureSource, bus: Bus): Promise<Subscription> {
  return bus.reply(IDENTITY_FEATURES_RPC, async (data): Promise<HousingCompanyFeaturesResponse> => {
    const request = zHousingCompanyFeaturesRequest.parse(data);
    const { features } = await userFeatures(source, request);
    return { features: Object.keys(features) as FeatureId[] };
  });
}
