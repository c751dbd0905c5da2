import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';

const TOKEN = 'invite-token-0123456789';
const INVITATION = `GET /api/identity/first-login/${TOKEN}`;
const SET_PASSWORD = `POST /api/identity/first-login/${TOKEN}`;
const STRONG = 'Kotona-2026!';

function open(routes: Parameters<typeof mockFetch>[0], path = `/firstlogin?token=${TOKEN}`) {
  const api = mockFetch({
    'GET /api/identity/login-options': json({ password: true, b2c: false }),
    [INVITATION]: json({ email: 'new.resident@demo.porta.test', firstName: 'Nina', lastName: 'Newcomer' }),
    ...routes,
  });
  return { ...api, ...renderApp(path), user: userEvent.setup() };
}

describe('/firstlogin (public)', () => {
  it('sets the password twice, then leads to /login with the e-mail filled in', async () => {
    const app = open({ [SET_PASSWORD]: new Response(null, { status: 204 }) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Porta' });
    expect(
      await screen.findByText('Nina, set a password for your account new.resident@demo.porta.test.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Set your password - Porta'));

    await app.user.type(screen.getByLabelText('New password'), STRONG);
    await app.user.type(screen.getByLabelText('New password again'), 'Kotona-2026?');
    await app.user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText("Password doesn't match")).toBeTruthy();

    await app.user.clear(screen.getByLabelText('New password'));
    await app.user.type(screen.getByLabelText('New password'), 'short');
    await app.user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Password invalid format')).toBeTruthy();
    expect(app.calls()).not.toContain(SET_PASSWORD);

    await app.user.clear(screen.getByLabelText('New password'));
    await app.user.clear(screen.getByLabelText('New password again'));
    await app.user.type(screen.getByLabelText('New password'), STRONG);
    await app.user.type(screen.getByLabelText('New password again'), STRONG);
    await app.user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(
      await screen.findByText(
        'Your password has been set. Sign in with your e-mail address and the new password.',
      ),
    ).toBeTruthy();
    expect(app.path()).toBe('/login');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('new.resident@demo.porta.test');
    expect(app.requests.find((r) => `${r.method} ${r.path}` === SET_PASSWORD)?.body).toEqual({
      password: STRONG,
      passwordConfirmation: STRONG,
    });
  });

  it('refuses a common password or one made of the own name before asking the server', async () => {
    const app = open({ [SET_PASSWORD]: new Response(null, { status: 204 }) });
    await screen.findByText('Nina, set a password for your account new.resident@demo.porta.test.');
    const tooCommon = 'This password is too common or too easy to guess. Please choose another one.';
    for (const password of ['Password1!', 'Newcomer-2026!']) {
      await app.user.clear(screen.getByLabelText('New password'));
      await app.user.clear(screen.getByLabelText('New password again'));
      await app.user.type(screen.getByLabelText('New password'), password);
      await app.user.type(screen.getByLabelText('New password again'), password);
      await app.user.click(screen.getByRole('button', { name: 'Set password' }));
      expect(screen.getByText(tooCommon), password).toBeTruthy();
    }
    expect(app.calls()).not.toContain(SET_PASSWORD);
  });

  it('says so when the link is invalid, used or expired', async () => {
    open({ [INVITATION]: problem(400, 'IDN_LINK_INVALID', 'This link is invalid or has expired.') });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says so without a token, asking nothing', async () => {
    const app = open({}, '/firstlogin');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This link is invalid or has expired.',
    );
    expect(app.calls().filter((c) => c.includes('first-login'))).toEqual([]);
  });

  it("shows the server's password refusal at the field", async () => {
    const app = open({ [SET_PASSWORD]: problem(400, 'IDN_PASSWORD_FORMAT', 'Password invalid format') });
    await app.user.type(await screen.findByLabelText('New password'), STRONG);
    await app.user.type(screen.getByLabelText('New password again'), STRONG);
    await app.user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password invalid format')).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(app.path()).toBe(`/firstlogin?token=${TOKEN}`);
  });
});
