import type { DirectoryHousingCompany } from '@porta/contracts';
import { FEATURE_GATE_TTL_MS, type IdentityClient } from '@porta/service-kit';

/** How long identity's directory entry of a housing company is kept: as long as its feature decisions. */
export const DIRECTORY_TTL_MS = FEATURE_GATE_TTL_MS;
/** Above this many kept entries, the expired ones are dropped before another is added. */
const PRUNE_ABOVE = 1_000;

interface Entry {
  at: number;
  answer: Promise<DirectoryHousingCompany | null>;
}

/**
 * identity's directory entries of housing companies (their partner companies and apartments), as
 * every request entering a company needs them (ADR 0018: who gets in, the types offered, the
 * sender's apartment). identity answers one in several statements (3–5 ms on PostgreSQL, 10–20 ms
 * on PGlite), so an entry is kept for DIRECTORY_TTL_MS per company, like the feature decisions,
 * and concurrent requests share one question; a failed question is not kept. A change of a
 * company's partner companies or apartments is forgotten at once in every instance (identity's
 * events, see app.ts), else within that time.
 */
export class HousingCompanyDirectory {
  private readonly cache = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly identity: Pick<IdentityClient, 'housingCompany'>,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? DIRECTORY_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The housing company with its apartments and partner companies, or null when there is none. */
  housingCompany(housingCompanyId: string): Promise<DirectoryHousingCompany | null> {
    const at = this.now();
    const cached = this.cache.get(housingCompanyId);
    if (cached && at - cached.at < this.ttlMs) return cached.answer;
    if (this.cache.size >= PRUNE_ABOVE) {
      for (const [id, entry] of this.cache) if (at - entry.at >= this.ttlMs) this.cache.delete(id);
    }
    const answer = this.identity.housingCompany(housingCompanyId);
    answer.catch(() => {
      if (this.cache.get(housingCompanyId)?.answer === answer) this.cache.delete(housingCompanyId);
    });
    this.cache.set(housingCompanyId, { at, answer });
    return answer;
  }

  /** Forget every kept entry. */
  clear(): void {
    this.cache.clear();
  }
}
