import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { connect as connectNats, type JetStreamManager } from 'nats';
import type { z } from 'zod';
import {
  type Bus,
  type BusMessage,
  type Database,
  type EnqueueOptions,
  EVENT_STREAM,
  type JobDefinition,
  type Jobs,
  type Logger,
  type MessageHandler,
  NatsBus,
  openDatabase,
  type PublishOptions,
  type RepeatOptions,
  type SubscribeOptions,
  type Subscription,
} from '../index.js';
import { integrationServiceUrls } from './services.js';

/*
 * Helpers for the services' integration tests on the real PostgreSQL, NATS JetStream and
 * Redis (*.itest.ts). Every run works in its own databases, under its own subjects, durable
 * consumers and BullMQ prefix, so that runs, the browser tests' cluster and anything else on the
 * same servers never see each other's messages, requests or jobs.
 */

export const itUrls = integrationServiceUrls();

/** A name part unique to this run: lower-case letters and digits. */
export function runId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

// --- Databases ------------------------------------------------------------------------------

/** The URL of another database on the test PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(itUrls.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(fn: (admin: Database) => Promise<T>): Promise<T> {
  const admin = await openDatabase({ url: itUrls.DATABASE_URL, poolSize: 1 });
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

function assertDatabaseName(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name "${name}"`);
}

export async function createDatabases(...names: string[]): Promise<void> {
  for (const name of names) assertDatabaseName(name);
  await onServer(async (admin) => {
    for (const name of names) await admin.query(`create database ${name}`);
  });
}

export async function dropDatabases(...names: string[]): Promise<void> {
  for (const name of names) assertDatabaseName(name);
  await onServer(async (admin) => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
  });
}

// --- The bus under this run's names ---------------------------------------------------------

/** First tokens of event subjects some NamespacedBus mapped (what cleanupNats purges). */
const mappedServices = new Set<string>();

export interface Delivery {
  durable: string;
  subject: string;
  id: string;
  attempt: number;
}

/**
 * A bus that renames what it sends to the real one so that one test run is alone on a shared
 * NATS server, keeping the number and kind of tokens (the real adapter still checks them):
 * an event subject `svc.entity.verb.v1` becomes `svc-<ns>.entity.verb.v1` (still in the one
 * stream `*.*.*.v1`), `rpc.a.b` becomes `rpc.<ns>.a.b` and a durable `d` becomes `<ns>-d`.
 * Handlers see the original subjects. It also records requests and deliveries for assertions.
 */
export class NamespacedBus implements Bus {
  readonly kind: Bus['kind'];
  /** Request subjects (original names) with what was asked, in order. */
  readonly requests: { subject: string; data: unknown }[] = [];
  /** Messages handed to this bus's subscribers (original subjects and durables). */
  readonly deliveries: Delivery[] = [];

  constructor(
    readonly inner: Bus,
    readonly ns: string,
  ) {
    if (!/^[a-z0-9]+$/.test(ns)) throw new Error(`namespace "${ns}" must be lower-case letters and digits`);
    this.kind = inner.kind;
  }

  /** The subject on the real bus of an event subject or filter. */
  event(subject: string): string {
    const [service, ...rest] = subject.split('.');
    if (!service || service === '*' || service === '>') {
      throw new Error(`cannot keep "${subject}" apart: its service token is a wildcard`);
    }
    const mapped = `${service}-${this.ns}`;
    mappedServices.add(mapped);
    return [mapped, ...rest].join('.');
  }

  private original(subject: string): string {
    const [service, ...rest] = subject.split('.');
    const suffix = `-${this.ns}`;
    if (!service?.endsWith(suffix)) throw new Error(`message on "${subject}" is not of run ${this.ns}`);
    return [service.slice(0, -suffix.length), ...rest].join('.');
  }

  rpc(subject: string): string {
    const [first, ...rest] = subject.split('.');
    if (first !== 'rpc') return subject; // the real adapter refuses it with its own message
    return ['rpc', this.ns, ...rest].join('.');
  }

  durable(name: string): string {
    return `${this.ns}-${name}`;
  }

  publish(subject: string, data: unknown, options: PublishOptions): Promise<void> {
    return this.inner.publish(this.event(subject), data, options);
  }

  subscribe<T = unknown>(
    subject: string,
    handler: MessageHandler<T>,
    options: SubscribeOptions,
  ): Promise<Subscription> {
    return this.inner.subscribe<T>(
      this.event(subject),
      async (message: BusMessage<T>) => {
        const renamed = { ...message, subject: this.original(message.subject) };
        this.deliveries.push({
          durable: options.durable,
          subject: renamed.subject,
          id: message.id,
          attempt: message.attempt,
        });
        await handler(renamed);
      },
      { ...options, durable: this.durable(options.durable) },
    );
  }

  /** `live.a` becomes `live.<ns>.a`. */
  live(subject: string): string {
    const [first, ...rest] = subject.split('.');
    if (first !== 'live') return subject; // the real adapter refuses it with its own message
    return ['live', this.ns, ...rest].join('.');
  }

  broadcast(subject: string, data: unknown): Promise<void> {
    return this.inner.broadcast(this.live(subject), data);
  }

  listen<T = unknown>(subject: string, handler: (data: T) => void): Promise<Subscription> {
    return this.inner.listen<T>(this.live(subject), handler);
  }

  request<T = unknown>(subject: string, data: unknown, options?: { timeoutMs?: number }): Promise<T> {
    this.requests.push({ subject, data });
    return this.inner.request<T>(this.rpc(subject), data, options);
  }

  reply(subject: string, handler: (data: unknown) => Promise<unknown>): Promise<Subscription> {
    return this.inner.reply(this.rpc(subject), handler);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  onReconnect(listener: () => void): () => void {
    return this.inner.onReconnect(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A NATS JetStream connection (as one process would open it) under this run's names. */
export async function natsBus(ns: string, name: string, logger?: Logger): Promise<NamespacedBus> {
  const inner = await NatsBus.connect({
    url: itUrls.NATS_URL,
    name: `it-${ns}-${name}`,
    redeliveryBackoffMs: 200,
    ...(logger ? { logger } : {}),
  });
  return new NamespacedBus(inner, ns);
}

async function withJetStream<T>(fn: (jsm: JetStreamManager) => Promise<T>): Promise<T> {
  const nc = await connectNats({ servers: itUrls.NATS_URL.replace(/^nats:\/\//, '') });
  try {
    return await fn(await nc.jetstreamManager());
  } finally {
    await nc.close();
  }
}

/** How many messages the event stream holds on one subject (a name on the real bus). */
export function streamCount(subject: string): Promise<number> {
  return withJetStream(async (jsm) => {
    const info = await jsm.streams.info(EVENT_STREAM, { subjects_filter: subject });
    return info.state.subjects?.[subject] ?? 0;
  });
}

/** Delete this run's durable consumers and purge its subjects from the event stream. */
export function cleanupNats(ns: string): Promise<void> {
  return withJetStream(async (jsm) => {
    const mine: string[] = [];
    for await (const consumer of jsm.consumers.list(EVENT_STREAM)) {
      if (consumer.name.startsWith(`${ns}-`)) mine.push(consumer.name);
    }
    for (const name of mine) await jsm.consumers.delete(EVENT_STREAM, name);
    for (const service of mappedServices) {
      if (service.endsWith(`-${ns}`)) await jsm.streams.purge(EVENT_STREAM, { filter: `${service}.*.*.v1` });
    }
  });
}

// --- Jobs -----------------------------------------------------------------------------------

/** Jobs that count the finished runs of each job name (a handler that throws is not counted). */
export class CountingJobs implements Jobs {
  readonly kind: Jobs['kind'];
  readonly runs = new Map<string, number>();

  constructor(readonly inner: Jobs) {
    this.kind = inner.kind;
  }

  register(definition: JobDefinition): void {
    this.inner.register({
      ...definition,
      handler: async (payload, context) => {
        await definition.handler(payload, context);
        this.runs.set(definition.name, (this.runs.get(definition.name) ?? 0) + 1);
      },
    });
  }

  enqueue<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, options: EnqueueOptions) {
    return this.inner.enqueue(definition, payload, options);
  }

  repeat<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, options: RepeatOptions) {
    return this.inner.repeat(definition, payload, options);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Remove every Redis key under a BullMQ prefix. */
export async function cleanupRedis(prefix: string): Promise<void> {
  const redis = new Redis(itUrls.REDIS_URL, { maxRetriesPerRequest: null });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

// --- Logging --------------------------------------------------------------------------------

export interface RecordedLog {
  level: 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger that keeps warnings and errors (and shows them) and drops the rest. */
export function recordingLogger(name: string): Logger & { records: RecordedLog[] } {
  const records: RecordedLog[] = [];
  const keep = (level: RecordedLog['level']) => (obj: object, msg?: string) => {
    records.push({ level, msg: msg ?? '', obj });
    const err = (obj as { err?: unknown }).err;
    console.warn(
      `[${name}] ${level}: ${msg ?? ''}${err ? ` (${err instanceof Error ? err.message : err})` : ''}`,
    );
  };
  return { records, debug() {}, info() {}, warn: keep('warn'), error: keep('error') };
}

/**
 * What a test opened, released last-opened first. Every closer runs even when one fails (the
 * first failure is thrown at the end), so that connections never keep vitest from exiting.
 */
export class Closers {
  private readonly list: { name: string; close: () => unknown }[] = [];

  add(name: string, close: () => unknown): void {
    this.list.push({ name, close });
  }

  async closeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (const { name, close } of this.list.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        failures.push(new Error(`closing ${name} failed`, { cause: error }));
      }
    }
    if (failures.length) throw failures[0];
  }
}

/** Run start with a fresh Closers; when it throws, close what it had opened. */
export async function opening<T>(start: (closers: Closers) => Promise<T>): Promise<T> {
  const closers = new Closers();
  try {
    return await start(closers);
  } catch (error) {
    await closers.closeAll().catch(() => undefined);
    throw error;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
