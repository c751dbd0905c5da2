import type { DirectoryHousingCompany } from '@porta/contracts';
import { FEATURE_GATE_TTL_MS } from '../auth/feature-gate.js';
import { CachedAnswers } from './cached-answers.js';
import type { IdentityClient } from './identity-client.js';

/** How long identity's directory entry of a housing company is kept: as long as its feature decisions. */
export const DIRECTORY_TTL_MS = FEATURE_GATE_TTL_MS;
/**
 * identity's directory entries of housing companies (their partner companies and apartments), as
 * every request entering a company needs them (who gets in, the company's apartments and partner
 * companies: service requests, documents). identity answers one in several statements (3–5 ms on PostgreSQL, 10–20 ms
 * on PGlite), so an entry is kept for DIRECTORY_TTL_MS per company, like the feature decisions,
 * and concurrent requests share one question; while identity is away the last entry stands in
 * (CachedAnswers), and with none the request is refused with 503. A change of a company's partner
 * companies or apartments is forgotten at once in every instance (identity's events: the services' forgetOnIdentityEvents),
 * else within that time.
 */
export class HousingCompanyDirectory {
  private readonly answers: CachedAnswers<DirectoryHousingCompany | null>;

  constructor(
    private readonly identity: Pick<IdentityClient, 'housingCompany'>,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.answers = new CachedAnswers({
      ttlMs: options.ttlMs ?? DIRECTORY_TTL_MS,
      maxEntries: 1_000,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The housing company with its apartments and partner companies, or null when there is none. */
  housingCompany(housingCompanyId: string): Promise<DirectoryHousingCompany | null> {
    return this.answers.get(housingCompanyId, () => this.identity.housingCompany(housingCompanyId));
  }

  /** Forget every kept entry. */
  clear(): void {
    this.answers.clear();
  }
}
