import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../testing/fetch-mock';
import { features, IDS, meResponse, storeSession, tokens } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

const FEATURES = `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`;

function identityApi(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/identity/login-options': json({ password: true, b2c: false }),
    'POST /api/identity/login': json(tokens(1)),
    'POST /api/identity/logout': new Response(null, { status: 204 }),
    'GET /api/identity/me': json(meResponse()),
    [FEATURES]: json(features),
    ...extra,
  });
}

async function signIn(email = 'owner@demo.porta.test', password = 'Demo-Portal-2026') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the resident app', () => {
  it('shows a loader while starting', () => {
    identityApi();
    renderApp('/login');
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('signs in with e-mail and password and greets the user on the dashboard', async () => {
    const api = identityApi();
    const app = renderApp('/login');
    await signIn();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(heading).toBeTruthy();
    expect(app.path()).toBe('/');
    expect(api.requests.find((r) => r.path === '/api/identity/login')?.body).toEqual({
      email: 'owner@demo.porta.test',
      password: 'Demo-Portal-2026',
    });
    expect(api.calls()).toEqual(
      expect.arrayContaining(['POST /api/identity/login', 'GET /api/identity/me', FEATURES]),
    );
    // Startup ran once, and the seeded /me query did not fetch again on mount.
    expect(api.calls().filter((c) => c === 'GET /api/identity/me')).toHaveLength(1);
    expect(api.calls().filter((c) => c === 'POST /api/identity/login')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Home - Porta'));
    expect(screen.getAllByText('Porta Demo Gardens').length).toBeGreaterThan(0);
    // The session remembers the company, so the next visit asks for its features beside /me.
    expect(JSON.parse(localStorage.getItem('porta.session') ?? '{}').housingCompanyId).toBe(IDS.demoHc);
    // The dashboard's boxes: the content lists answer nothing here, so each shows its empty text.
    expect(screen.getByRole('heading', { level: 2, name: 'Latest news' })).toBeTruthy();
    expect((await screen.findAllByText('no updates')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the same message for a wrong password and stays on /login', async () => {
    identityApi({
      'POST /api/identity/login': problem(
        401,
        'IDN_INVALID_CREDENTIALS',
        'Incorrect e-mail address or password.',
      ),
    });
    const app = renderApp('/login');
    await signIn('owner@demo.porta.test', 'wrong');
    expect(await screen.findByText('Incorrect e-mail address or password.')).toBeTruthy();
    expect(app.path()).toBe('/login');
    expect(app.session.read()).toBeNull();
  });

  it('sends a signed-out visitor to /login and back to the intended page after signing in', async () => {
    identityApi();
    const app = renderApp('/some/page?tab=2');
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
    await signIn();
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(app.path()).toBe('/some/page?tab=2');
  });

  it('sends a signed-in user away from /login', async () => {
    storeSession();
    identityApi();
    const app = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(app.path()).toBe('/');
  });

  it('a 401 at startup logs out and shows the login page', async () => {
    storeSession();
    identityApi({ 'GET /api/identity/me': problem(401, 'TOKEN_EXPIRED', 'Session expired') });
    const app = renderApp('/');
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
    expect(app.session.read()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('any other startup failure leads to /error with a reload button and a homepage link', async () => {
    storeSession();
    identityApi({ 'GET /api/identity/me': problem(500, 'INTERNAL', 'Something went wrong') });
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(app.path()).toBe('/error');
    expect(screen.getByText("Page couldn't be loaded. Please try to reload the page.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
  });

  it('/error without an application error goes home', async () => {
    identityApi();
    const app = renderApp('/error');
    await screen.findByLabelText('E-mail');
    // Home is protected, so a signed-out visitor ends up on the login page.
    expect(app.path()).toBe('/login');
  });

  it('/logout ends the session on the server and goes to /login', async () => {
    storeSession();
    const api = identityApi();
    const app = renderApp('/logout');
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
    expect(app.session.read()).toBeNull();
    const logout = api.requests.find((r) => r.path === '/api/identity/logout');
    expect(logout?.body).toEqual({ refreshToken: 'stored-refresh-token-0123456789' });
  });

  it('logs out from the profile menu', async () => {
    storeSession();
    identityApi();
    const user = userEvent.setup();
    const app = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /Olivia Owner/ }));
    await user.click(screen.getByRole('link', { name: 'Log out' }));
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
    expect(app.session.read()).toBeNull();
  });

  it('offers the consumer sign-in when configured, returning to the stored route', async () => {
    identityApi({ 'GET /api/identity/login-options': json({ password: true, b2c: true }) });
    renderApp('/news?page=2');
    const link = await screen.findByRole('link', { name: 'Sign in with consumer account' });
    expect(link.getAttribute('href')).toBe('/api/identity/oidc/b2c/start?returnTo=%2Fnews%3Fpage%3D2');
  });

  it('hides the consumer sign-in when it is not configured', async () => {
    identityApi();
    renderApp('/login');
    await screen.findByLabelText('E-mail');
    await waitFor(() => expect(screen.queryByRole('link', { name: /consumer account/ })).toBeNull());
  });

  it('finishes a consumer sign-in coming back to /login and goes to the return route', async () => {
    identityApi({
      'POST /api/identity/oidc/b2c/token': json({ ...tokens(3), issuer: 'b2c', returnTo: '/' }),
    });
    const app = renderApp('/login?code=the-code&state=0123456789abcdef0123');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(app.path()).toBe('/');
    expect(app.session.read()?.accessToken).toBe('access-token-3');
  });

  it('shows a refused consumer sign-in on the login page and drops the code from the address', async () => {
    identityApi({
      'POST /api/identity/oidc/b2c/token': problem(
        403,
        'IDN_OIDC_NO_ACCOUNT',
        'No Porta account is linked to this sign-in.',
      ),
    });
    const app = renderApp('/login?code=the-code&state=0123456789abcdef0123&lang=en');
    expect(await screen.findByText('No Porta account is linked to this sign-in.')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/login?lang=en'));
  });

  it('speaks the language of the lang parameter over the user locale', async () => {
    storeSession();
    identityApi({ 'GET /api/identity/me': json(meResponse({}, { locale: 'sv_FI' })) });
    renderApp('/?lang=fi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tervetuloa, Olivia' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fi');
  });

  it("speaks the user's locale without a lang parameter", async () => {
    storeSession();
    identityApi({ 'GET /api/identity/me': json(meResponse({}, { locale: 'sv_FI' })) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Välkommen, Olivia' })).toBeTruthy();
  });
});
