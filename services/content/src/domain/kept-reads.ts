import { CachedAnswers } from '@porta/service-kit';
import type { Reader } from './reader.js';

/** At most this many answers are kept (one per housing company, roles, language and box asked). */
const MAX_KEPT = 20_000;

/**
 * The residents' hot reads kept for a moment (ADR 0028): every signed-in page asks for the same
 * boxes, and what a box shows depends on the housing company, the reader's roles and language and
 * the moment, not on who asks. An answer is kept for `ttlMs` (READS_KEPT_MS) of the service's clock
 * and shared by every reader with the same key; concurrent misses read once. Every write of this
 * process drops everything (`clear()`, by the plugin's hook on writes, the jobs and the directory's
 * consumer), so what staff save shows at once; a write in another content process shows here
 * within `ttlMs`, as does an item whose publication window opens or closes. A failed read is
 * never answered from an earlier one.
 */
export class KeptReads {
  private readonly answers: CachedAnswers<unknown>;

  constructor(
    private readonly ttlMs: number,
    now: () => number,
  ) {
    this.answers = new CachedAnswers({ ttlMs, now, maxEntries: MAX_KEPT, staleMs: 0 });
  }

  /** The answer kept under `key`, or `load()`'s, kept for the next readers. */
  get<V>(key: readonly unknown[], load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    return this.answers.get(JSON.stringify(key), load) as Promise<V>;
  }

  /** Forget one answer (a directory entry that was not there). */
  forget(key: readonly unknown[]): void {
    this.answers.delete(JSON.stringify(key));
  }

  /** Forget everything: something a resident reads was written. */
  clear(): void {
    this.answers.clear();
  }
}

/** What a reader's answers depend on besides the request: company, roles and language. */
export function readerKey(reader: Reader): string[] {
  return [reader.housingCompany.id, [...new Set(reader.roles)].sort().join(','), reader.language];
}
