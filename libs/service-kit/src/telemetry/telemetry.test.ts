import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { pgSchema } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryBus } from '../bus/memory-bus.js';
import { enqueueEvent, inboxTable, OutboxRelay, outboxSchemaSql, outboxTable } from '../bus/outbox.js';
import { openDatabase, withTransaction } from '../db/database.js';
import { LocalJobs } from '../jobs/memory-jobs.js';
import { defineJob } from '../jobs/types.js';
import { until } from '../testing/until.js';
import { traceRequests } from './http.js';
import { startTelemetry, type Telemetry } from './provider.js';
import { injectTraceHeaders, inSpan, tracer, withExtractedContext } from './tracing.js';

/** How long this file's waits may take. */
const WAIT_MS = 10_000;

const exporter = new InMemorySpanExporter();
let telemetry: Telemetry;

beforeAll(() => {
  telemetry = startTelemetry({ serviceName: 'kit-test', exporter });
});
afterAll(async () => {
  await telemetry.shutdown();
});
beforeEach(() => exporter.reset());

const spansNamed = (name: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((s) => s.name === name);

describe('telemetry', () => {
  it('is off without an endpoint', async () => {
    const off = startTelemetry({ serviceName: 'x' });
    expect(off.enabled).toBe(false);
    await off.shutdown();
  });

  it('injects and extracts W3C trace context', async () => {
    expect(injectTraceHeaders({ a: 'b' })).toEqual({ a: 'b' });
    await inSpan('outer', { kind: SpanKind.INTERNAL }, async (span) => {
      const headers = injectTraceHeaders();
      expect(headers.traceparent).toMatch(new RegExp(`^00-${span.spanContext().traceId}-`));
      const seen = withExtractedContext(headers, () => trace.getActiveSpan()?.spanContext().traceId);
      expect(seen).toBe(span.spanContext().traceId);
    });
  });

  it('carries the trace from the publisher to the consumer span over the memory bus', async () => {
    const bus = new MemoryBus();
    let activeInHandler: string | undefined;
    await bus.subscribe(
      'svc.item.created.v1',
      async () => {
        activeInHandler = trace.getActiveSpan()?.spanContext().traceId;
      },
      { durable: 'traced' },
    );
    const publisher = tracer().startSpan('publisher');
    await trace.getTracer('test').startActiveSpan('request', async (span) => {
      await bus.publish('svc.item.created.v1', { a: 1 }, { msgId: 'trace-1' });
      span.end();
    });
    publisher.end();
    await until(() => spansNamed('svc.item.created.v1 process').length === 1, WAIT_MS);
    const request = spansNamed('request')[0]!;
    const consumer = spansNamed('svc.item.created.v1 process')[0]!;
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(consumer.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consumer.attributes['messaging.message.id']).toBe('trace-1');
    expect(activeInHandler).toBe(request.spanContext().traceId);
    await bus.close();
  });

  it('carries the trace through request/reply', async () => {
    const bus = new MemoryBus();
    await bus.reply('rpc.svc.echo', async (data) => data);
    await trace.getTracer('test').startActiveSpan('caller', async (span) => {
      await bus.request('rpc.svc.echo', { x: 1 });
      span.end();
    });
    const caller = spansNamed('caller')[0]!;
    const server = spansNamed('rpc.svc.echo reply')[0]!;
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).toBe(caller.spanContext().traceId);
    await bus.close();
  });

  it('carries the trace of the transaction that wrote an event through outbox, relay and consumer', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    for (const statement of outboxSchemaSql('svc')) await database.query(statement);
    const svc = pgSchema('svc');
    const outbox = outboxTable(svc);
    const db = database.drizzle({ outbox, inbox: inboxTable(svc) });
    const bus = new MemoryBus();
    await bus.subscribe('svc.item.created.v1', async () => undefined, { durable: 'outboxed' });
    await trace.getTracer('test').startActiveSpan('http request', async (span) => {
      await withTransaction(db, (tx) => enqueueEvent(tx, outbox, 'svc.item.created.v1', { n: 1 }));
      span.end();
    });
    // The relay runs outside any request.
    const relay = new OutboxRelay({ database, outbox, bus });
    await relay.flush();
    await until(() => spansNamed('svc.item.created.v1 process').length === 1, WAIT_MS);
    expect(spansNamed('svc.item.created.v1 process')[0]!.spanContext().traceId).toBe(
      spansNamed('http request')[0]!.spanContext().traceId,
    );

    // Jobs: the handler runs in a span under the enqueuer's context.
    const jobs = new LocalJobs({ database });
    const def = defineJob({ name: 'test.traced', payload: z.object({}), handler: async () => undefined });
    jobs.register(def);
    await jobs.start();
    await trace.getTracer('test').startActiveSpan('enqueuer', async (span) => {
      await jobs.enqueue(def, {}, { jobId: 'traced-1' });
      span.end();
    });
    await until(() => spansNamed('job test.traced').length === 1, WAIT_MS);
    expect(spansNamed('job test.traced')[0]!.spanContext().traceId).toBe(
      spansNamed('enqueuer')[0]!.spanContext().traceId,
    );
    await jobs.close();
    await bus.close();
    await database.close();
  });

  it('traceRequests starts a SERVER span per request under the incoming traceparent', async () => {
    const app = Fastify();
    traceRequests(app);
    let inHandler: { traceId?: string; headers?: Record<string, string> } = {};
    app.post('/items/:id', async () => {
      inHandler = { traceId: trace.getActiveSpan()?.spanContext().traceId, headers: injectTraceHeaders() };
      await new Promise((r) => setTimeout(r, 5));
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await app.inject({
      method: 'POST',
      url: '/items/42?x=1',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(inHandler.traceId).toBe(traceId);
    const span = spansNamed('POST /items/:id')[0]!;
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(traceId);
    expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(span.attributes['http.response.status_code']).toBe(200);
    expect(span.attributes['url.path']).toBe('/items/42');
    expect(inHandler.headers?.traceparent).toContain(span.spanContext().spanId);

    await app.inject({ method: 'GET', url: '/boom' });
    const failed = spansNamed('GET /boom')[0]!;
    expect(failed.status.code).toBe(2);
    expect(failed.attributes['http.response.status_code']).toBe(500);
    await app.close();
  });
});
