import { indexLabelControls, startAsFreshPage } from '@porta/web-kit/testing';
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

// Each file starts from a fresh page (the package's files share one: ADR 0025).
beforeAll(() => {
  if (typeof document === 'undefined') return;
  startAsFreshPage();
  indexLabelControls();
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
