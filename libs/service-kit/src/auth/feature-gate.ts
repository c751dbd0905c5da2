import {
  type FeatureId,
  type HousingCompanyFeaturesResponse,
  IDENTITY_FEATURES_RPC,
  type Language,
  zHousingCompanyFeaturesResponse,
} from '@porta/contracts';
import type { Bus } from '../bus/types.js';
import { AppError } from '../errors.js';
import { CachedAnswers } from '../identity/cached-answers.js';

/** How long a housing company's features are kept before identity is asked again. */
export const FEATURE_GATE_TTL_MS = 30_000;

/**
 * The feature policies of 01 §6 on a service's own routes: a route of a feature answers only when
 * the feature is on for the housing company. Features are decided by identity (feature toggles,
 * building taxonomy, schedule and language) and asked for over the bus
 * (`rpc.identity.features.get.v1`); the answer is kept for FEATURE_GATE_TTL_MS per housing company
 * and language, and concurrent requests share one question. While identity or the broker is away
 * the last answer stands in (CachedAnswers), so reads go on; with no answer at all the request is
 * refused at once with 503 TEMPORARILY_UNAVAILABLE. `clear()` forgets answers at once, for a
 * service that hears identity's `identity.feature-toggle.changed.v1` event.
 */
export class FeatureGate {
  private readonly answers: CachedAnswers<ReadonlySet<FeatureId>>;

  constructor(
    private readonly bus: Bus,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.answers = new CachedAnswers({
      ttlMs: options.ttlMs ?? FEATURE_GATE_TTL_MS,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The features on for the housing company in the language. */
  features(housingCompanyId: string, language: Language): Promise<ReadonlySet<FeatureId>> {
    return this.answers.get(`${housingCompanyId}:${language}`, async () => {
      let answer: HousingCompanyFeaturesResponse;
      try {
        answer = await this.bus.request<HousingCompanyFeaturesResponse>(IDENTITY_FEATURES_RPC, {
          housingCompanyId,
          language,
        });
      } catch (cause) {
        throw new AppError('TEMPORARILY_UNAVAILABLE', { cause });
      }
      return new Set(zHousingCompanyFeaturesResponse.parse(answer).features);
    });
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
    this.answers.clear();
  }
}
