import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from './testing/fetch-mock';
import { renderAppAt } from './testing/render-app';

let session: SessionClient;
let pushes: string[];

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  pushes = [];
  const push = window.history.pushState.bind(window.history);
  vi.spyOn(window.history, 'pushState').mockImplementation((data, unused, url) => {
    pushes.push(String(url));
    push(data, unused, url);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Let timers and pending renders run: a redirect loop keeps navigating meanwhile. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('routing of an anonymous visitor', () => {
  // react-admin signs an anonymous visitor out and navigates to /admin/login. If the router's
  // location update is left to a React transition, react-admin's own re-renders starve it and
  // every render signs out and navigates again (thousands of history entries in Chromium).
  for (const path of ['/admin/', '/admin/users', '/admin/users/u-1/show']) {
    it(`goes from ${path} to the sign-in page in one navigation`, async () => {
      const api = mockFetch({});
      renderAppAt(path, session);

      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(window.location.pathname).toBe('/admin/login');
      await settle();

      expect(window.location.pathname).toBe('/admin/login');
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
      // One sign-out, one navigation (the tests render without StrictMode).
      expect(pushes).toEqual(['/admin/login']);
      expect(api.sent).toHaveLength(0);
    });
  }

  it('stays on the sign-in page it was sent to', async () => {
    mockFetch({});
    renderAppAt('/admin/login', session);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    await settle();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(pushes).toEqual([]);
  });
});
