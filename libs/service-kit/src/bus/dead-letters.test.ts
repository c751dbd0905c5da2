import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.js';
import { metricsRegistry } from '../telemetry/metrics.js';
import { until } from '../testing/until.js';
import { DeadLetters } from './dead-letters.js';
import { MemoryBus } from './memory-bus.js';
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

let database: Database;
let bus: MemoryBus | undefined;
let store: DeadLetters | undefined;

// One PGlite for the file (it takes seconds to start); each test begins with no letters.
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  await bus?.close();
  await store?.close();
  await database.query('DELETE FROM porta_kit.dead_letters');
  bus = undefined;
  store = undefined;
});

describe('the dead-letter store', () => {
  it('parks a message after its delivery budget, logs and counts it, and replays it when its dependency is back', async () => {
    const { logger, entries } = recordingLogger();
    store = new DeadLetters({ database, logger, replayIntervalMs: 100 });
    bus = new MemoryBus({ redeliveryBackoffMs: 5, logger, deadLetters: store });
    let dependencyUp = false;
    const handled: BusMessage[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        if (!dependencyUp) throw new Error('identity does not answer');
        handled.push(m);
      },
      { durable: 'needs-identity', maxDeliver: 3 },
    );
    await bus.publish('svc.item.created.v1', { n: 1 }, { msgId: 'item-1', headers: { traceparent: 'x' } });
    await until(async () => (await store!.counts()).length === 1);

    const [letter] = await store.list();
    expect(letter).toMatchObject({
      durable: 'needs-identity',
      messageId: 'item-1',
      subject: 'svc.item.created.v1',
      payload: { n: 1 },
      deliveries: 3,
      lastError: 'Error: identity does not answer',
    });
    expect(letter!.headers.traceparent).toBe('x');
    const parked = entries.find((e) => e.level === 'error')!;
    expect(parked.obj).toMatchObject({ alert: 'dead-letter', durable: 'needs-identity', msgId: 'item-1' });
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toMatch(/porta_dead_letters\{durable="needs-identity"\} 1/);
    expect(metrics).toMatch(/porta_dead_letters_parked_total\{durable="needs-identity"\} [1-9]/);

    // Replays keep failing while the dependency is away: the letter stays.
    await until(async () => ((await store!.list())[0]?.replays ?? 0) >= 1);
    expect(handled).toEqual([]);

    dependencyUp = true;
    await until(() => handled.length === 1, 5_000);
    expect(handled[0]).toMatchObject({ id: 'item-1', subject: 'svc.item.created.v1', data: { n: 1 } });
    expect(handled[0]!.attempt).toBeGreaterThanOrEqual(4);
    expect(await store.counts()).toEqual([]);
  });

  it('replays a parked durable at once when a live message of it has just been handled', async () => {
    // A replay interval far beyond the test: only the live message can wake the replay.
    store = new DeadLetters({ database, replayIntervalMs: 60_000 });
    bus = new MemoryBus({ redeliveryBackoffMs: 5, deadLetters: store });
    let up = false;
    const handled: string[] = [];
    await bus.subscribe(
      'svc.item.created.v1',
      async (m) => {
        if (!up) throw new Error('down');
        handled.push(m.id);
      },
      { durable: 'wakes', maxDeliver: 2 },
    );
    await bus.publish('svc.item.created.v1', {}, { msgId: 'early' });
    await until(async () => (await store!.counts()).length === 1);
    up = true;
    await bus.publish('svc.item.created.v1', {}, { msgId: 'late' });
    await until(() => handled.length === 2);
    expect(handled).toEqual(['late', 'early']);
    expect(await store.counts()).toEqual([]);
  });

  it('keeps a letter that can never be handled without holding up the others, and lets an operator replay or discard', async () => {
    store = new DeadLetters({ database, replayIntervalMs: 60_000 });
    const handled: string[] = [];
    const at = (id: string, attempt: number): BusMessage => ({
      id,
      subject: 'svc.item.created.v1',
      data: {},
      headers: {},
      attempt,
    });
    store.attach('mixed', async (m) => {
      if (m.id === 'poison') throw new Error('never');
      handled.push(m.id);
    });
    await store.park('mixed', at('poison', 10), new Error('never'));
    await store.park('mixed', at('fine', 10), new Error('was down'));
    expect((await store.list({ durable: 'mixed' })).map((l) => l.messageId).sort()).toEqual([
      'fine',
      'poison',
    ]);

    // An operator replays every letter now: the poison one fails first, and waits its interval...
    expect(await store.replayNow({ durable: 'mixed' })).toBe(2);
    await store.replayDue();
    // ...and the next round takes the other one first.
    await store.replayNow({ durable: 'mixed' });
    await store.replayDue();
    expect(handled).toEqual(['fine']);
    const [poison] = await store.list();
    expect(poison).toMatchObject({ messageId: 'poison', replays: 2 });
    expect(poison!.nextReplayAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    expect(await store.discard({ durable: 'mixed', messageId: 'poison' })).toBe(1);
    expect(await store.list()).toEqual([]);
    await expect(store.discard({})).rejects.toThrow(/durable or a message id/);
  });

  it('parks the same message once per durable, adding up its deliveries', async () => {
    store = new DeadLetters({ database, replayIntervalMs: 60_000 });
    const message: BusMessage = {
      id: 'm',
      subject: 'svc.item.created.v1',
      data: { a: 1 },
      headers: {},
      attempt: 5,
    };
    await store.park('one', message, new Error('first'));
    await store.park('one', message, new Error('second'));
    await store.park('two', message, new Error('other durable'));
    const letters = await store.list();
    expect(letters.map((l) => [l.durable, l.deliveries, l.lastError])).toEqual([
      ['one', 10, 'Error: second'],
      ['two', 5, 'Error: other durable'],
    ]);
  });

  it("keeps a failed statement's text as the last error, not its values (issue 16, point 9)", async () => {
    store = new DeadLetters({ database, replayIntervalMs: 60_000 });
    const message: BusMessage = {
      id: 'q',
      subject: 'svc.item.created.v1',
      data: {},
      headers: {},
      attempt: 3,
    };
    // drizzle's DrizzleQueryError puts the parameters into its message.
    const failed = Object.assign(
      new Error('Failed query: insert into "people" ("email") values ($1)\nparams: secret@example.test'),
      { params: ['secret@example.test'] },
    );
    await store.park('people', message, failed);
    const [letter] = await store.list();
    expect(letter?.lastError).toBe('Error: Failed query: insert into "people" ("email") values ($1)');
  });
});
