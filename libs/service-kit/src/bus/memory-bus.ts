import { injectTraceHeaders, inSpan, SpanKind } from '../telemetry/tracing.js';
import type { DeadLetters } from './dead-letters.js';
import { BusRequestError, errorEnvelope, openEnvelope, type ReplyEnvelope } from './errors.js';
import { silentLogger } from './logger.js';
import {
  assertEventFilter,
  assertEventSubject,
  assertLiveSubject,
  assertRpcSubject,
  MAX_HANDLER_MS,
  redeliveryDelayMs,
  subjectMatches,
} from './subjects.js';
import { handleInSpan, replyInSpan } from './tracing.js';
import type {
  Bus,
  BusMessage,
  Logger,
  MessageHandler,
  PublishOptions,
  SubscribeOptions,
  Subscription,
} from './types.js';

export interface MemoryBusOptions {
  logger?: Logger;
  /** Publishes with a msgId seen within this window are dropped (default 2 min, as the stream). */
  duplicateWindowMs?: number;
  /** Messages kept per subject for durables created later (default 10,000). */
  maxMessagesPerSubject?: number;
  /** Undelivered messages kept per durable; the oldest are dropped beyond it (default 100,000). */
  maxPendingPerDurable?: number;
  /** First redelivery delay after a handler throws, doubled each time (default 250 ms). */
  redeliveryBackoffMs?: number;
  /** Upper bound of that delay (default 60 s). */
  maxRedeliveryBackoffMs?: number;
  defaultAckWaitMs?: number;
  defaultMaxDeliver?: number;
  /** Where messages go after their delivery budget; without it they are never given up. */
  deadLetters?: DeadLetters;
  /**
   * A handler still running keeps its message past the ack wait (as NATS' in-progress
   * acknowledgement does) for at most this long; then it is taken as hung and the message is
   * delivered again (default 1 h).
   */
  maxHandlerMs?: number;
}

interface StoredMessage {
  seq: number;
  id: string;
  subject: string;
  /** JSON text: every delivery gets its own copy, as over the wire. */
  payload: string;
  headers: Record<string, string>;
}

interface Pending {
  message: StoredMessage;
  deliveries: number;
  readyAt: number;
  inFlight: boolean;
  /** Identifies the current delivery; a late outcome of an earlier one is recognised by it. */
  token: number;
  ackTimer: NodeJS.Timeout | undefined;
}

interface Subscriber {
  handler: MessageHandler<unknown>;
  concurrency: number;
  running: Set<Promise<void>>;
  stopped: boolean;
}

interface Durable {
  name: string;
  filter: string;
  ackWaitMs: number;
  maxDeliver: number;
  queue: Pending[];
  subscribers: Subscriber[];
  next: number;
  timer: NodeJS.Timeout | undefined;
  timerAt: number;
  pumpScheduled: boolean;
}

interface Responder {
  handler: (data: unknown) => Promise<unknown>;
  running: Set<Promise<unknown>>;
}

/**
 * The in-process bus of the embedded mode, with JetStream's delivery guarantees: durable
 * consumers (instances sharing a durable name share its messages), a new durable receives the
 * messages still kept for its subject, at-least-once delivery with redelivery after a throw
 * (with backoff) or after ackWait, maxDeliver, de-duplication of publishes by msgId within a
 * window, and request/reply with a timeout. Messages live in memory only: a restart loses what
 * was not yet handled (the outbox keeps the publishing side safe).
 */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  private readonly logger: Logger;
  private readonly duplicateWindowMs: number;
  private readonly maxMessagesPerSubject: number;
  private readonly maxPendingPerDurable: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly defaultAckWaitMs: number;
  private readonly defaultMaxDeliver: number;
  private readonly deadLetters: DeadLetters | undefined;
  private readonly maxHandlerMs: number;

  private readonly log = new Map<string, StoredMessage[]>();
  /** msgId → expiry, in insertion (hence expiry) order. */
  private readonly seen = new Map<string, number>();
  private readonly durables = new Map<string, Durable>();
  private readonly responders = new Map<string, { list: Responder[]; next: number }>();
  private readonly listeners = new Map<string, Set<(data: unknown) => void>>();
  private seq = 0;
  private token = 0;
  private closed = false;

  constructor(options: MemoryBusOptions = {}) {
    this.logger = options.logger ?? silentLogger;
    this.duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
    this.maxMessagesPerSubject = options.maxMessagesPerSubject ?? 10_000;
    this.maxPendingPerDurable = options.maxPendingPerDurable ?? 100_000;
    this.backoffMs = options.redeliveryBackoffMs ?? 250;
    this.maxBackoffMs = options.maxRedeliveryBackoffMs ?? 60_000;
    this.defaultAckWaitMs = options.defaultAckWaitMs ?? 30_000;
    this.defaultMaxDeliver = options.defaultMaxDeliver ?? 10;
    this.deadLetters = options.deadLetters;
    this.maxHandlerMs = options.maxHandlerMs ?? MAX_HANDLER_MS;
  }

  async publish(subject: string, data: unknown, options: PublishOptions): Promise<void> {
    this.assertOpen();
    assertEventSubject(subject);
    if (!options.msgId) throw new Error(`publish to ${subject} needs a msgId`);
    const now = Date.now();
    for (const [id, expiry] of this.seen) {
      if (expiry > now) break;
      this.seen.delete(id);
    }
    if (this.seen.has(options.msgId)) {
      this.logger.debug({ subject, msgId: options.msgId }, 'duplicate publish dropped');
      return;
    }
    this.seen.set(options.msgId, now + this.duplicateWindowMs);

    const message: StoredMessage = {
      seq: ++this.seq,
      id: options.msgId,
      subject,
      payload: JSON.stringify(data ?? null),
      headers: { ...injectTraceHeaders(), ...options.headers },
    };
    let kept = this.log.get(subject);
    if (!kept) {
      kept = [];
      this.log.set(subject, kept);
    }
    kept.push(message);
    if (kept.length > this.maxMessagesPerSubject) kept.shift();

    for (const durable of this.durables.values()) {
      if (!subjectMatches(durable.filter, subject)) continue;
      this.enqueue(durable, message);
      this.schedulePump(durable);
    }
  }

  async subscribe<T = unknown>(
    subject: string,
    handler: MessageHandler<T>,
    options: SubscribeOptions,
  ): Promise<Subscription> {
    this.assertOpen();
    assertEventFilter(subject);
    if (!options.durable) throw new Error(`subscription to ${subject} needs a durable name`);
    let durable = this.durables.get(options.durable);
    if (durable && durable.filter !== subject) {
      throw new Error(
        `durable ${options.durable} already consumes ${durable.filter}; it cannot also consume ${subject}`,
      );
    }
    if (!durable) {
      durable = {
        name: options.durable,
        filter: subject,
        ackWaitMs: this.defaultAckWaitMs,
        maxDeliver: this.defaultMaxDeliver,
        queue: [],
        subscribers: [],
        next: 0,
        timer: undefined,
        timerAt: 0,
        pumpScheduled: false,
      };
      this.durables.set(durable.name, durable);
      // Deliver-all: a new durable starts with every message still kept for its subject.
      const backlog: StoredMessage[] = [];
      for (const [kept, messages] of this.log) if (subjectMatches(subject, kept)) backlog.push(...messages);
      backlog.sort((a, b) => a.seq - b.seq);
      for (const message of backlog) this.enqueue(durable, message);
    }
    durable.ackWaitMs = options.ackWaitMs ?? durable.ackWaitMs;
    durable.maxDeliver = options.maxDeliver ?? durable.maxDeliver;

    const subscriber: Subscriber = {
      handler: handler as MessageHandler<unknown>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: new Set(),
      stopped: false,
    };
    durable.subscribers.push(subscriber);
    this.schedulePump(durable);
    const target = durable;
    const detach = this.deadLetters?.attach(durable.name, subscriber.handler);
    return {
      stop: async () => {
        if (subscriber.stopped) return;
        subscriber.stopped = true;
        detach?.();
        target.subscribers = target.subscribers.filter((s) => s !== subscriber);
        await Promise.allSettled([...subscriber.running]);
      },
    };
  }

  async request<T = unknown>(
    subject: string,
    data: unknown,
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    this.assertOpen();
    assertRpcSubject(subject);
    const timeoutMs = options.timeoutMs ?? 5_000;
    return inSpan(
      `${subject} request`,
      { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'porta-memory', 'rpc.method': subject } },
      async () => {
        const group = this.responders.get(subject);
        if (!group || group.list.length === 0) {
          throw new BusRequestError('NO_RESPONDERS', subject, `no responders on ${subject}`);
        }
        const responder = group.list[group.next++ % group.list.length]!;
        const payload = JSON.stringify(data ?? null);
        const headers = injectTraceHeaders();
        const answer = (async (): Promise<string> => {
          let envelope: ReplyEnvelope;
          try {
            const result = await replyInSpan('memory', subject, headers, () =>
              responder.handler(JSON.parse(payload)),
            );
            envelope = { ok: true, data: result ?? null };
          } catch (err) {
            this.logger.warn({ err, subject }, 'responder failed');
            envelope = errorEnvelope(err);
          }
          return JSON.stringify(envelope);
        })();
        responder.running.add(answer);
        void answer.finally(() => responder.running.delete(answer));

        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new BusRequestError('TIMEOUT', subject, `request to ${subject} timed out`)),
            timeoutMs,
          );
        });
        try {
          return openEnvelope<T>(subject, JSON.parse(await Promise.race([answer, timeout])));
        } finally {
          clearTimeout(timer);
        }
      },
    );
  }

  async reply(subject: string, handler: (data: unknown) => Promise<unknown>): Promise<Subscription> {
    this.assertOpen();
    assertRpcSubject(subject);
    let group = this.responders.get(subject);
    if (!group) {
      group = { list: [], next: 0 };
      this.responders.set(subject, group);
    }
    const responder: Responder = { handler, running: new Set() };
    group.list.push(responder);
    const target = group;
    return {
      stop: async () => {
        target.list = target.list.filter((r) => r !== responder);
        await Promise.allSettled([...responder.running]);
      },
    };
  }

  async broadcast(subject: string, data: unknown): Promise<void> {
    this.assertOpen();
    assertLiveSubject(subject);
    // A copy per listener, as NATS would deliver it, after the caller's turn.
    const payload = JSON.stringify(data);
    for (const listener of this.listeners.get(subject) ?? []) {
      queueMicrotask(() => {
        try {
          listener(JSON.parse(payload));
        } catch (err) {
          this.logger.warn({ err, subject }, 'listener failed');
        }
      });
    }
  }

  async listen<T = unknown>(subject: string, handler: (data: T) => void): Promise<Subscription> {
    this.assertOpen();
    assertLiveSubject(subject);
    const listener = handler as (data: unknown) => void;
    const set = this.listeners.get(subject) ?? new Set();
    set.add(listener);
    this.listeners.set(subject, set);
    return {
      stop: async () => {
        set.delete(listener);
      },
    };
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  onReconnect(_listener: () => void): () => void {
    // In-process: the connection is never lost.
    return () => undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const running: Promise<unknown>[] = [];
    for (const durable of this.durables.values()) {
      clearTimeout(durable.timer);
      for (const s of durable.subscribers) {
        s.stopped = true;
        running.push(...s.running);
      }
      durable.subscribers = [];
    }
    for (const group of this.responders.values()) {
      for (const r of group.list) running.push(...r.running);
      group.list = [];
    }
    await Promise.allSettled(running);
    for (const durable of this.durables.values()) {
      for (const p of durable.queue) clearTimeout(p.ackTimer);
      durable.queue = [];
    }
    this.durables.clear();
    this.log.clear();
    this.seen.clear();
  }

  private assertOpen() {
    if (this.closed) throw new Error('the bus is closed');
  }

  private enqueue(durable: Durable, message: StoredMessage) {
    durable.queue.push({
      message,
      deliveries: 0,
      readyAt: 0,
      inFlight: false,
      token: 0,
      ackTimer: undefined,
    });
    if (durable.queue.length > this.maxPendingPerDurable) {
      const index = durable.queue.findIndex((p) => !p.inFlight);
      if (index >= 0) {
        const [dropped] = durable.queue.splice(index, 1);
        this.logger.error(
          { durable: durable.name, subject: dropped?.message.subject, msgId: dropped?.message.id },
          'durable backlog full; oldest message dropped',
        );
      }
    }
  }

  /** Deliver on the next turn of the event loop, never inside the publisher's call. */
  private schedulePump(durable: Durable) {
    if (durable.pumpScheduled || this.closed) return;
    durable.pumpScheduled = true;
    setImmediate(() => {
      durable.pumpScheduled = false;
      this.pump(durable);
    });
  }

  private pump(durable: Durable) {
    if (this.closed || this.durables.get(durable.name) !== durable) return;
    const now = Date.now();
    let earliest = Number.POSITIVE_INFINITY;
    let cursor = 0;
    while (true) {
      const subscriber = this.freeSubscriber(durable);
      if (!subscriber) break;
      let chosen: Pending | undefined;
      for (; cursor < durable.queue.length; cursor++) {
        const p = durable.queue[cursor]!;
        if (p.inFlight) continue;
        if (p.readyAt <= now) {
          chosen = p;
          cursor++;
          break;
        }
        earliest = Math.min(earliest, p.readyAt);
      }
      if (!chosen) break;
      this.deliver(durable, subscriber, chosen);
    }
    // Wake up for the earliest message waiting for its backoff.
    for (let i = cursor; i < durable.queue.length; i++) {
      const p = durable.queue[i]!;
      if (!p.inFlight && p.readyAt > now) earliest = Math.min(earliest, p.readyAt);
    }
    if (earliest !== Number.POSITIVE_INFINITY && (!durable.timer || earliest < durable.timerAt)) {
      clearTimeout(durable.timer);
      durable.timerAt = earliest;
      durable.timer = setTimeout(
        () => {
          durable.timer = undefined;
          this.pump(durable);
        },
        Math.max(0, earliest - now),
      );
    }
  }

  private freeSubscriber(durable: Durable): Subscriber | undefined {
    const list = durable.subscribers;
    for (let i = 0; i < list.length; i++) {
      const s = list[(durable.next + i) % list.length]!;
      if (!s.stopped && s.running.size < s.concurrency) {
        durable.next = (durable.next + i + 1) % list.length;
        return s;
      }
    }
    return undefined;
  }

  private deliver(durable: Durable, subscriber: Subscriber, pending: Pending) {
    const token = ++this.token;
    pending.token = token;
    pending.inFlight = true;
    pending.deliveries += 1;
    const { message } = pending;
    const context = { durable: durable.name, subject: message.subject, msgId: message.id };
    const started = Date.now();
    // A handler still running keeps its message (as NATS' in-progress acknowledgement does) until
    // maxHandlerMs; only then is the message handed out again.
    const onAckWait = () => {
      if (pending.token !== token || !pending.inFlight) return;
      const left = this.maxHandlerMs - (Date.now() - started);
      if (left > 0) {
        pending.ackTimer = setTimeout(onAckWait, Math.min(durable.ackWaitMs, left));
        return;
      }
      pending.inFlight = false;
      this.logger.warn({ ...context, attempt: pending.deliveries }, 'handler still running; redelivering');
      if (pending.deliveries >= durable.maxDeliver) this.giveUp(durable, pending, undefined);
      this.pump(durable);
    };
    pending.ackTimer = setTimeout(onAckWait, durable.ackWaitMs);

    const delivery: BusMessage<unknown> = {
      id: message.id,
      subject: message.subject,
      data: JSON.parse(message.payload),
      headers: { ...message.headers },
      attempt: pending.deliveries,
    };
    const run = handleInSpan('memory', durable.name, delivery, subscriber.handler).then(
      () => {
        if (pending.token === token) clearTimeout(pending.ackTimer);
        // A late acknowledgement still acknowledges the message.
        this.remove(durable, pending);
        this.deadLetters?.handled(durable.name);
      },
      (err: unknown) => {
        if (pending.token !== token || !pending.inFlight) {
          this.logger.warn({ ...context, err, attempt: delivery.attempt }, 'handler failed after ackWait');
          return;
        }
        clearTimeout(pending.ackTimer);
        pending.inFlight = false;
        if (pending.deliveries >= durable.maxDeliver) {
          this.giveUp(durable, pending, err);
          return;
        }
        const delayMs = redeliveryDelayMs(pending.deliveries, this.backoffMs, this.maxBackoffMs);
        pending.readyAt = Date.now() + delayMs;
        this.logger.warn(
          { ...context, err, attempt: pending.deliveries, delayMs },
          'handler failed; redelivering',
        );
      },
    );
    subscriber.running.add(run);
    void run.finally(() => {
      subscriber.running.delete(run);
      this.schedulePump(durable);
    });
  }

  /**
   * The delivery budget is used up: park the message in the dead-letter store. Until it is parked
   * it stays queued but not delivered; when there is no store, or parking fails, it is delivered
   * again after the longest backoff: nothing is dropped.
   */
  private giveUp(durable: Durable, pending: Pending, err: unknown) {
    const { message } = pending;
    const context = { durable: durable.name, subject: message.subject, msgId: message.id };
    const keep = () => {
      pending.readyAt = Date.now() + this.maxBackoffMs;
      this.schedulePump(durable);
    };
    if (!this.deadLetters) {
      this.logger.error(
        { ...context, attempts: pending.deliveries, err },
        'message not handled within its delivery budget; kept for redelivery',
      );
      keep();
      return;
    }
    pending.readyAt = Number.POSITIVE_INFINITY;
    const delivery: BusMessage<unknown> = {
      id: message.id,
      subject: message.subject,
      data: JSON.parse(message.payload),
      headers: { ...message.headers },
      attempt: pending.deliveries,
    };
    this.deadLetters.park(durable.name, delivery, err).then(
      () => this.remove(durable, pending),
      (parkError: unknown) => {
        this.logger.error(
          { ...context, err, parkError },
          'message could not be parked in the dead-letter store; kept for redelivery',
        );
        keep();
      },
    );
  }

  private remove(durable: Durable, pending: Pending) {
    clearTimeout(pending.ackTimer);
    const index = durable.queue.indexOf(pending);
    if (index >= 0) durable.queue.splice(index, 1);
  }
}
