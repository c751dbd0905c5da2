import type { Bus, BusMessage, Subscription } from '../bus/types.js';

/** What a service keeps of identity's answers for a while: feature decisions, bans, directory entries. */
export type KeptAnswers = 'features' | 'bans' | 'directory';

/**
 * Which kept answers an identity event makes stale: features after a toggle, taxonomy or housing
 * company change; bans after a ban or its lifting; directory entries (apartments, partner
 * companies) after a change of a housing company, its apartments or partner companies.
 */
export function staleAfter(subject: string): KeptAnswers[] {
  const stale: KeptAnswers[] = [];
  if (FEATURE_SUBJECTS.has(subject)) stale.push('features');
  if (BAN_SUBJECTS.has(subject)) stale.push('bans');
  if (DIRECTORY_SUBJECTS.has(subject)) stale.push('directory');
  return stale;
}

const FEATURE_SUBJECTS: ReadonlySet<string> = new Set([
  'identity.feature-toggle.changed.v1',
  'identity.taxonomy.changed.v1',
  'identity.housing-company.updated.v1',
]);
const BAN_SUBJECTS: ReadonlySet<string> = new Set(['identity.user.banned.v1', 'identity.user.unbanned.v1']);
const DIRECTORY_SUBJECTS: ReadonlySet<string> = new Set([
  'identity.housing-company.updated.v1',
  'identity.apartment.changed.v1',
  'identity.housing-company-partner.changed.v1',
  'identity.partner-company.changed.v1',
  'identity.partner-company.deleted.v1',
]);

const KEPT: ReadonlySet<string> = new Set<KeptAnswers>(['features', 'bans', 'directory']);
const isKept = (value: unknown): value is KeptAnswers => typeof value === 'string' && KEPT.has(value);

/**
 * Hear identity's events (durable consumer `durable`) and forget the kept answers each makes stale
 * in every instance of the service at once. The durable consumer hands each event to one instance;
 * that one broadcasts what is stale on `live.<service>.forget`, and every instance, itself too,
 * forgets on hearing it. A broadcast is not kept: an instance that misses one forgets when its
 * answers expire, as before. `also` does more with an event (a read model). Stopping the answer
 * stops both the consumer and the listening.
 */
export async function forgetOnIdentityEvents(
  bus: Bus,
  options: {
    service: string;
    durable: string;
    forget: (what: readonly KeptAnswers[]) => void;
    also?: (message: BusMessage<Record<string, unknown>>) => Promise<void>;
    concurrency?: number;
  },
): Promise<Subscription> {
  const subject = `live.${options.service}.forget`;
  const listening = await bus.listen<{ what?: unknown }>(subject, (data) => {
    const what = Array.isArray(data?.what) ? data.what.filter(isKept) : [];
    if (what.length) options.forget(what);
  });
  const consumer = await bus.subscribe<Record<string, unknown>>(
    'identity.*.*.v1',
    async (message) => {
      const stale = staleAfter(message.subject);
      if (stale.length) await bus.broadcast(subject, { what: stale });
      await options.also?.(message);
    },
    { durable: options.durable, ...(options.concurrency ? { concurrency: options.concurrency } : {}) },
  );
  return {
    async stop() {
      await consumer.stop();
      await listening.stop();
    },
  };
}
