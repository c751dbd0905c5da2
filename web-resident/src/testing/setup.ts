import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
