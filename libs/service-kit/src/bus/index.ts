import { silentLogger } from './logger.js';
import { MemoryBus, type MemoryBusOptions } from './memory-bus.js';
import { NatsBus, type NatsBusOptions } from './nats-bus.js';
import type { Bus, Logger } from './types.js';

export {
  type DeadLetter,
  type DeadLetterFilter,
  type DeadLetterOptions,
  DeadLetters,
} from './dead-letters.js';
export { answerMayBeTooLarge, BusRequestError, type BusRequestFailure } from './errors.js';
export { silentLogger } from './logger.js';
export { MemoryBus, type MemoryBusOptions } from './memory-bus.js';
export { NatsBus, type NatsBusOptions } from './nats-bus.js';
export {
  consumeOnce,
  enqueueEvent,
  type InboxTable,
  inboxTable,
  OutboxRelay,
  type OutboxRelayOptions,
  type OutboxTable,
  outboxSchemaSql,
  outboxTable,
} from './outbox.js';
export { EVENT_STREAM, InvalidSubjectError, MAX_HANDLER_MS, subjectMatches } from './subjects.js';
export type * from './types.js';
export { uuidv7 } from './uuid7.js';

/**
 * The bus for this process: NATS JetStream when NATS_URL is set, the in-process bus otherwise.
 */
export async function connectBus(
  config: { NATS_URL?: string | undefined },
  logger: Logger = silentLogger,
  options: { name?: string } & Omit<NatsBusOptions, 'url' | 'logger' | 'name'> &
    Omit<MemoryBusOptions, 'logger'> = {},
): Promise<Bus> {
  if (config.NATS_URL) return NatsBus.connect({ ...options, url: config.NATS_URL, logger });
  logger.info({}, 'using the in-process bus');
  return new MemoryBus({ ...options, logger });
}
