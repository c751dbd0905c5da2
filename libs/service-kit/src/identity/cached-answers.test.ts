import { describe, expect, it } from 'vitest';
import { CachedAnswers, STALE_RETRY_MS } from './cached-answers.js';

/** A clock the test moves, and a question that counts how often it was asked. */
function fixture(options: { staleMs?: number } = {}) {
  let now = 1_000_000;
  let asked = 0;
  let fail = false;
  const answers = new CachedAnswers<number>({ ttlMs: 1_000, now: () => now, ...options });
  return {
    answers,
    ask: () =>
      answers.get('k', async () => {
        asked++;
        if (fail) throw new Error('away');
        return asked;
      }),
    move: (ms: number) => {
      now += ms;
    },
    failing: (on: boolean) => {
      fail = on;
    },
    asked: () => asked,
  };
}

describe('CachedAnswers', () => {
  it('answers from memory within the time to live, and asks again after it', async () => {
    const f = fixture();
    expect(await f.ask()).toBe(1);
    f.move(999);
    expect(await f.ask()).toBe(1);
    f.move(1);
    expect(await f.ask()).toBe(2);
  });

  it('asks once for concurrent callers', async () => {
    const f = fixture();
    expect(await Promise.all([f.ask(), f.ask(), f.ask()])).toEqual([1, 1, 1]);
    expect(f.asked()).toBe(1);
  });

  it('asks again when the clock was set back before the answer was asked for', async () => {
    const f = fixture();
    expect(await f.ask()).toBe(1);
    f.move(-1);
    expect(await f.ask()).toBe(2);
  });

  it('forgets one key, or everything', async () => {
    const f = fixture();
    await f.ask();
    f.answers.delete('k');
    expect(await f.ask()).toBe(2);
    f.answers.clear();
    expect(await f.ask()).toBe(3);
  });

  it('stands in with the last good answer when a question fails, and asks again after a while', async () => {
    const f = fixture();
    await f.ask();
    f.move(1_000);
    f.failing(true);
    expect(await f.ask()).toBe(1);
    expect(await f.ask()).toBe(1);
    expect(f.asked()).toBe(2);
    f.move(STALE_RETRY_MS);
    f.failing(false);
    expect(await f.ask()).toBe(3);
  });

  it('with staleMs 0 a failed question fails and is not kept', async () => {
    const f = fixture({ staleMs: 0 });
    await f.ask();
    f.move(1_000);
    f.failing(true);
    await expect(f.ask()).rejects.toThrow('away');
    f.failing(false);
    expect(await f.ask()).toBe(3);
  });
});
