/** How long the last good answer may stand in for one that cannot be had (identity or the broker away). */
export const STALE_ANSWER_MS = 24 * 3600_000;
/** While only a stale answer can be had, identity is asked again at most this often. */
export const STALE_RETRY_MS = 5_000;

interface Entry<V> {
  /** When the answer was asked for. */
  at: number;
  /** Until when it is given without asking again. */
  until: number;
  answer: Promise<V>;
  /** The last answer that came back, and when it was asked for. */
  good?: { value: V; at: number };
}

/**
 * Answers kept per key for a time to live, with concurrent callers sharing one question — the
 * pattern of a service's view of identity's decisions (feature decisions, directory entries).
 * When a question fails (identity, or the broker, is away), the last good answer stands in for up
 * to STALE_ANSWER_MS and is asked anew at most every STALE_RETRY_MS, so that what a service holds
 * keeps serving reads through an outage; a question with no earlier answer fails, and is not kept.
 * `clear()` forgets everything (identity announced a change). With `staleMs: 0` a failed question
 * is never answered from an earlier answer (a service's own reads, which fail with their database).
 * An answer asked for at a later moment than now (a test's clock set back) is not kept.
 */
export class CachedAnswers<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly staleMs: number;

  constructor(options: { ttlMs: number; now?: () => number; maxEntries?: number; staleMs?: number }) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.staleMs = options.staleMs ?? STALE_ANSWER_MS;
  }

  get(key: string, ask: () => Promise<V>): Promise<V> {
    const at = this.now();
    const entry = this.entries.get(key);
    if (entry && at >= entry.at && at < entry.until) return entry.answer;
    if (this.entries.size >= this.maxEntries) this.prune(at);
    const good = entry?.good;
    const answer = ask().then(
      (value) => {
        const current = this.entries.get(key);
        if (current?.answer === answer) current.good = { value, at };
        return value;
      },
      (error: unknown) => {
        const current = this.entries.get(key);
        if (good && at - good.at < this.staleMs) {
          // Serve the last good answer; ask again after a short while, not on every request.
          if (current?.answer === answer) current.until = this.now() + STALE_RETRY_MS;
          return good.value;
        }
        if (current?.answer === answer) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, { at, until: at + this.ttlMs, answer, ...(good ? { good } : {}) });
    return answer;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Forget one key's answer. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  private prune(at: number) {
    for (const [key, entry] of this.entries) {
      if (at >= entry.until && (!entry.good || at - entry.good.at >= this.staleMs)) {
        this.entries.delete(key);
      }
    }
  }
}
