import {
  ALWAYS_ON_FEATURES,
  type FeatureId,
  type FeatureToggle,
  GLOBAL_SCOPE,
  type Language,
  parseFeatureSettings,
  type UserFeaturesResponse,
} from '@porta/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { IdentityContext } from '../context.js';
import { featureToggles } from '../db/schema.js';

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

/**
 * The features of a user (01 §7 getUserFeatures): news and calendar always; plus every visible
 * toggle of the given scopes. Housing companies carry no building taxonomy yet, so the scope is
 * 'global' only; taxonomy-scoped toggles are stored and administered but not yet applied.
 */
export async function userFeatures(
  ctx: Pick<IdentityContext, 'db'>,
  options: { language: Language; scopes?: readonly string[]; now?: Date },
): Promise<UserFeaturesResponse> {
  const now = options.now ?? new Date();
  const scopes = options.scopes?.length ? options.scopes : [GLOBAL_SCOPE];
  const features: UserFeaturesResponse['features'] = {};
  for (const id of ALWAYS_ON_FEATURES) features[id] = { settings: {} };
  const rows = await ctx.db
    .select()
    .from(featureToggles)
    .where(and(eq(featureToggles.active, true), inArray(featureToggles.scope, [...scopes])))
    .orderBy(featureToggles.featureId);
  for (const row of rows) {
    if (!isToggleVisible(row, now, options.language)) continue;
    const featureId = row.featureId as FeatureId;
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
