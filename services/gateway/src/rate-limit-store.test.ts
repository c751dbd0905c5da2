import { describe, expect, it } from 'vitest';
import { LocalWindows } from './rate-limit-store.js';

describe('the local rate-limit windows', () => {
  it('counts per key within a window and starts again after it', () => {
    const windows = new LocalWindows();
    expect(windows.incr('a', 60_000, 1_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.incr('a', 60_000, 31_000)).toEqual({ current: 2, ttl: 30_000 });
    expect(windows.incr('b', 60_000, 31_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(windows.incr('a', 60_000, 61_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps at most so many keys, dropping expired windows and then the oldest', () => {
    const windows = new LocalWindows(3);
    windows.incr('a', 10_000, 0);
    windows.incr('b', 10_000, 5_000);
    windows.incr('c', 10_000, 6_000);
    // a has expired: it goes, the others stay.
    windows.incr('d', 10_000, 11_000);
    expect(windows.size).toBe(3);
    expect(windows.incr('b', 10_000, 11_000).current).toBe(2);
    // All live: the oldest window (b's) goes, so b starts again.
    windows.incr('e', 10_000, 12_000);
    expect(windows.size).toBe(3);
    expect(windows.incr('b', 10_000, 12_000).current).toBe(1);
  });
});
