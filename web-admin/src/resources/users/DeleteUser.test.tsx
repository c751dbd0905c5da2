import type { AdminUser, Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  problem,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const olli = adminUser(3, { firstName: 'Olli', lastName: 'Owner', email: 'olli.owner@example.com' });
const DELETE = `DELETE /api/identity/admin/users/${olli.id}`;

function api(
  me: ReturnType<typeof meOf>,
  options: { target?: AdminUser; remove?: (r: SentRequest) => Response } = {},
) {
  const target = options.target ?? olli;
  return mockFetch({
    'GET /api/identity/me': () => json(me),
    [`GET /api/identity/admin/users/${target.id}`]: () => json(target),
    [`GET /api/identity/admin/users/${target.id}/roles`]: () =>
      json({ global: [], housingCompanies: [], apartments: [], scheduledChanges: [] }),
    'GET /api/identity/admin/users': () => listOf('users', []),
    [`DELETE /api/identity/admin/users/${target.id}`]:
      options.remove ?? (() => new Response(null, { status: 204 })),
  });
}

const as = (...roles: Role[]) => meOf(roles);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('deleting a user (03 §7 DELETE /user?id)', () => {
  it('names the user and deletes only once their e-mail address is typed', async () => {
    const calls = api(as('admin'));
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the user?' });
    expect(
      within(dialog).getByText(/Olli Owner \(olli\.owner@example\.com\) will be deleted permanently/),
    ).toBeTruthy();
    const remove = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);

    const typed = within(dialog).getByRole('textbox', { name: "Type the user's e-mail address to confirm" });
    await fill(user, typed, 'olli.owner@example');
    expect(remove.disabled).toBe(true);
    await fill(user, typed, '.com');
    expect(remove.disabled).toBe(false);
    await user.click(remove);

    await waitFor(() => expect(calls.to(DELETE)).toHaveLength(1));
    expect(calls.to(DELETE)[0]?.query.get('confirm')).toBe('true');
    expect(await screen.findByText('User deleted')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/users'));
  });

  it('sends nothing when cancelled', async () => {
    const calls = api(as('yitBusinessAdmin'));
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(DELETE)).toHaveLength(0);
    expect(window.location.pathname).toBe(`/admin/users/${olli.id}/show`);
  });

  it("shows the service's refusal in the viewer's words and stays on the page", async () => {
    api(as('yitMarketing'), {
      remove: () => problem(409, 'IDN_USER_DELETE_SELF', 'You cannot delete your own account.'),
    });
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox'), olli.email);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('You cannot delete your own account.')).toBeTruthy();
    expect(window.location.pathname).toBe(`/admin/users/${olli.id}/show`);
  });

  it('is offered to the global user managers only, never on the own page, an admin only to admin', async () => {
    const cases: { me: ReturnType<typeof meOf>; target?: AdminUser; offered: boolean }[] = [
      { me: as('yitProject'), offered: true },
      { me: as('yitUser'), offered: false },
      { me: meOf([], {}, [myHousingCompany(1, ['propertyManager'])]), offered: false },
      { me: as('yitMarketing'), target: adminUser(4, { roles: ['admin'] }), offered: false },
      { me: as('admin'), target: adminUser(4, { roles: ['admin'] }), offered: true },
      { me: meOf(['admin'], { id: olli.id }), offered: false },
    ];
    for (const { me, target = olli, offered } of cases) {
      api(me, { target });
      const { unmount } = renderAppAt(`/admin/users/${target.id}/show`, session);
      expect(await screen.findByText(target.email)).toBeTruthy();
      const label = `${me.user.roles.join(',') || 'company manager'} → ${target.roles.join(',') || 'resident'}`;
      expect(!!screen.queryByRole('button', { name: 'Delete user' }), label).toBe(offered);
      unmount();
    }
  });
});
