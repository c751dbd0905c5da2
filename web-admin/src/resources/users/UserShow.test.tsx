import type { Ban, Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../testing/downloads';
import {
  adminUser,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const harbour = housingCompany(1, { name: 'Harbour View' });
const olli = adminUser(3, { firstName: 'Olli', lastName: 'Owner', registered: false });
const ban: Ban = {
  id: '7e6d5c4b-3a29-4180-9f8e-000000000001',
  userId: olli.id,
  housingCompanyId: harbour.id,
  housingCompanyName: 'Harbour View',
  expiryDate: '2099-12-31',
  expiresAt: '2100-01-01T00:00:00.000Z',
  reason: 'Spam',
  active: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function api(roles: Role[], extra: Record<string, (r: SentRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    [`GET /api/identity/admin/users/${olli.id}`]: () => json(olli),
    [`PUT /api/identity/admin/users/${olli.id}`]: (r) => json({ ...olli, ...(r.body as object) }),
    [`GET /api/identity/admin/users/${olli.id}/bans`]: () => json([ban]),
    [`POST /api/identity/admin/users/${olli.id}/bans`]: () => json(ban, 201),
    [`DELETE /api/identity/admin/users/${olli.id}/bans/${ban.id}`]: () => new Response(null, { status: 204 }),
    [`POST /api/identity/admin/users/${olli.id}/deactivate`]: () => json({ ...olli, enabled: false }),
    [`POST /api/identity/admin/users/${olli.id}/invitation`]: () =>
      json({ email: olli.email, expiresAt: '2026-01-08T00:00:00.000Z' }, 202),
    [`GET /api/identity/admin/users/${olli.id}/gdpr-report`]: () =>
      json({ profile: { email: olli.email } }, 200, {
        'Content-Disposition': 'attachment; filename="porta-user-information-2026-03-01.json"',
      }),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    ...extra,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user page actions', () => {
  it('deactivates the user after a confirmation', async () => {
    const calls = api(['admin']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Olli Owner can no longer sign in/)).toBeTruthy();
    expect(calls.to(`POST /api/identity/admin/users/${olli.id}/deactivate`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() =>
      expect(calls.to(`POST /api/identity/admin/users/${olli.id}/deactivate`)).toHaveLength(1),
    );
    expect(await screen.findByText('User deactivated')).toBeTruthy();
  });

  it('sends an invitation to a user who has not registered', async () => {
    const calls = api(['admin']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(calls.to(`POST /api/identity/admin/users/${olli.id}/invitation`)).toHaveLength(1),
    );
    expect(await screen.findByText(`An invitation was sent to ${olli.email}.`)).toBeTruthy();
  });

  it('downloads the user information as a JSON file', async () => {
    const calls = api(['yitBusinessAdmin']);
    const { saved: clicked, createObjectURL } = catchDownloads();
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Export user information' }));

    await waitFor(() => expect(clicked).toEqual(['porta-user-information-2026-03-01.json']));
    expect(calls.to(`GET /api/identity/admin/users/${olli.id}/gdpr-report`)[0]?.query.get('download')).toBe(
      '1',
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows a reader without management rights no actions', async () => {
    api(['yitUser']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);

    expect(await screen.findByText(olli.email)).toBeTruthy();
    for (const name of ['Edit', 'Deactivate', 'Send invitation', 'Export user information']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('tab', { name: 'Bans' })).toBeNull();
  });

  it('edits the user without sending the e-mail, which is shown read-only', async () => {
    const route = `PUT /api/identity/admin/users/${olli.id}`;
    const calls = api(['admin']);
    renderAppAt(`/admin/users/${olli.id}`, session);
    const user = userEvent.setup();

    const email = await screen.findByRole('textbox', { name: /^E-mail/ });
    expect((email as HTMLInputElement).disabled).toBe(true);
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await fill(user, phone, '040 765 4321');
    // A user is deleted from their page, with its own confirmation: the form offers no Delete.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.body).toEqual({
      firstName: 'Olli',
      lastName: 'Owner',
      phone: '040 765 4321',
      locale: 'en_US',
      externalId: null,
      publicProfile: false,
    });
  });
});

describe('bans', () => {
  it('lists bans with the expiry as DD.MM.YYYY and lifts one after a confirmation', async () => {
    const calls = api(['admin']);
    renderAppAt(`/admin/users/${olli.id}/show/bans`, session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Bans' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Harbour View')).toBeTruthy();
    expect(within(row).getByText('31.12.2099')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Lift the ban (Harbour View)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(calls.to(`DELETE /api/identity/admin/users/${olli.id}/bans/${ban.id}`)).toHaveLength(1),
    );
  });

  it('bans globally until the end of the chosen day', async () => {
    const calls = api(['admin']);
    renderAppAt(`/admin/users/${olli.id}/show/bans`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Ban user' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Everywhere (global)' }));
    const expiry = within(dialog).getByLabelText(/^Ban ends/);
    await user.clear(expiry);
    await fill(user, expiry, '2099-06-30');
    expect(within(dialog).getByText('The ban ends at the end of the day 30.06.2099.')).toBeTruthy();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));

    const route = `POST /api/identity/admin/users/${olli.id}/bans`;
    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.body).toEqual({
      expiryDate: '2099-06-30',
      housingCompanyId: null,
      reason: 'Abuse',
    });
  });
});
