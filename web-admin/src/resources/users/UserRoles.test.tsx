import type { AdminUserRoles } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  apartment,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  problem,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const VIEWER_ID = meOf([]).user.id;
const harbour = housingCompany(1, { name: 'Harbour View' });
const a1 = apartment(1, harbour.id, { aptext: 'HV-A1', no: 'A 1' });

function rolesOf(userId: string): AdminUserRoles {
  return {
    global: [],
    apartments: [
      {
        apartmentId: a1.id,
        apartmentNo: 'A 1',
        aptext: 'HV-A1',
        housingCompanyId: harbour.id,
        housingCompanyName: 'Harbour View',
        housingCompanyState: 'living',
        role: 'owner',
        validFrom: '2026-01-01',
        validUntil: null,
      },
    ],
    housingCompanies: [
      {
        housingCompanyId: harbour.id,
        housingCompanyName: 'Harbour View',
        housingCompanyState: 'living',
        role: 'siteAdministrator',
        validFrom: null,
        validUntil: null,
      },
      {
        housingCompanyId: harbour.id,
        housingCompanyName: 'Harbour View',
        housingCompanyState: 'living',
        role: 'boardMember',
        validFrom: null,
        validUntil: '2026-12-31',
      },
    ],
    scheduledChanges: [
      {
        id: '9f1e2d3c-4b5a-4c6d-8e7f-000000000001',
        apartmentId: a1.id,
        apartmentNo: 'A 1',
        aptext: 'HV-A1',
        housingCompanyId: harbour.id,
        housingCompanyName: 'Harbour View',
        role: 'owner',
        startDate: '2099-03-01',
        addUserIds: [],
        removeUserIds: [userId],
        pending: true,
        createdBy: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  };
}

function api(userId: string, extra: Record<string, (r: SentRequest) => Response> = {}) {
  const person = adminUser(3, { id: userId, firstName: 'Olli', lastName: 'Owner' });
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    [`GET /api/identity/admin/users/${userId}`]: () => json(person),
    'GET /api/identity/admin/users': () => listOf('users', [person]),
    [`GET /api/identity/admin/users/${userId}/roles`]: () => json(rolesOf(userId)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    'GET /api/identity/admin/apartments': () => listOf('apartments', [a1]),
    [`DELETE /api/identity/admin/users/${userId}/apartment-roles/${a1.id}/owner`]: () =>
      new Response(null, { status: 204 }),
    ...extra,
  });
}

const OTHER_ID = '0b8c6f0e-5d1a-4c1e-8f5e-000000000003';

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe("a user's roles", () => {
  it('lists apartment and housing-company roles with their validity as DD.MM.YYYY', async () => {
    api(OTHER_ID);
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);

    const apartments = await screen.findByRole('table', { name: 'Roles in apartments' });
    const row = within(apartments).getAllByRole('row')[1]!;
    expect(within(row).getByText('HV-A1')).toBeTruthy();
    expect(within(row).getByText('Owner')).toBeTruthy();
    expect(within(row).getByText('01.01.2026')).toBeTruthy();
    const companies = screen.getByRole('table', { name: 'Roles in housing companies' });
    expect(within(companies).getByText('31.12.2026')).toBeTruthy();
  });

  it('offers no remove button for the site administrator role', async () => {
    api(OTHER_ID);
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);

    await screen.findByRole('table', { name: 'Roles in housing companies' });
    expect(screen.getByRole('button', { name: 'Remove role Board member (Harbour View)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove role Site administrator/ })).toBeNull();
  });

  it("removes another user's role after a plain confirmation, without ?confirm", async () => {
    const calls = api(OTHER_ID);
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove role Owner (HV-A1, Harbour View)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove the role?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const route = `DELETE /api/identity/admin/users/${OTHER_ID}/apartment-roles/${a1.id}/owner`;
    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.query.get('confirm')).toBeNull();
    expect(await screen.findByText('Role removed')).toBeTruthy();
  });

  it('asks to confirm the permanent removal of one’s own role and sends ?confirm=true', async () => {
    const calls = api(VIEWER_ID);
    renderAppAt(`/admin/users/${VIEWER_ID}/show/roles`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove role Owner (HV-A1, Harbour View)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove your own role?')).toBeTruthy();
    expect(within(dialog).getByText(/This is permanent/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove permanently' }));

    const route = `DELETE /api/identity/admin/users/${VIEWER_ID}/apartment-roles/${a1.id}/owner`;
    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.query.get('confirm')).toBe('true');
  });

  it('switches to the permanent-removal confirmation when the server asks for it', async () => {
    let answered = 0;
    const route = `DELETE /api/identity/admin/users/${OTHER_ID}/apartment-roles/${a1.id}/owner`;
    const calls = api(OTHER_ID, {
      [route]: () =>
        answered++ === 0
          ? problem(
              409,
              'IDN_OWN_ROLE_CONFIRM_REQUIRED',
              'Removing your own role is permanent. Confirm to remove it.',
            )
          : new Response(null, { status: 204 }),
    });
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Remove role Owner (HV-A1, Harbour View)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Remove permanently' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(2));
    expect(calls.to(route).map((r) => r.query.get('confirm'))).toEqual([null, 'true']);
  });

  it('refuses an apartment role whose end is before its start, before sending it', async () => {
    const calls = api(OTHER_ID);
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add apartment role' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('combobox', { name: /^Housing company/ }), 'Harbour');
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Apartment/ }));
    await user.click(await screen.findByRole('option', { name: 'HV-A1' }));
    await fill(user, within(dialog).getByLabelText('Valid from'), '2026-06-10');
    await fill(user, within(dialog).getByLabelText('Valid until'), '2026-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('The end must not be before the start')).toBeTruthy();
    expect(calls.to(`POST /api/identity/admin/users/${OTHER_ID}/apartment-roles`)).toHaveLength(0);
  });

  it('adds an apartment role with its validity', async () => {
    const route = `POST /api/identity/admin/users/${OTHER_ID}/apartment-roles`;
    const calls = api(OTHER_ID, { [route]: () => json(rolesOf(OTHER_ID).apartments[0], 201) });
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add apartment role' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('combobox', { name: /^Housing company/ }), 'Harbour');
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Apartment/ }));
    await user.click(await screen.findByRole('option', { name: 'HV-A1' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Tenant' }));
    await fill(user, within(dialog).getByLabelText('Valid from'), '2026-06-01');
    await fill(user, within(dialog).getByLabelText('Valid until'), '2026-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.body).toEqual({
      apartmentId: a1.id,
      role: 'tenant',
      validFrom: '2026-06-01',
      validUntil: '2026-06-30',
    });
    expect(await screen.findByText('Role added')).toBeTruthy();
  });

  it('lists a pending scheduled change and removes it after confirmation', async () => {
    const change = rolesOf(OTHER_ID).scheduledChanges[0]!;
    const route = `DELETE /api/identity/admin/scheduled-changes/${change.id}`;
    const calls = api(OTHER_ID, { [route]: () => new Response(null, { status: 204 }) });
    renderAppAt(`/admin/users/${OTHER_ID}/show/roles`, session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Scheduled changes' });
    expect(within(table).getByText('01.03.2099')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Remove the change starting 01.03.2099' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
  });
});
