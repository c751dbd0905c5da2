import {
  AckPolicy,
  type ConnectionOptions,
  type ConsumerConfig,
  type ConsumerMessages,
  connect,
  DeliverPolicy,
  ErrorCode,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgHdrs,
  type NatsConnection,
  NatsError,
  type Subscription as NatsSubscription,
  nanos,
  headers as natsHeaders,
  ReplayPolicy,
  StorageType,
  type StreamConfig,
} from 'nats';
import { injectTraceHeaders, inSpan, SpanKind } from '../telemetry/tracing.js';
import type { DeadLetters } from './dead-letters.js';
import { BusRequestError, errorEnvelope, openEnvelope, type ReplyEnvelope } from './errors.js';
import { silentLogger } from './logger.js';
import {
  assertEventFilter,
  assertEventSubject,
  assertLiveSubject,
  assertRpcSubject,
  EVENT_STREAM,
  EVENT_STREAM_SUBJECTS,
  MAX_HANDLER_MS,
  redeliveryDelayMs,
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

export interface NatsBusOptions {
  /** nats://[user:pass@|token@]host:port, several separated by commas. */
  url: string;
  /** Connection name shown by the server (e.g. the service name). */
  name?: string;
  logger?: Logger;
  /** Window in which the stream drops a repeated Nats-Msg-Id (default 2 min). */
  duplicateWindowMs?: number;
  /** How long the stream keeps events (default 7 days). */
  maxAgeMs?: number;
  /** First redelivery delay after a handler throws, doubled each time (default 1 s). */
  redeliveryBackoffMs?: number;
  maxRedeliveryBackoffMs?: number;
  defaultAckWaitMs?: number;
  defaultMaxDeliver?: number;
  /** Wait for the PubAck this long (default 5 s). */
  publishTimeoutMs?: number;
  /** Where messages go after their delivery budget; without it they are never given up. */
  deadLetters?: DeadLetters;
  /** A running handler keeps its message this long at most (default MAX_HANDLER_MS, 1 h). */
  maxHandlerMs?: number;
  /**
   * After two requests in a row on a subject time out (the responder is hung, or its database is
   * away), requests on it are refused at once for this long (default 5 s) instead of each waiting
   * out its timeout; then it is asked again.
   */
  requestBreakerMs?: number;
}

const RPC_QUEUE = 'porta-rpc';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value ?? null));
}

function isNotFound(err: unknown): boolean {
  return err instanceof NatsError && err.api_error?.code === 404;
}

function toNatsHeaders(record: Record<string, string>): MsgHdrs {
  const h = natsHeaders();
  for (const [key, value] of Object.entries(record)) h.set(key, value);
  return h;
}

function fromNatsHeaders(h: MsgHdrs | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!h) return record;
  for (const key of h.keys()) {
    if (key.toLowerCase().startsWith('nats-')) continue;
    record[key] = h.get(key);
  }
  return record;
}

/** Connection options from a URL list, taking credentials out of the URLs. */
function connectionOptions(url: string, name: string | undefined): ConnectionOptions {
  const options: ConnectionOptions = {
    name: name ?? 'porta',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  };
  const servers: string[] = [];
  for (const raw of url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const parsed = new URL(raw);
    if (parsed.username && parsed.password) {
      options.user = decodeURIComponent(parsed.username);
      options.pass = decodeURIComponent(parsed.password);
    } else if (parsed.username) {
      options.token = decodeURIComponent(parsed.username);
    }
    servers.push(
      `${parsed.hostname.includes(':') ? `[${parsed.hostname}]` : parsed.hostname}:${parsed.port || 4222}`,
    );
  }
  options.servers = servers;
  return options;
}

interface ActiveConsumer {
  stop(): Promise<void>;
}

/**
 * The bus over NATS: events in the JetStream stream `PORTA_EVENTS` (subjects `*.*.*.v1`, file
 * storage, a duplicate window keyed by `Nats-Msg-Id`), durable pull consumers with explicit
 * acks, and request/reply on core NATS `rpc.` subjects with a queue group.
 */
export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private readonly consumers = new Set<ActiveConsumer>();
  private readonly responders = new Set<Subscription>();
  private readonly reconnectListeners = new Set<() => void>();
  private closing: Promise<void> | undefined;
  /** False between a 'disconnect' and the next 'reconnect' of the connection. */
  private connected = true;
  /** Per request subject: timeouts in a row, and until when requests are refused at once. */
  private readonly breakers = new Map<string, { timeouts: number; openUntil: number }>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
    private readonly logger: Logger,
  ) {}

  /** Connect and make sure the event stream exists with the expected configuration. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const logger = options.logger ?? silentLogger;
    const nc = await connect(connectionOptions(options.url, options.name));
    try {
      const jsm = await nc.jetstreamManager();
      const bus = new NatsBus(nc, nc.jetstream(), jsm, options, logger);
      await bus.ensureStream();
      bus.watchStatus();
      logger.info({ server: nc.getServer(), stream: EVENT_STREAM }, 'connected to NATS');
      return bus;
    } catch (err) {
      logger.error({ err, url: redact(options.url) }, 'NATS JetStream setup failed');
      await nc.close().catch(() => undefined);
      throw err;
    }
  }

  private watchStatus() {
    void (async () => {
      for await (const status of this.nc.status()) {
        const entry = { type: status.type, data: status.data };
        if (status.type === 'disconnect') this.connected = false;
        if (status.type === 'disconnect' || status.type === 'error')
          this.logger.warn(entry, 'NATS connection');
        else if (status.type === 'reconnect') {
          this.connected = true;
          this.logger.info(entry, 'NATS reconnected');
          for (const listener of this.reconnectListeners) {
            try {
              listener();
            } catch (err) {
              this.logger.warn({ err }, 'reconnect listener failed');
            }
          }
        }
      }
    })().catch((err: unknown) => this.logger.error({ err }, 'NATS status watcher failed'));
    void this.nc.closed().then((err) => {
      if (err) this.logger.error({ err }, 'NATS connection closed with an error');
    });
  }

  /** Create the stream, or update it when its configuration differs; safe to race. */
  async ensureStream(): Promise<void> {
    const wanted: Partial<StreamConfig> = {
      name: EVENT_STREAM,
      subjects: EVENT_STREAM_SUBJECTS,
      storage: StorageType.File,
      duplicate_window: nanos(this.options.duplicateWindowMs ?? 120_000),
      max_age: nanos(this.options.maxAgeMs ?? 7 * 24 * 3600_000),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      let current: StreamConfig | undefined;
      try {
        current = (await this.jsm.streams.info(EVENT_STREAM)).config;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      try {
        if (!current) {
          await this.jsm.streams.add(wanted);
          this.logger.info({ stream: EVENT_STREAM }, 'event stream created');
          return;
        }
        if (current.storage !== StorageType.File) {
          this.logger.warn(
            { stream: EVENT_STREAM, storage: current.storage },
            'event stream is not file-backed',
          );
        }
        const same =
          current.duplicate_window === wanted.duplicate_window &&
          current.max_age === wanted.max_age &&
          [...current.subjects].sort().join() === [...EVENT_STREAM_SUBJECTS].sort().join();
        if (same) return;
        await this.jsm.streams.update(EVENT_STREAM, {
          ...current,
          subjects: EVENT_STREAM_SUBJECTS,
          duplicate_window: wanted.duplicate_window!,
          max_age: wanted.max_age!,
        });
        this.logger.info({ stream: EVENT_STREAM }, 'event stream updated');
        return;
      } catch (err) {
        // Another process created or updated it at the same moment: look again.
        this.logger.warn({ err, stream: EVENT_STREAM, attempt }, 'event stream setup raced; retrying');
      }
    }
    throw new Error(`could not create or update the stream ${EVENT_STREAM}`);
  }

  async publish(subject: string, data: unknown, options: PublishOptions): Promise<void> {
    assertEventSubject(subject);
    if (!options.msgId) throw new Error(`publish to ${subject} needs a msgId`);
    // While the connection is down a publish would wait out its acknowledgement timeout in the
    // client's buffer; the outbox keeps the event, so refuse now and let the relay come back on
    // the reconnect.
    if (!this.connected) throw new Error(`the broker is out of reach; ${subject} not published`);
    const headers = toNatsHeaders({ ...injectTraceHeaders(), ...options.headers });
    try {
      const ack = await this.js.publish(subject, encodeJson(data), {
        msgID: options.msgId,
        headers,
        timeout: this.options.publishTimeoutMs ?? 5_000,
      });
      if (ack.duplicate) this.logger.debug({ subject, msgId: options.msgId }, 'duplicate publish dropped');
    } catch (err) {
      this.logger.error({ err, subject, msgId: options.msgId }, 'publish failed');
      throw err;
    }
  }

  async subscribe<T = unknown>(
    subject: string,
    handler: MessageHandler<T>,
    options: SubscribeOptions,
  ): Promise<Subscription> {
    assertEventFilter(subject);
    if (this.closing) throw new Error('the bus is closed');
    const durable = options.durable;
    if (!/^[A-Za-z0-9_-]+$/.test(durable)) {
      throw new Error(`durable name "${durable}" may hold letters, digits, "-" and "_" only`);
    }
    const ackWaitMs = options.ackWaitMs ?? this.options.defaultAckWaitMs ?? 30_000;
    const maxDeliver = options.maxDeliver ?? this.options.defaultMaxDeliver ?? 10;
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const context = { durable, subject };
    let messages: ConsumerMessages;
    try {
      await this.ensureConsumer(subject, durable, ackWaitMs);
      const consumer = await this.js.consumers.get(EVENT_STREAM, durable);
      messages = await consumer.consume({ max_messages: Math.max(2, concurrency * 2) });
    } catch (err) {
      this.logger.error({ ...context, err }, 'subscribe failed');
      throw err;
    }
    const running = new Set<Promise<void>>();
    let slotFree: (() => void) | undefined;
    let stopping = false;

    const loop = (async () => {
      for await (const m of messages) {
        while (running.size >= concurrency && !stopping) {
          await new Promise<void>((resolve) => {
            slotFree = resolve;
          });
        }
        if (stopping) {
          // Pulled but not started: hand it back for another instance at once.
          this.settle({ ...context, msgId: m.headers?.get('Nats-Msg-Id') }, 'nak', () => m.nak());
          continue;
        }
        const run = this.handle(m, durable, maxDeliver, ackWaitMs, handler as MessageHandler<unknown>);
        running.add(run);
        void run.finally(() => {
          running.delete(run);
          slotFree?.();
          slotFree = undefined;
        });
      }
    })().catch((err: unknown) => this.logger.error({ ...context, err }, 'consumer loop failed'));

    void (async () => {
      for await (const status of await messages.status()) {
        if (status.type === 'heartbeats_missed' || status.type === 'consumer_not_found') {
          this.logger.warn({ ...context, status: status.type, data: status.data }, 'consumer status');
        }
      }
    })().catch(() => undefined);

    const detach = this.options.deadLetters?.attach(durable, handler as MessageHandler<unknown>);
    this.logger.info({ ...context, ackWaitMs, maxDeliver, concurrency }, 'subscribed');
    let stopped: Promise<void> | undefined;
    const active: ActiveConsumer = {
      stop: () => {
        stopped ??= (async () => {
          stopping = true;
          detach?.();
          this.consumers.delete(active);
          await messages
            .close()
            .catch((err: unknown) => this.logger.warn({ ...context, err }, 'consumer close'));
          slotFree?.();
          await loop;
          await Promise.allSettled([...running]);
        })();
        return stopped;
      },
    };
    this.consumers.add(active);
    return active;
  }

  /**
   * The durable on the server delivers without limit (max_deliver -1): the budget is counted here,
   * where a message that used it up is parked rather than left undelivered on the server.
   */
  private async ensureConsumer(filter: string, durable: string, ackWaitMs: number) {
    const maxDeliver = -1;
    const wanted: Partial<ConsumerConfig> = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(ackWaitMs),
      max_deliver: maxDeliver,
      filter_subject: filter,
      deliver_policy: DeliverPolicy.All,
      replay_policy: ReplayPolicy.Instant,
    };
    let current: ConsumerConfig | undefined;
    try {
      current = (await this.jsm.consumers.info(EVENT_STREAM, durable)).config;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (!current) {
      try {
        await this.jsm.consumers.add(EVENT_STREAM, wanted);
        this.logger.info({ durable, filter }, 'durable consumer created');
        return;
      } catch (err) {
        // Created by another instance meanwhile?
        current = (await this.jsm.consumers.info(EVENT_STREAM, durable).catch(() => undefined))?.config;
        if (!current) throw err;
      }
    }
    if (
      current.filter_subject === filter &&
      current.ack_wait === wanted.ack_wait &&
      current.max_deliver === wanted.max_deliver
    ) {
      return;
    }
    try {
      await this.jsm.consumers.update(EVENT_STREAM, durable, {
        ack_wait: wanted.ack_wait!,
        max_deliver: maxDeliver,
        filter_subject: filter,
      });
      this.logger.info({ durable, filter }, 'durable consumer updated');
    } catch (err) {
      this.logger.error(
        { err, durable, filter, currentFilter: current.filter_subject },
        'durable consumer exists with another configuration and cannot be updated',
      );
      throw err;
    }
  }

  private async handle(
    m: JsMsg,
    durable: string,
    maxDeliver: number,
    ackWaitMs: number,
    handler: MessageHandler<unknown>,
  ) {
    const msgId = m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`;
    const context = { durable, subject: m.subject, msgId, attempt: m.info.deliveryCount };
    let data: unknown;
    try {
      data = JSON.parse(decoder.decode(m.data));
    } catch (err) {
      this.logger.error({ ...context, err }, 'message is not JSON; terminated');
      this.settle(context, 'term', () => m.term('not JSON'));
      return;
    }
    const message: BusMessage<unknown> = {
      id: msgId,
      subject: m.subject,
      data,
      headers: fromNatsHeaders(m.headers),
      attempt: m.info.deliveryCount,
    };
    const started = Date.now();
    const maxHandlerMs = this.options.maxHandlerMs ?? MAX_HANDLER_MS;
    const working = setInterval(
      () => {
        if (Date.now() - started > maxHandlerMs) {
          clearInterval(working);
          this.logger.error(
            { ...context },
            'handler still running after the longest time; left to redeliver',
          );
          return;
        }
        this.settle(context, 'working', () => m.working());
      },
      Math.max(250, Math.floor(ackWaitMs / 3)),
    );
    try {
      await handleInSpan('nats', durable, message, handler);
    } catch (err) {
      clearInterval(working);
      if (m.info.deliveryCount >= maxDeliver) {
        await this.giveUp(m, durable, message, err, context);
        return;
      }
      const delayMs = this.redeliveryDelay(m.info.deliveryCount);
      this.logger.warn({ ...context, err, delayMs }, 'handler failed; redelivering');
      this.settle(context, 'nak', () => m.nak(delayMs));
      return;
    }
    clearInterval(working);
    this.settle(context, 'ack', () => m.ack());
    this.options.deadLetters?.handled(durable);
  }

  private redeliveryDelay(deliveryCount: number): number {
    return redeliveryDelayMs(
      deliveryCount,
      this.options.redeliveryBackoffMs ?? 1_000,
      this.options.maxRedeliveryBackoffMs ?? 60_000,
    );
  }

  /**
   * The delivery budget is used up: park the message in the dead-letter store and acknowledge it.
   * When there is no store, or parking fails (its database is away too), the message stays on the
   * server and comes again after the longest backoff: nothing is dropped.
   */
  private async giveUp(
    m: JsMsg,
    durable: string,
    message: BusMessage<unknown>,
    err: unknown,
    context: object,
  ) {
    const store = this.options.deadLetters;
    if (store) {
      try {
        await store.park(durable, message, err);
        this.settle(context, 'ack', () => m.ack());
        return;
      } catch (parkError) {
        this.logger.error(
          { ...context, err, parkError },
          'message could not be parked in the dead-letter store; kept for redelivery',
        );
      }
    } else {
      this.logger.error(
        { ...context, err },
        'message not handled within its delivery budget; kept for redelivery',
      );
    }
    const delayMs = this.options.maxRedeliveryBackoffMs ?? 60_000;
    this.settle(context, 'nak', () => m.nak(delayMs));
  }

  /** Acknowledge (or nak, or term); when the connection is gone the server redelivers anyway. */
  private settle(context: object, what: 'ack' | 'nak' | 'term' | 'working', fn: () => void) {
    try {
      fn();
    } catch (err) {
      this.logger.warn({ ...context, err }, `${what} failed; the message will be redelivered`);
    }
  }

  async request<T = unknown>(
    subject: string,
    data: unknown,
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    assertRpcSubject(subject);
    const timeout = options.timeoutMs ?? 5_000;
    // While the connection is down a request would only wait out its timeout: refuse it now.
    if (!this.connected) {
      throw new BusRequestError('DISCONNECTED', subject, `the broker is out of reach; ${subject} not asked`);
    }
    const breaker = this.breakers.get(subject);
    if (breaker && breaker.openUntil > Date.now()) {
      throw new BusRequestError('TIMEOUT', subject, `${subject} has not been answering; not asked`);
    }
    return inSpan(
      `${subject} request`,
      { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.method': subject } },
      async () => {
        let reply: Uint8Array;
        try {
          const m = await this.nc.request(subject, encodeJson(data), {
            timeout,
            headers: toNatsHeaders(injectTraceHeaders()),
          });
          reply = m.data;
          this.breakers.delete(subject);
        } catch (err) {
          if (err instanceof NatsError && err.code === ErrorCode.NoResponders) {
            throw new BusRequestError('NO_RESPONDERS', subject, `no responders on ${subject}`);
          }
          if (err instanceof NatsError && err.code === ErrorCode.Timeout) {
            const state = this.breakers.get(subject) ?? { timeouts: 0, openUntil: 0 };
            state.timeouts += 1;
            if (state.timeouts >= 2) {
              state.openUntil = Date.now() + (this.options.requestBreakerMs ?? 5_000);
              this.logger.warn(
                { subject, timeouts: state.timeouts },
                'requests time out; refused at once for a while',
              );
            }
            this.breakers.set(subject, state);
            throw new BusRequestError('TIMEOUT', subject, `request to ${subject} timed out`);
          }
          if (err instanceof NatsError && err.code === ErrorCode.ConnectionClosed) {
            throw new BusRequestError('CLOSED', subject, 'the bus is closed');
          }
          this.logger.error({ err, subject }, 'request failed');
          throw err;
        }
        return openEnvelope<T>(subject, JSON.parse(decoder.decode(reply)));
      },
    );
  }

  async reply(subject: string, handler: (data: unknown) => Promise<unknown>): Promise<Subscription> {
    assertRpcSubject(subject);
    if (this.closing) throw new Error('the bus is closed');
    const running = new Set<Promise<void>>();
    const sub: NatsSubscription = this.nc.subscribe(subject, {
      queue: RPC_QUEUE,
      callback: (err, m) => {
        if (err) {
          this.logger.error({ err, subject }, 'responder subscription failed');
          return;
        }
        const run = (async () => {
          let envelope: ReplyEnvelope;
          try {
            const data: unknown = JSON.parse(decoder.decode(m.data));
            const result = await replyInSpan('nats', subject, fromNatsHeaders(m.headers), () =>
              handler(data),
            );
            envelope = { ok: true, data: result ?? null };
          } catch (error) {
            this.logger.warn({ err: error, subject }, 'responder failed');
            envelope = errorEnvelope(error);
          }
          try {
            if (!m.respond(encodeJson(envelope)))
              this.logger.warn({ subject }, 'request without a reply subject');
          } catch (error) {
            // Too large for the server's max_payload, most likely: tell the requester at once
            // rather than leave it waiting for its timeout.
            this.logger.warn({ err: error, subject }, 'reply could not be sent');
            const reason = error instanceof Error ? error.message : String(error);
            try {
              m.respond(
                encodeJson(
                  errorEnvelope(
                    Object.assign(new Error(`the reply on ${subject} could not be sent: ${reason}`), {
                      code: 'REPLY_NOT_SENT',
                    }),
                  ),
                ),
              );
            } catch (again) {
              this.logger.warn({ err: again, subject }, 'the error reply could not be sent either');
            }
          }
        })();
        running.add(run);
        void run.finally(() => running.delete(run));
      },
    });
    let stopped: Promise<void> | undefined;
    const subscription: Subscription = {
      stop: () => {
        stopped ??= (async () => {
          this.responders.delete(subscription);
          if (!sub.isClosed()) {
            await sub.drain().catch((err: unknown) => this.logger.warn({ err, subject }, 'responder drain'));
          }
          await Promise.allSettled([...running]);
        })();
        return stopped;
      },
    };
    this.responders.add(subscription);
    // Resolve once the server knows the subscription, so that a request sent next finds it.
    await this.nc.flush();
    return subscription;
  }

  async broadcast(subject: string, data: unknown): Promise<void> {
    assertLiveSubject(subject);
    if (this.closing) throw new Error('the bus is closed');
    this.nc.publish(subject, encodeJson(data));
  }

  async listen<T = unknown>(subject: string, handler: (data: T) => void): Promise<Subscription> {
    assertLiveSubject(subject);
    if (this.closing) throw new Error('the bus is closed');
    const sub = this.nc.subscribe(subject, {
      callback: (err, m) => {
        if (err) {
          this.logger.error({ err, subject }, 'listener subscription failed');
          return;
        }
        try {
          handler(JSON.parse(decoder.decode(m.data)) as T);
        } catch (error) {
          this.logger.warn({ err: error, subject }, 'listener failed');
        }
      },
    });
    const subscription: Subscription = {
      stop: async () => {
        this.responders.delete(subscription);
        if (!sub.isClosed()) sub.unsubscribe();
      },
    };
    // Stopped with the responders on close.
    this.responders.add(subscription);
    await this.nc.flush();
    return subscription;
  }

  async ping(): Promise<void> {
    if (!this.connected || this.nc.isClosed()) throw new Error('the broker is out of reach');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.nc.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the broker did not answer within 2 s')), 2_000);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Stop consumers and responders (waiting for their handlers), then drain the connection. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.allSettled([...this.consumers].map((c) => c.stop()));
      await Promise.allSettled([...this.responders].map((r) => r.stop()));
      if (!this.nc.isClosed()) {
        try {
          await this.nc.drain();
        } catch (err) {
          this.logger.warn({ err }, 'NATS drain failed; closing');
          await this.nc.close().catch(() => undefined);
        }
      }
      this.logger.info({}, 'NATS connection closed');
    })();
    return this.closing;
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//***@');
}
