import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until.js';
import { BusRequestError } from './errors.js';
import { connectBus } from './index.js';
import { MemoryBus } from './memory-bus.js';
import { assertRpcSubject, InvalidSubjectError } from './subjects.js';
import type { BusMessage, Logger } from './types.js';

function recordingLogger() {
  const entries: { level: string; obj: object; msg?: string | undefined }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, entries };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let bus: MemoryBus;
afterEach(async () => {
  await bus?.close();
});

describe('MemoryBus', () => {
  it('delivers each message to one instance of a durable and to every durable', async () => {
    bus = new MemoryBus();
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    await bus.subscribe('svc.item.created.v1', async (m) => void a.push(m.id), { durable: 'shared' });
    await bus.subscribe('svc.item.created.v1', async (m) => void b.push(m.id), { durable: 'shared' });
    await bus.subscribe('svc.*.created.v1', async (m) => void other.push(m.id), { durable: 'other' });
    for (let i = 0; i < 20; i++) await bus.publish('svc.item.created.v1', { i }, { msgId: `m${i}` });
    await until(() => a.length + b.length === 20 && other.length === 20);
    await sleep(20);
    expect(a.length + b.length).toBe(20);
    expect(new Set([...a, ...b]).size).toBe(20);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(other).toHaveLength(20);
  });

  it('delivers messages published before a new durable subscribes', async () => {
    bus = new MemoryBus();
    await bus.publish('svc.item.created.v1', { n: 1 }, { msgId: 'early-1' });
    await bus.publish('svc.item.deleted.v1', { n: 2 }, { msgId: 'early-2' });
    const got: BusMessage[] = [];
    await bus.subscribe('svc.item.*.v1', async (m) => void got.push(m), { durable: 'late' });
    await until(() => got.length === 2);
    expect(got.map((m) => m.id)).toEqual(['early-1', 'early-2']);
    expect(got[0]).toMatchObject({ subject: 'svc.item.created.v1', data: { n: 1 }, attempt: 1 });
  });

  it('keeps messages for a durable while it has no subscriber', async () => {
    bus = new MemoryBus();
    const first: string[] = [];
    const sub = await bus.subscribe('svc.item.created.v1', async (m) => void first.push(m.id), {
      durable: 'd',
    });
    await bus.publish('svc.item.created.v1', {}, { msgId: 'one' });
    await until(() => first.length === 1);
    await sub.stop();
    await bus.publish('svc.item.created.v1', {}, { msgId: 'two' });
    const second: string[] = [];
    await bus.subscribe('svc.item.created.v1', async (m) => void second.push(m.id), { durable: 'd' });
    await until(() => second.length === 1);
    expect(second).toEqual(['two']);
  });

  it('redelivers after a handler throws, with backoff, until it succeeds', async () => {
    bus = new MemoryBus({ redeliveryBackoffMs: 20 });
    const attempts: { attempt: number; at: number }[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        attempts.push({ attempt: m.attempt, at: Date.now() });
        if (m.attempt < 3) throw new Error('not yet');
      },
      { durable: 'retry' },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'x' });
    await until(() => attempts.length === 3);
    await sleep(100);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(18);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(38);
  });

  it('does not hold other messages back while one waits for redelivery', async () => {
    bus = new MemoryBus({ redeliveryBackoffMs: 200 });
    const order: string[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        order.push(`${m.id}#${m.attempt}`);
        if (m.id === 'bad' && m.attempt === 1) throw new Error('once');
      },
      { durable: 'order' },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'bad' });
    await bus.publish('svc.item.created.v1', {}, { msgId: 'good' });
    await until(() => order.length === 3);
    expect(order).toEqual(['bad#1', 'good#1', 'bad#2']);
  });

  it('never drops a message after maxDeliver without a dead-letter store: logs it and keeps redelivering', async () => {
    const { logger, entries } = recordingLogger();
    bus = new MemoryBus({ redeliveryBackoffMs: 5, maxRedeliveryBackoffMs: 40, logger });
    let calls = 0;
    await bus.subscribe(
      'svc.item.created.v1',
      async () => {
        calls += 1;
        if (calls < 6) throw new Error('not yet');
      },
      { durable: 'max', maxDeliver: 3 },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'stubborn' });
    await until(() => calls === 6);
    const errors = entries.filter((e) => e.level === 'error');
    expect(errors[0]!.obj).toMatchObject({ durable: 'max', msgId: 'stubborn', attempts: 3 });
    expect(errors[0]!.msg).toMatch(/kept for redelivery/);
  });

  it('keeps a message whose handler still runs past ackWait, and redelivers it when the handler is taken as hung', async () => {
    bus = new MemoryBus({ maxHandlerMs: 400 });
    const seen: number[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        seen.push(m.attempt);
        if (m.attempt === 1) await sleep(250);
      },
      { durable: 'slow', ackWaitMs: 50, concurrency: 2 },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'slow' });
    // Five ack waits pass while the first delivery runs: nobody else gets the message.
    await sleep(350);
    expect(seen).toEqual([1]);

    const hung: number[] = [];
    await bus.close();
    bus = new MemoryBus({ maxHandlerMs: 200 });
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        hung.push(m.attempt);
        if (m.attempt === 1) await sleep(2_000);
      },
      { durable: 'hung', ackWaitMs: 50, concurrency: 2 },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'hung' });
    await until(() => hung.length === 2);
    expect(hung).toEqual([1, 2]);
  });

  it('drops a repeated msgId within the duplicate window, and accepts it after', async () => {
    bus = new MemoryBus({ duplicateWindowMs: 100 });
    const got: string[] = [];
    await bus.subscribe('svc.item.created.v1', async (m) => void got.push(m.id), { durable: 'dedup' });
    await bus.publish('svc.item.created.v1', { v: 1 }, { msgId: 'same' });
    await bus.publish('svc.item.created.v1', { v: 2 }, { msgId: 'same' });
    await until(() => got.length === 1);
    await sleep(150);
    expect(got).toEqual(['same']);
    await bus.publish('svc.item.created.v1', { v: 3 }, { msgId: 'same' });
    await until(() => got.length === 2);
  });

  it('passes headers and copies the data', async () => {
    bus = new MemoryBus();
    const data = { nested: { n: 1 }, when: new Date('2026-01-01T00:00:00Z') };
    const got: BusMessage[] = [];
    await bus.subscribe('svc.item.created.v1', async (m) => void got.push(m), { durable: 'h' });
    await bus.publish('svc.item.created.v1', data, { msgId: 'h1', headers: { 'x-tenant': 't1' } });
    data.nested.n = 2;
    await until(() => got.length === 1);
    expect(got[0]!.data).toEqual({ nested: { n: 1 }, when: '2026-01-01T00:00:00.000Z' });
    expect(got[0]!.headers['x-tenant']).toBe('t1');
  });

  it('rejects subjects the stream would not take', async () => {
    bus = new MemoryBus();
    await expect(bus.publish('svc.item.created', {}, { msgId: 'a' })).rejects.toBeInstanceOf(
      InvalidSubjectError,
    );
    await expect(bus.publish('svc.*.created.v1', {}, { msgId: 'a' })).rejects.toBeInstanceOf(
      InvalidSubjectError,
    );
    await expect(bus.subscribe('svc.>', async () => undefined, { durable: 'x' })).rejects.toBeInstanceOf(
      InvalidSubjectError,
    );
    await expect(bus.reply('svc.item.get.v1', async () => 1)).rejects.toBeInstanceOf(InvalidSubjectError);
  });

  it('refuses one durable name for two filters', async () => {
    bus = new MemoryBus();
    await bus.subscribe('svc.item.created.v1', async () => undefined, { durable: 'one' });
    await expect(
      bus.subscribe('svc.item.deleted.v1', async () => undefined, { durable: 'one' }),
    ).rejects.toThrow(/already consumes/);
  });

  it('refuses a request/reply subject that the event stream would capture (JetStream would answer it)', async () => {
    bus = new MemoryBus();
    expect(() => assertRpcSubject('rpc.identity.directory.v1')).toThrow(InvalidSubjectError);
    await expect(bus.reply('rpc.identity.directory.v1', async () => null)).rejects.toThrow(
      /the event stream captures it/,
    );
    await expect(bus.request('rpc.identity.directory.v1', {})).rejects.toThrow(InvalidSubjectError);
    expect(() => assertRpcSubject('rpc.identity.directory.get.v1')).not.toThrow();
  });

  it('answers requests, shares them between responders, and reports errors and timeouts', async () => {
    bus = new MemoryBus();
    const served: string[] = [];
    await bus.reply('rpc.identity.user.get', async (data) => {
      served.push('a');
      return { echo: data };
    });
    await bus.reply('rpc.identity.user.get', async (data) => {
      served.push('b');
      return { echo: data };
    });
    for (let i = 0; i < 4; i++) {
      await expect(bus.request('rpc.identity.user.get', { id: i })).resolves.toEqual({ echo: { id: i } });
    }
    expect(served.sort()).toEqual(['a', 'a', 'b', 'b']);

    await expect(bus.request('rpc.nobody.home', {})).rejects.toMatchObject({ failure: 'NO_RESPONDERS' });

    await bus.reply('rpc.slow.call', () => sleep(500).then(() => 'late'));
    const started = Date.now();
    const timeout = await bus.request('rpc.slow.call', {}, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(BusRequestError);
    expect((timeout as BusRequestError).failure).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(400);

    await bus.reply('rpc.failing.call', async () => {
      throw Object.assign(new Error('user not found'), { code: 'IDN_NOT_FOUND' });
    });
    await expect(bus.request('rpc.failing.call', {})).rejects.toMatchObject({
      failure: 'REMOTE',
      message: 'user not found',
      remoteCode: 'IDN_NOT_FOUND',
    });
  });

  it('waits for handlers in flight on stop and close', async () => {
    bus = new MemoryBus();
    let finished = false;
    let started = false;
    await bus.subscribe(
      'svc.item.created.v1',
      async () => {
        started = true;
        await sleep(100);
        finished = true;
      },
      { durable: 'closing' },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'c' });
    await until(() => started);
    await bus.close();
    expect(finished).toBe(true);
    await expect(bus.publish('svc.item.created.v1', {}, { msgId: 'd' })).rejects.toThrow(/closed/);
  });

  it('broadcasts a live. message to every listener present, keeping nothing for later ones', async () => {
    bus = new MemoryBus();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const one = await bus.listen('live.test', (d) => void first.push(d));
    await bus.listen('live.test', (d) => void second.push(d));
    const data = { n: 1 };
    await bus.broadcast('live.test', data);
    data.n = 2; // the listeners got a copy
    await until(() => first.length === 1 && second.length === 1);
    expect(first).toEqual([{ n: 1 }]);
    await one.stop();
    await bus.broadcast('live.test', { n: 3 });
    const late: unknown[] = [];
    await bus.listen('live.test', (d) => void late.push(d));
    await until(() => second.length === 2);
    expect(first).toHaveLength(1);
    expect(late).toEqual([]);
    await expect(bus.broadcast('notifications.live.sent.v1', {})).rejects.toThrow(/live\./);
    await expect(bus.listen('live.*', () => undefined)).rejects.toThrow(/live\./);
  });

  it('keeps a bounded log per subject', async () => {
    bus = new MemoryBus({ maxMessagesPerSubject: 3 });
    for (let i = 0; i < 5; i++) await bus.publish('svc.item.created.v1', { i }, { msgId: `b${i}` });
    const got: string[] = [];
    await bus.subscribe('svc.item.created.v1', async (m) => void got.push(m.id), { durable: 'bounded' });
    await until(() => got.length === 3);
    await sleep(20);
    expect(got).toEqual(['b2', 'b3', 'b4']);
  });

  it('is what connectBus gives without NATS_URL', async () => {
    const chosen = await connectBus({});
    expect(chosen).toBeInstanceOf(MemoryBus);
    expect(chosen.kind).toBe('memory');
    await chosen.close();
  });
});
