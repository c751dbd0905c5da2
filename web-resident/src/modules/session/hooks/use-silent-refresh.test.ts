import { SessionClient } from '@porta/web-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { storeSession, tokens } from '../../../testing/fixtures';
import { MIN_REFRESH_INTERVAL_MS, startSilentRefresh } from './use-silent-refresh';

const T0 = new Date('2026-03-01T10:00:00Z').getTime();
let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  stop();
});

const refreshes = (api: ReturnType<typeof mockFetch>) =>
  api.calls().filter((c) => c === 'POST /api/identity/token/refresh').length;

describe('silent refresh', () => {
  it('refreshes once fewer than 900 seconds remain, then waits for the next window', async () => {
    storeSession({ expiresAt: T0 + 1000_000 });
    const api = mockFetch({ 'POST /api/identity/token/refresh': json(tokens(2)) });
    const session = new SessionClient('', localStorage);
    stop = startSilentRefresh(session);

    await vi.advanceTimersByTimeAsync(99_000);
    expect(refreshes(api)).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refreshes(api)).toBe(1);
    expect(api.requests[0]!.body).toEqual({ refreshToken: 'stored-refresh-token-0123456789' });
    expect(session.read()?.accessToken).toBe('access-token-2');

    // The new token lives 3600 s: the next refresh comes 2700 s later, not before.
    await vi.advanceTimersByTimeAsync(2_690_000);
    expect(refreshes(api)).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(refreshes(api)).toBe(2);
  });

  it('a refused refresh marks the session expired and stops', async () => {
    storeSession({ expiresAt: T0 + 500_000 });
    const api = mockFetch({
      'POST /api/identity/token/refresh': problem(401, 'TOKEN_EXPIRED', 'Session expired'),
    });
    const session = new SessionClient('', localStorage);
    const states: string[] = [];
    session.subscribe((s) => states.push(s));
    stop = startSilentRefresh(session);

    await vi.advanceTimersByTimeAsync(10);
    expect(states).toEqual(['expired']);
    expect(session.read()).toBeNull();
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(refreshes(api)).toBe(1);
  });

  it('never hammers the server when tokens are shorter-lived than the window', async () => {
    storeSession({ expiresAt: T0 + 600_000 });
    const api = mockFetch({
      'POST /api/identity/token/refresh': json({ ...tokens(3), expiresIn: 600 }),
    });
    stop = startSilentRefresh(new SessionClient('', localStorage));
    await vi.advanceTimersByTimeAsync(MIN_REFRESH_INTERVAL_MS * 3 - 1);
    expect(refreshes(api)).toBe(3);
  });

  it('flags the session expired when its tokens disappeared (signed out in another tab)', async () => {
    storeSession({ expiresAt: T0 + 1000_000 });
    mockFetch({});
    const session = new SessionClient('', localStorage);
    stop = startSilentRefresh(session);
    localStorage.removeItem('porta.session');
    await vi.advanceTimersByTimeAsync(101_000);
    expect(session.getState()).toBe('expired');
  });
});
