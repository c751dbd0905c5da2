import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cs } from '../i18n/cs';
import { lt } from '../i18n/lt';
import { sv } from '../i18n/sv';
import { json, meOf, mockFetch, problem, tokens } from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
});

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('is where a visitor without a session lands', async () => {
    mockFetch({});
    renderAppAt('/admin/users', session);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
  });

  it("shows the server's message when the password is wrong", async () => {
    mockFetch({
      'POST /api/identity/login': () =>
        problem(401, 'IDN_INVALID_CREDENTIALS', 'Incorrect e-mail address or password.'),
    });
    renderAppAt('/admin/login', session);

    await signIn('anna.admin@demo.porta.test', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail address or password.');
    expect(window.location.pathname).toBe('/admin/login');
  });

  it('turns away a resident who signs in, with a clear message', async () => {
    const api = mockFetch({
      'POST /api/identity/login': () => json(tokens(1)),
      'GET /api/identity/me': () => json(meOf(['owner'])),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    renderAppAt('/admin/login', session);

    await signIn('owner@demo.porta.test', 'Demo-Portal-2026');

    expect((await screen.findByRole('alert')).textContent).toBe('Not authorised to see this content.');
    expect(api.to('POST /api/identity/logout')).toHaveLength(1);
    expect(session.read()).toBeNull();
  });

  it('signs staff in and opens the dashboard with their name', async () => {
    const api = mockFetch({
      'POST /api/identity/login': () => json(tokens(1)),
      'GET /api/identity/me': () => json(meOf(['yitUser'])),
    });
    renderAppAt('/admin/login', session);

    await signIn('anna.admin@demo.porta.test', 'Demo-Portal-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Porta administration' })).toBeTruthy();
    expect(await screen.findByText('Welcome, Anna Admin!')).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/');
    expect(api.to('POST /api/identity/login')[0]?.body).toEqual({
      email: 'anna.admin@demo.porta.test',
      password: 'Demo-Portal-2026',
    });
  });

  it('keeps a resident signed in through the resident app out, and leaves their session alone', async () => {
    session.accept(tokens(9));
    const api = mockFetch({ 'GET /api/identity/me': () => json(meOf(['tenant'])) });
    renderAppAt('/admin/users', session);

    expect((await screen.findByRole('alert')).textContent).toBe('Not authorised to see this content.');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(api.to('GET /api/identity/admin/users')).toHaveLength(0);
    expect(api.to('POST /api/identity/logout')).toHaveLength(0);
    expect(session.read()?.accessToken).toBe('access-9');
  });

  it('is in Finnish with ?lang=fi', async () => {
    mockFetch({});
    renderAppAt('/admin/login?lang=fi', session);
    expect(await screen.findByRole('button', { name: 'Kirjaudu sisään' })).toBeTruthy();
    expect(screen.getByLabelText('Sähköposti')).toBeTruthy();
    expect(screen.getByLabelText('Salasana')).toBeTruthy();
  });

  it.each([
    ['sv', sv],
    ['cs', cs],
    ['lt', lt],
  ] as const)('starts in the language of ?lang=%s, downloaded first', async (language, messages) => {
    mockFetch({});
    renderAppAt(`/admin/login?lang=${language}`, session);
    expect(await screen.findByRole('button', { name: messages.porta.login.submit })).toBeTruthy();
    expect(document.documentElement.lang).toBe(language);
  });
});
