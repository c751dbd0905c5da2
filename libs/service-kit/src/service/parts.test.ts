import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgSchema } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../auth/policy.js';
import { MemoryBus } from '../bus/memory-bus.js';
import { enqueueEvent, outboxSchemaSql, outboxTable } from '../bus/outbox.js';
import type { BusMessage } from '../bus/types.js';
import { type Database, openDatabase, withTransaction } from '../db/database.js';
import { until } from '../testing/until.js';
import { serviceParts } from './parts.js';

/**
 * serviceParts: what every service's factory had written out by hand (its outbox relay, what it
 * runs, its plugin under /api/<name> and its migrations) from its name, outbox and routes.
 */

const outbox = outboxTable(pgSchema('parts_demo'));
let folder: string;
let database: Database;

beforeAll(async () => {
  // A migrations folder as drizzle-kit writes it: the journal and one migration with the outbox.
  folder = mkdtempSync(join(tmpdir(), 'porta-parts-'));
  mkdirSync(join(folder, 'meta'));
  const entry = { idx: 0, version: '7', when: 1, tag: '0000_outbox', breakpoints: true };
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
  );
  writeFileSync(
    join(folder, '0000_outbox.sql'),
    outboxSchemaSql('parts_demo').join('\n--> statement-breakpoint\n'),
  );
  database = await openDatabase({ dataDir: 'memory://' });
});

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('serviceParts', () => {
  it('migrates, mounts the routes under /api/<name>, publishes the outbox once started and stops in reverse', async () => {
    const bus = new MemoryBus();
    const heard: BusMessage[] = [];
    await bus.subscribe('parts-demo.thing.made.v1', async (m) => void heard.push(m), { durable: 'x' });
    const parts = serviceParts({ name: 'parts-demo', database, bus, outbox });
    const order: string[] = [];
    const service = parts.host({
      title: 'Parts demo',
      migrations: folder,
      routes: (app) => {
        app.get('/hello', { config: { policy: policy.public('test') } }, async () => ({ ok: true }));
      },
      async start(running) {
        order.push('started');
        running.add({ stop: async () => void order.push('first stopped') });
        running.add({ stop: async () => void order.push('second stopped') });
      },
    });

    await service.migrate();
    const rows = await database.query<{ n: number }>('select count(*)::int as n from parts_demo.outbox');
    expect(rows[0]?.n).toBe(0);

    const app = Fastify();
    await app.register(service.plugin);
    expect((await app.inject({ url: '/api/parts-demo/hello' })).json()).toEqual({ ok: true });
    await app.close();

    await service.start();
    expect(order).toEqual(['started']);
    await withTransaction(database.drizzle({ outbox }), (tx) =>
      enqueueEvent(tx, outbox, 'parts-demo.thing.made.v1', { id: 't1' }),
    );
    parts.kickEvents();
    await until(() => heard.length === 1);
    expect(heard[0]?.data).toEqual({ id: 't1' });

    await service.stop();
    expect(order).toEqual(['started', 'second stopped', 'first stopped']);
    // The relay is stopped with the rest: an event written now stays in the outbox.
    await withTransaction(database.drizzle({ outbox }), (tx) =>
      enqueueEvent(tx, outbox, 'parts-demo.thing.made.v1', { id: 't2' }),
    );
    parts.kickEvents();
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(1);
    await bus.close();
  });

  it('has no relay without a bus: kickEvents does nothing and start runs the service’s own parts', async () => {
    const parts = serviceParts({ name: 'parts-quiet', database, outbox });
    let started = false;
    const service = parts.host({
      title: 'Quiet',
      migrations: folder,
      routes: () => {},
      start: async () => {
        started = true;
      },
    });
    expect(() => parts.kickEvents()).not.toThrow();
    await service.start();
    expect(started).toBe(true);
    await service.stop();
  });
});
