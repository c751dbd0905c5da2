import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { features, IDS, meResponse, storeSession, tokens } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const FEATURES = `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`;

afterEach(() => {
  focusManager.setFocused(undefined);
});

async function signedInAt(path: string, meAnswers: Response[]) {
  storeSession();
  const api = mockFetch({
    'GET /api/identity/me': meAnswers,
    [FEATURES]: json(features),
    'GET /api/identity/login-options': json({ password: true, b2c: false }),
    'POST /api/identity/login': json(tokens(2)),
    'GET /api/identity/things': problem(401, 'TOKEN_EXPIRED', 'Session expired'),
    // The session ended elsewhere: the refresh a stale-looking token gets is refused too.
    'POST /api/identity/token/refresh': problem(401, 'TOKEN_EXPIRED', 'Session expired'),
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('dialog')).toBeNull();
  return { api, app };
}

describe('session-expired modal', () => {
  it('appears when an API call answers 401, and keeps focus on its button', async () => {
    const { app } = await signedInAt('/', [json(meResponse())]);
    await act(() => app.session.request('GET', '/api/identity/things').catch(() => undefined));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has expired' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sign in again' });
    expect(document.activeElement).toBe(button);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The page behind it is out of reach.
    expect(document.querySelector('.app-root')?.hasAttribute('inert')).toBe(true);
    expect(app.session.getState()).toBe('expired');
    expect(app.session.read()).toBeNull();
  });

  it('does not appear when only the token was stale (the roles changed): it is refreshed and the call repeated', async () => {
    storeSession();
    const api = mockFetch({
      'GET /api/identity/me': json(meResponse()),
      [FEATURES]: json(features),
      'GET /api/identity/things': [
        problem(401, 'TOKEN_EXPIRED', 'Session expired'),
        (request) => json({ token: request.authorization }),
      ],
      'POST /api/identity/token/refresh': json(tokens(3)),
    });
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const answer = await act(() => app.session.request('GET', '/api/identity/things'));
    expect(answer).toEqual({ token: `Bearer ${tokens(3).accessToken}` });
    expect(api.calls().filter((c) => c.includes('/things') || c.includes('/token/refresh'))).toEqual([
      'GET /api/identity/things',
      'POST /api/identity/token/refresh',
      'GET /api/identity/things',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.session.getState()).not.toBe('expired');
  });

  it('appears when /me is re-validated on returning to the tab and the session was revoked', async () => {
    const { api, app } = await signedInAt('/', [
      json(meResponse()),
      problem(401, 'TOKEN_EXPIRED', 'Session expired'),
    ]);
    // Coming back to the tab refetches only a settled query: wait until startup's fetches are done.
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    const before = api.calls().filter((c) => c === 'GET /api/identity/me').length;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(api.calls().filter((c) => c === 'GET /api/identity/me').length).toBe(before + 1);
  });

  it("'Sign in again' stores the current route, goes to /login and returns there after signing in", async () => {
    const { app } = await signedInAt('/some/page?tab=2', [json(meResponse())]);
    await act(() => app.session.request('GET', '/api/identity/things').catch(() => undefined));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));

    expect(app.path()).toBe('/login');
    expect(localStorage.getItem('porta.redirectAfterLogin')).toBe('/some/page?tab=2');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(await screen.findByLabelText('E-mail'), 'owner@demo.porta.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-Portal-2026{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(app.path()).toBe('/some/page?tab=2');
    expect(app.session.getState()).toBe('active');
  });

  it('does not appear for a signed-out visitor', async () => {
    mockFetch({ 'GET /api/identity/login-options': json({ password: true, b2c: false }) });
    const app = renderApp('/login');
    await screen.findByLabelText('E-mail');
    act(() => app.session.clear(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
