import { describe, expect, it } from 'vitest';
import { KeptReads, readerKey } from './kept-reads.js';
import type { Reader } from './reader.js';

describe('KeptReads', () => {
  it('keeps an answer per key for its time, and forgets one key or all', async () => {
    let now = 0;
    let loads = 0;
    const reads = new KeptReads(1_000, () => now);
    const load = async () => ++loads;
    expect(await reads.get(['news', 'a'], load)).toBe(1);
    expect(await reads.get(['news', 'a'], load)).toBe(1);
    expect(await reads.get(['news', 'b'], load)).toBe(2);
    reads.forget(['news', 'a']);
    expect(await reads.get(['news', 'a'], load)).toBe(3);
    reads.clear();
    expect(await reads.get(['news', 'b'], load)).toBe(4);
    now = 1_000;
    expect(await reads.get(['news', 'b'], load)).toBe(5);
  });

  it('with a time of 0 reads every time', async () => {
    let loads = 0;
    const reads = new KeptReads(0, () => 0);
    await reads.get(['x'], async () => ++loads);
    expect(await reads.get(['x'], async () => ++loads)).toBe(2);
  });

  it('keys a reader by company, roles in any order and without repeats, and language, not by who reads', () => {
    const reader = (userId: string, roles: string[]) =>
      ({ userId, housingCompany: { id: 'hc-1' }, roles, language: 'fi' }) as unknown as Reader;
    expect(readerKey(reader('u1', ['tenant', 'owner', 'owner']))).toEqual(
      readerKey(reader('u2', ['owner', 'tenant'])),
    );
    expect(readerKey(reader('u1', ['owner']))).not.toEqual(readerKey(reader('u1', ['owner', 'tenant'])));
  });
});
