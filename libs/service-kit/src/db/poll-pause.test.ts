import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, pollPause, SINGLE_WRITER_POLL_MS } from './database.js';

/**
 * The pollers' pause (ADR 0029): on PGlite this process is the only writer and its commits wake
 * the pollers, so they look only as a safety net; on PostgreSQL other processes write, so they keep
 * the pause they are given.
 */
describe('pollPause', () => {
  let pglite: Database;
  beforeAll(async () => {
    pglite = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await pglite?.close();
  });

  it('waits SINGLE_WRITER_POLL_MS between looks on PGlite', () => {
    expect(pglite.listen).toBeTypeOf('function');
    expect(pollPause(pglite, 1_000)).toBe(SINGLE_WRITER_POLL_MS);
  });

  it('keeps the given pause on PostgreSQL', async () => {
    // The pool connects at its first query: none is made here.
    const pg = await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
    try {
      expect(pg.listen).toBeUndefined();
      expect(pollPause(pg, 1_000)).toBe(1_000);
    } finally {
      await pg.close();
    }
  });
});
