import { randomBytes } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { connect, millis, StorageType } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { startTelemetry, type Telemetry } from '../telemetry/provider.js';
import { integrationServiceUrls, requireService } from '../testing/services.js';
import { until } from '../testing/until.js';
import { DeadLetters } from './dead-letters.js';
import { BusRequestError } from './errors.js';
import { NatsBus } from './nats-bus.js';
import { EVENT_STREAM } from './subjects.js';
import type { BusMessage } from './types.js';

/** How long this file's waits may take. */
const WAIT_MS = 15_000;

const urls = integrationServiceUrls();
const natsUp = await requireService('NATS', urls.NATS_URL);

const run = randomBytes(4).toString('hex');
/** A subject of this run only, so that runs and other tests never see each other's events. */
const subjectOf = (entity: string) => `it${run}.${entity}.created.v1`;
const durableOf = (name: string) => `it-${run}-${name}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!natsUp)('NatsBus on NATS JetStream', () => {
  let a: NatsBus;
  let b: NatsBus;
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry;

  beforeAll(async () => {
    telemetry = startTelemetry({ serviceName: 'nats-itest', exporter });
    a = await NatsBus.connect({ url: urls.NATS_URL, name: 'itest-a', redeliveryBackoffMs: 100 });
    b = await NatsBus.connect({ url: urls.NATS_URL, name: 'itest-b', redeliveryBackoffMs: 100 });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const nc = await connect({ servers: urls.NATS_URL.replace(/^nats:\/\//, '') });
    const jsm = await nc.jetstreamManager();
    for await (const consumer of jsm.consumers.list(EVENT_STREAM)) {
      if (consumer.name.startsWith(`it-${run}-`)) await jsm.consumers.delete(EVENT_STREAM, consumer.name);
    }
    await jsm.streams.purge(EVENT_STREAM, { filter: `it${run}.*.*.v1` });
    await nc.close();
    await telemetry?.shutdown();
  });

  it('keeps one file-backed stream with a 2-minute duplicate window, idempotently', async () => {
    const again = await NatsBus.connect({ url: urls.NATS_URL, name: 'itest-again' });
    await again.close();
    const nc = await connect({ servers: urls.NATS_URL.replace(/^nats:\/\//, '') });
    const info = await (await nc.jetstreamManager()).streams.info(EVENT_STREAM);
    await nc.close();
    expect(info.config.subjects).toEqual(['*.*.*.v1']);
    expect(info.config.storage).toBe(StorageType.File);
    expect(millis(info.config.duplicate_window)).toBe(120_000);
  });

  it('shares a durable between instances and delivers messages published before it existed', async () => {
    const subject = subjectOf('shared');
    for (let i = 0; i < 5; i++) await a.publish(subject, { i }, { msgId: `${run}-early-${i}` });
    const onA: BusMessage[] = [];
    const onB: BusMessage[] = [];
    const options = { durable: durableOf('shared') };
    await a.subscribe(subject, async (m) => void onA.push(m), options);
    await b.subscribe(subject, async (m) => void onB.push(m), options);
    for (let i = 5; i < 40; i++)
      await b.publish(subject, { i }, { msgId: `${run}-late-${i}`, headers: { 'x-n': `${i}` } });
    await until(() => onA.length + onB.length >= 40, WAIT_MS);
    await sleep(300);
    const all = [...onA, ...onB];
    expect(all).toHaveLength(40);
    expect(new Set(all.map((m) => (m.data as { i: number }).i)).size).toBe(40);
    expect(onA.length).toBeGreaterThan(0);
    expect(onB.length).toBeGreaterThan(0);
    const late = all.find((m) => m.id === `${run}-late-7`);
    expect(late).toMatchObject({ subject, data: { i: 7 }, attempt: 1 });
    expect(late?.headers['x-n']).toBe('7');
  });

  it('drops a repeated Nats-Msg-Id', async () => {
    const subject = subjectOf('dedup');
    const got: string[] = [];
    await a.subscribe(subject, async (m) => void got.push(m.id), { durable: durableOf('dedup') });
    await a.publish(subject, { v: 1 }, { msgId: `${run}-same` });
    await b.publish(subject, { v: 2 }, { msgId: `${run}-same` });
    await a.publish(subject, { v: 3 }, { msgId: `${run}-other` });
    await until(() => got.length >= 2, WAIT_MS);
    await sleep(300);
    expect(got).toEqual([`${run}-same`, `${run}-other`]);
  });

  it('redelivers after a throw with backoff, and parks a message in the dead-letter store after maxDeliver', async () => {
    const database = await openDatabase({ url: urls.DATABASE_URL, poolSize: 2 });
    const store = new DeadLetters({ database, replayIntervalMs: 60_000 });
    const c = await NatsBus.connect({
      url: urls.NATS_URL,
      name: 'itest-c',
      redeliveryBackoffMs: 100,
      deadLetters: store,
    });
    try {
      const subject = subjectOf('retry');
      const seen: { id: string; attempt: number; at: number }[] = [];
      await c.subscribe(
        subject,
        async (m) => {
          seen.push({ id: m.id, attempt: m.attempt, at: Date.now() });
          if (m.id.endsWith('poison') || m.attempt < 3) throw new Error('not yet');
        },
        { durable: durableOf('retry'), maxDeliver: 4 },
      );
      await c.publish(subject, { n: 7 }, { msgId: `${run}-flaky` });
      await c.publish(subject, { n: 8 }, { msgId: `${run}-poison` });
      await until(() => seen.filter((s) => s.id.endsWith('poison')).length === 4, WAIT_MS);
      await sleep(1_500);
      const flaky = seen.filter((s) => s.id.endsWith('flaky'));
      expect(flaky.map((s) => s.attempt)).toEqual([1, 2, 3]);
      expect(flaky[1]!.at - flaky[0]!.at).toBeGreaterThanOrEqual(90);
      expect(flaky[2]!.at - flaky[1]!.at).toBeGreaterThanOrEqual(190);
      // Four deliveries, then parked and acknowledged: the server delivers it no more.
      expect(seen.filter((s) => s.id.endsWith('poison')).map((s) => s.attempt)).toEqual([1, 2, 3, 4]);
      const letters = await store.list({ durable: durableOf('retry') });
      expect(letters).toMatchObject([
        {
          messageId: `${run}-poison`,
          subject,
          payload: { n: 8 },
          deliveries: 4,
          lastError: 'Error: not yet',
        },
      ]);
      const nc = await connect({ servers: urls.NATS_URL.replace(/^nats:\/\//, '') });
      const consumer = await (await nc.jetstreamManager()).consumers.info(EVENT_STREAM, durableOf('retry'));
      await nc.close();
      expect(consumer.num_ack_pending + consumer.num_pending).toBe(0);
      expect(consumer.config.max_deliver).toBe(-1);
    } finally {
      await c.close();
      await store.discard({ durable: durableOf('retry') });
      await store.close();
      await database.close();
    }
  });

  it('keeps a message whose handler still runs past ackWait (in progress), and redelivers a hung one', async () => {
    const subject = subjectOf('slow');
    const attempts: number[] = [];
    await a.subscribe(
      subject,
      async (m) => {
        attempts.push(m.attempt);
        if (m.attempt === 1) await sleep(1_500);
      },
      { durable: durableOf('slow'), ackWaitMs: 300, concurrency: 2 },
    );
    await a.publish(subject, {}, { msgId: `${run}-slow` });
    await until(() => attempts.length >= 1, WAIT_MS);
    // Five ack waits while the handler runs: it tells the server it is working, nobody else gets it.
    await sleep(1_700);
    expect(attempts).toEqual([1]);

    const hung = await NatsBus.connect({ url: urls.NATS_URL, name: 'itest-hung', maxHandlerMs: 600 });
    try {
      const hungSubject = subjectOf('hung');
      const hungAttempts: number[] = [];
      await hung.subscribe(
        hungSubject,
        async (m) => {
          hungAttempts.push(m.attempt);
          if (m.attempt === 1) await sleep(3_000);
        },
        { durable: durableOf('hung'), ackWaitMs: 300, concurrency: 2 },
      );
      await hung.publish(hungSubject, {}, { msgId: `${run}-hung` });
      await until(() => hungAttempts.length >= 2, WAIT_MS);
      expect(hungAttempts.slice(0, 2)).toEqual([1, 2]);
    } finally {
      await hung.close();
    }
  });

  it('refuses requests at once for a while after two in a row timed out, then asks again', async () => {
    const breaking = await NatsBus.connect({
      url: urls.NATS_URL,
      name: 'itest-breaker',
      requestBreakerMs: 700,
    });
    try {
      let hung = true;
      await b.reply(`rpc.it${run}.slow.get.v1`, async () => {
        if (hung) await sleep(2_000);
        return 'here';
      });
      const ask = async () => {
        const start = performance.now();
        const error = await breaking.request(`rpc.it${run}.slow.get.v1`, {}, { timeoutMs: 300 }).then(
          () => null,
          (e: unknown) => e,
        );
        return { ms: performance.now() - start, error };
      };
      const first = await ask();
      const second = await ask();
      expect([first.ms, second.ms].every((ms) => ms >= 290)).toBe(true);
      const third = await ask();
      expect(third.error).toMatchObject({ failure: 'TIMEOUT' });
      expect(third.ms).toBeLessThan(50);
      hung = false;
      await sleep(750);
      expect(await breaking.request(`rpc.it${run}.slow.get.v1`, {}, { timeoutMs: 1_000 })).toBe('here');
    } finally {
      await breaking.close();
    }
  });

  it('answers requests across connections and reports no responders, timeouts and remote errors', async () => {
    const served: string[] = [];
    await a.reply(`rpc.it${run}.echo`, async (data) => {
      served.push('a');
      return { echo: data };
    });
    await b.reply(`rpc.it${run}.echo`, async (data) => {
      served.push('b');
      return { echo: data };
    });
    for (let i = 0; i < 10; i++) {
      await expect(a.request(`rpc.it${run}.echo`, { i })).resolves.toEqual({ echo: { i } });
    }
    expect(served).toHaveLength(10);

    await expect(a.request(`rpc.it${run}.nobody`, {})).rejects.toMatchObject({ failure: 'NO_RESPONDERS' });

    await b.reply(`rpc.it${run}.slow`, () => sleep(1_000).then(() => 'late'));
    const timeout = await a.request(`rpc.it${run}.slow`, {}, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(BusRequestError);
    expect((timeout as BusRequestError).failure).toBe('TIMEOUT');

    await b.reply(`rpc.it${run}.failing`, async () => {
      throw Object.assign(new Error('no such apartment'), { code: 'IDN_NOT_FOUND' });
    });
    await expect(a.request(`rpc.it${run}.failing`, {})).rejects.toMatchObject({
      failure: 'REMOTE',
      message: 'no such apartment',
      remoteCode: 'IDN_NOT_FOUND',
    });

    // A reply larger than the server takes is answered with an error at once, not a timeout.
    await b.reply(`rpc.it${run}.huge`, async () => 'x'.repeat(2 * 1024 * 1024));
    const started = Date.now();
    await expect(a.request(`rpc.it${run}.huge`, {}, { timeoutMs: 10_000 })).rejects.toMatchObject({
      failure: 'REMOTE',
      remoteCode: 'REPLY_NOT_SENT',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('carries the trace context from the publisher to the consumer span (e)', async () => {
    const subject = subjectOf('traced');
    let traceInHandler: string | undefined;
    await b.subscribe(
      subject,
      async () => {
        traceInHandler = trace.getActiveSpan()?.spanContext().traceId;
      },
      { durable: durableOf('traced') },
    );
    let publisherTrace = '';
    let publisherSpan = '';
    await trace.getTracer('itest').startActiveSpan('publisher', async (span) => {
      publisherTrace = span.spanContext().traceId;
      publisherSpan = span.spanContext().spanId;
      await a.publish(subject, {}, { msgId: `${run}-traced` });
      span.end();
    });
    await until(() => exporter.getFinishedSpans().some((s) => s.name === `${subject} process`), WAIT_MS);
    const consumer = exporter.getFinishedSpans().find((s) => s.name === `${subject} process`)!;
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.spanContext().traceId).toBe(publisherTrace);
    expect(consumer.parentSpanContext?.spanId).toBe(publisherSpan);
    expect(consumer.attributes['messaging.system']).toBe('nats');
    expect(traceInHandler).toBe(publisherTrace);
  });

  it('waits for handlers in flight when closing', async () => {
    const bus = await NatsBus.connect({ url: urls.NATS_URL, name: 'itest-closing' });
    const subject = subjectOf('closing');
    let started = false;
    let finished = false;
    await bus.subscribe(
      subject,
      async () => {
        started = true;
        await sleep(500);
        finished = true;
      },
      { durable: durableOf('closing') },
    );
    await a.publish(subject, {}, { msgId: `${run}-closing` });
    await until(() => started, WAIT_MS);
    await bus.close();
    expect(finished).toBe(true);
  });

  it('broadcasts a live. message to the listeners of every connection, at most once each', async () => {
    const subject = `live.it${run}.bell`;
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    const la = await a.listen(subject, (d) => void atA.push(d));
    const lb = await b.listen(subject, (d) => void atB.push(d));
    await a.broadcast(subject, { to: 'everyone' });
    await until(() => atA.length === 1 && atB.length === 1, WAIT_MS);
    await lb.stop();
    await b.broadcast(subject, { to: 'a only' });
    await until(() => atA.length === 2, WAIT_MS);
    await sleep(200);
    expect(atB).toEqual([{ to: 'everyone' }]);
    expect(atA).toEqual([{ to: 'everyone' }, { to: 'a only' }]);
    await la.stop();
  });
});
