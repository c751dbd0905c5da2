import {
  type FeatureId,
  type HousingCompanyFeaturesResponse,
  IDENTITY_FEATURES_RPC,
  type Language,
  zHousingCompanyFeaturesResponse,
} from '@porta/contracts';
import type { Bus } from '../bus/types.js';
import { AppError } from '../errors.js';

/** How long a housing company's features are kept before identity is asked again. */
export const FEATURE_GATE_TTL_MS = 30_000;

interface Entry {
  at: number;
  features: Promise<ReadonlySet<FeatureId>>;
}

/**
 * The feature policies of 01 §6 on a service's own routes: a route of a feature answers only when
 * the feature is on for the housing company. Features are decided by identity (feature toggles,
 * building taxonomy, schedule and language) and asked for over the bus
 * (`rpc.identity.features.get.v1`); the answer is kept for FEATURE_GATE_TTL_MS per housing company
 * and language, and concurrent requests share one question. `clear()` forgets answers at once,
 * for a service that hears identity's `identity.feature-toggle.changed.v1` event.
 */
export class FeatureGate {
  private readonly cache = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly bus: Bus,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? FEATURE_GATE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The features on for the housing company in the language. */
  features(housingCompanyId: string, language: Language): Promise<ReadonlySet<FeatureId>> {
    const key = `${housingCompanyId}:${language}`;
    const at = this.now();
    const cached = this.cache.get(key);
    if (cached && at - cached.at < this.ttlMs) return cached.features;
    const features = this.bus
      .request<HousingCompanyFeaturesResponse>(IDENTITY_FEATURES_RPC, { housingCompanyId, language })
      .then((answer) => new Set(zHousingCompanyFeaturesResponse.parse(answer).features));
    // A failed question is not kept: the next request asks again.
    features.catch(() => {
      if (this.cache.get(key)?.features === features) this.cache.delete(key);
    });
    this.cache.set(key, { at, features });
    return features;
  }

  /**
   * Answers when at least one of the features is on for the housing company; else refuses with
   * 403 FEATURE_NOT_ACTIVATED ('Feature not activated in this housing company').
   */
  async require(housingCompanyId: string, language: Language, anyOf: readonly FeatureId[]): Promise<void> {
    const on = await this.features(housingCompanyId, language);
    if (!anyOf.some((feature) => on.has(feature))) throw new AppError('FEATURE_NOT_ACTIVATED');
  }

  /** Forget every kept answer (after a feature toggle or a housing company's taxonomy changed). */
  clear(): void {
    this.cache.clear();
  }
}
