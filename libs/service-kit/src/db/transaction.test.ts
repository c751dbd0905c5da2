import { describe, expect, it } from 'vitest';
import { type Db, withTransaction } from './database.js';

/**
 * withTransaction's retry: a connection the server ended is found dead at BEGIN, before the
 * callback ran; that is retried on the next connection. A loss once the callback has begun, or any
 * other error, reaches the caller unchanged. (The real drops: connection-drops.fault.ts.)
 */

const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), {});

/** A Db whose transaction() fails at BEGIN for the first `deadAtBegin` calls. */
function fakeDb(deadAtBegin: number, failInside?: Error) {
  const calls = { begins: 0, callbacks: 0 };
  const db = {
    async transaction(fn: (tx: unknown) => Promise<unknown>) {
      calls.begins += 1;
      if (calls.begins <= deadAtBegin) throw new Error('Failed query: begin', { cause: lost() });
      calls.callbacks += 1;
      const result = await fn({});
      if (failInside) throw failInside;
      return result;
    },
  } as unknown as Db<Record<string, never>>;
  return { db, calls };
}

describe('withTransaction', () => {
  it('tries again on another connection when BEGIN found the connection dead', async () => {
    const { db, calls } = fakeDb(2);
    await expect(withTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(calls).toEqual({ begins: 3, callbacks: 1 });
  });

  it('gives up after three dead connections in a row', async () => {
    const { db, calls } = fakeDb(5);
    await expect(withTransaction(db, async () => 'done')).rejects.toThrow('Failed query: begin');
    expect(calls.begins).toBe(3);
    expect(calls.callbacks).toBe(0);
  });

  it('does not run the work twice when the connection is lost after it began', async () => {
    const { db, calls } = fakeDb(0, new Error('Failed query: commit', { cause: lost() }));
    let runs = 0;
    await expect(
      withTransaction(db, async () => {
        runs += 1;
      }),
    ).rejects.toThrow('Failed query: commit');
    expect(runs).toBe(1);
    expect(calls.begins).toBe(1);
  });

  it('does not retry errors other than a lost connection', async () => {
    const db = {
      async transaction() {
        calls += 1;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      },
    } as unknown as Db<Record<string, never>>;
    let calls = 0;
    await expect(withTransaction(db, async () => 1)).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });
});
