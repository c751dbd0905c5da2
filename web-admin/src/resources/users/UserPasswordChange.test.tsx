import type { Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, json, meOf, mockFetch, type SentRequest, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const olli = adminUser(3, { firstName: 'Olli', lastName: 'Owner', email: 'olli.owner@example.com' });
const PASSWORD = `POST /api/identity/admin/users/${olli.id}/password`;
const PAGE = `/admin/user/password/${olli.id}`;

function api(roles: Role[], post: (r: SentRequest) => Response = () => new Response(null, { status: 204 })) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    [`GET /api/identity/admin/users/${olli.id}`]: () => json(olli),
    [`GET /api/identity/admin/users/${olli.id}/roles`]: () =>
      json({ global: [], housingCompanies: [], apartments: [], scheduledChanges: [] }),
    [PASSWORD]: post,
  });
}

const newPassword = () => screen.findByLabelText(/^New password\W*$/);
const again = () => screen.getByLabelText(/^New password again/);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe("setting a user's password (03 §2 /admin/user/password/{id}, §5, §7)", () => {
  it('shows the rules, checks that both entries match, sends the new password and goes back', async () => {
    const calls = api(['yitProject']);
    renderAppAt(PAGE, session);
    const user = userEvent.setup();

    expect(await screen.findByText(olli.email)).toBeTruthy();
    expect(screen.getByText(/At least 8 characters and three of these/)).toBeTruthy();
    await fill(user, await newPassword(), 'Vaahtera!Kuja7Z');
    await fill(user, again(), 'Vaahtera!Kuja7X');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("Password doesn't match")).toBeTruthy();
    expect(calls.to(PASSWORD)).toHaveLength(0);

    await user.clear(again());
    await fill(user, again(), 'Vaahtera!Kuja7Z');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(calls.to(PASSWORD)).toHaveLength(1));
    expect(calls.to(PASSWORD)[0]?.body).toEqual({ newPassword: 'Vaahtera!Kuja7Z' });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/users/${olli.id}/show`));
  });

  it("checks the rules before sending, and shows the server's refusal at the field", async () => {
    const calls = api(['admin'], () =>
      json(
        {
          type: 'about:blank',
          title: 'This password is too common or too easy to guess. Please choose another one.',
          status: 400,
          code: 'IDN_PASSWORD_TOO_COMMON',
          errors: [
            {
              path: 'body.newPassword',
              message: 'This password is too common or too easy to guess. Please choose another one.',
            },
          ],
        },
        400,
      ),
    );
    renderAppAt(PAGE, session);
    const user = userEvent.setup();

    await fill(user, await newPassword(), 'short');
    await fill(user, again(), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password invalid format')).toBeTruthy();
    expect(calls.to(PASSWORD)).toHaveLength(0);

    // The user's own name is not a password either (the same check as the server's).
    await user.clear(await newPassword());
    await fill(user, await newPassword(), 'Owner2024!');
    await user.clear(again());
    await fill(user, again(), 'Owner2024!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('This password is too common or too easy to guess. Please choose another one.'),
    ).toBeTruthy();
    expect(calls.to(PASSWORD)).toHaveLength(0);

    await user.clear(await newPassword());
    await fill(user, await newPassword(), 'Vaahtera!Kuja7Z');
    await user.clear(again());
    await fill(user, again(), 'Vaahtera!Kuja7Z');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls.to(PASSWORD)).toHaveLength(1));
    expect(
      await screen.findByText('This password is too common or too easy to guess. Please choose another one.'),
    ).toBeTruthy();
    expect(window.location.pathname).toBe(PAGE);
  });

  it("opens from the user's page for user managers only", async () => {
    api(['yitMarketing']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Change password' }));
    await waitFor(() => expect(window.location.pathname).toBe(PAGE));
    expect(await newPassword()).toBeTruthy();
  });

  it('offers nothing to a reader without management rights', async () => {
    api(['yitUser']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);

    expect(await screen.findByText(olli.email)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
  });

  it('points the viewer to My settings for their own password', async () => {
    const me = meOf(['admin'], { id: olli.id });
    mockFetch({
      'GET /api/identity/me': () => json(me),
      [`GET /api/identity/admin/users/${olli.id}`]: () => json(olli),
    });
    renderAppAt(PAGE, session);

    expect(await screen.findByText('Change your own password in My settings.')).toBeTruthy();
    expect(screen.queryByLabelText(/^New password\W*$/)).toBeNull();
  });
});
