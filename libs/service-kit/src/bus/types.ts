/**
 * The event bus: one interface, two adapters (NATS JetStream for the distributed mode, in-process
 * for the embedded mode) with the same guarantees: at-least-once delivery to durable consumers,
 * redelivery until acknowledged, de-duplication of publishes by message id.
 *
 * Event subjects are `<service>.<entity>.<verb>.v1`; request/reply subjects start with `rpc.`.
 */
export interface BusMessage<T = unknown> {
  /** The message id (the outbox id for events relayed from an outbox). */
  id: string;
  subject: string;
  data: T;
  headers: Record<string, string>;
  /** 1 on first delivery, then 2, 3… */
  attempt: number;
}

export interface PublishOptions {
  /** De-duplication id (NATS `Nats-Msg-Id`). */
  msgId: string;
  headers?: Record<string, string>;
}

export interface SubscribeOptions {
  /**
   * Durable consumer name; deliveries survive restarts and are shared by its instances. A new
   * durable starts with every message still kept for its subject.
   */
  durable: string;
  /** Redeliver when not acknowledged within this time (default 30 s). */
  ackWaitMs?: number;
  /**
   * Deliveries a message gets before it is parked in the dead-letter store (default 10): logged,
   * counted, and replayed to the handler later (see DeadLetters). Without a store the message is
   * never given up: it keeps being redelivered at the longest backoff.
   */
  maxDeliver?: number;
  /** Messages handled at once by this subscriber (default 1). */
  concurrency?: number;
}

/** Handlers acknowledge by returning; throwing asks for redelivery (with a small backoff). */
export type MessageHandler<T = unknown> = (message: BusMessage<T>) => Promise<void>;

export interface Subscription {
  /** Stop taking messages and wait for the handlers in flight. */
  stop(): Promise<void>;
}

export interface Bus {
  readonly kind: 'memory' | 'nats';
  publish(subject: string, data: unknown, options: PublishOptions): Promise<void>;
  subscribe<T = unknown>(
    subject: string,
    handler: MessageHandler<T>,
    options: SubscribeOptions,
  ): Promise<Subscription>;
  /**
   * Request/reply between services on an `rpc.` subject; rejects with a BusRequestError after
   * timeoutMs (default 5 s), when nobody answers, or when the responder throws.
   */
  request<T = unknown>(subject: string, data: unknown, options?: { timeoutMs?: number }): Promise<T>;
  /** Answer requests on an `rpc.` subject; several responders share the requests. */
  reply(subject: string, handler: (data: unknown) => Promise<unknown>): Promise<Subscription>;
  /**
   * Send to every listener of a `live.` subject in every process, at most once, keeping nothing
   * (a listener that is not there when it is sent never gets it).
   */
  broadcast(subject: string, data: unknown): Promise<void>;
  /** Listen to a `live.` subject; every listener gets every broadcast sent while it listens. */
  listen<T = unknown>(subject: string, handler: (data: T) => void): Promise<Subscription>;
  /** Answers when the broker is reachable now; rejects at once while the connection is down. */
  ping(): Promise<void>;
  /**
   * Call listener each time the connection to the broker is back after it was lost (the outbox
   * relay publishes at once instead of waiting out its backoff). Returns the function that stops
   * listening. The in-process bus never loses its connection.
   */
  onReconnect(listener: () => void): () => void;
  /** Stop every subscription (waiting for handlers in flight) and close the connection. */
  close(): Promise<void>;
}

/** The part of a pino logger the kit uses; a pino or Fastify logger fits. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
