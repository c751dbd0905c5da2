import { configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// CI runs several test processes on two cores: give asynchronous queries room.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
  document.title = '';
});

// The files of the package run one after another in one page (vitest's isolate: false): each
// starts as a fresh page would, with nothing stored, the document as loaded and the address at /.
beforeAll(() => {
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
});

// A page here makes no object URLs (jsdom makes none; Node's, which the environment's URL may
// inherit, refuse jsdom's files): the tests that need them stub them. Revoking one is harmless, as
// a download's revocation timer may fire during a later test or file (the files share a process).
function noObjectUrls() {
  if (typeof document === 'undefined') return;
  Object.defineProperty(URL, 'createObjectURL', { value: undefined, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', {
    value: () => undefined,
    configurable: true,
    writable: true,
  });
}
beforeEach(noObjectUrls);
// After the test's own clean-up (after-hooks run in reverse order: this one last).
afterEach(noObjectUrls);
