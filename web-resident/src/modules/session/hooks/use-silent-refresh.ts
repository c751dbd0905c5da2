import { RETRY_DELAY_MS, TOKEN_REFRESH_WINDOW_SECONDS } from '@porta/contracts';
import type { SessionClient } from '@porta/web-kit';
import { useEffect } from 'react';

/** Never refresh more often than this, even if the server hands out very short-lived tokens. */
export const MIN_REFRESH_INTERVAL_MS = 30_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Keep a signed-in session alive: a timer wakes up when fewer than 900 s of the access token remain
 * and asks `SessionClient.accessToken()`, which refreshes exactly then (01 §4). A refused refresh
 * marks the session expired (the modal takes over); a network failure is retried later.
 *
 * Background tabs throttle timers, so the check also runs when the tab becomes visible again. If the
 * tokens are gone while the session still counts as active (signed out in another tab), the session
 * is flagged expired.
 */
export function startSilentRefresh(session: SessionClient, now: () => number = () => Date.now()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastCheck = Number.NEGATIVE_INFINITY;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(check, Math.min(Math.max(0, delayMs), MAX_TIMEOUT_MS));
  };

  const scheduleNext = () => {
    // One second into the window: SessionClient refreshes once *fewer* than 900 s remain.
    const untilWindow = (session.secondsLeft() - TOKEN_REFRESH_WINDOW_SECONDS + 1) * 1000;
    const earliest = lastCheck + MIN_REFRESH_INTERVAL_MS - now();
    schedule(Math.max(untilWindow, earliest));
  };

  async function check() {
    if (stopped) return;
    if (!session.read()) {
      if (session.getState() === 'active') session.clear(true);
      return;
    }
    lastCheck = now();
    try {
      const token = await session.accessToken();
      if (token) scheduleNext();
    } catch {
      schedule(RETRY_DELAY_MS * 10);
    }
  }

  const onVisibility = () => {
    if (document.visibilityState === 'visible' && now() - lastCheck >= MIN_REFRESH_INTERVAL_MS) void check();
  };
  document.addEventListener('visibilitychange', onVisibility);
  scheduleNext();

  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Run the silent refresh while `active` (a signed-in, unexpired session). */
export function useSilentRefresh(session: SessionClient, active: boolean): void {
  useEffect(() => (active ? startSilentRefresh(session) : undefined), [session, active]);
}
