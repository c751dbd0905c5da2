import type { ScheduledRoleChange } from '@porta/contracts';
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
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const harbour = housingCompany(1, { name: 'Harbour View' });
const a1 = apartment(1, harbour.id, { aptext: 'HV-A1', no: 'A 1' });
const olli = adminUser(3, { firstName: 'Olli', lastName: 'Owner', roles: [] });
const nina = adminUser(4, { firstName: 'Nina', lastName: 'New', email: 'nina@example.com' });
const pending: ScheduledRoleChange = {
  id: '9f1e2d3c-4b5a-4c6d-8e7f-000000000002',
  apartmentId: a1.id,
  apartmentNo: 'A 1',
  aptext: 'HV-A1',
  housingCompanyId: harbour.id,
  housingCompanyName: 'Harbour View',
  role: 'owner',
  startDate: '2099-01-15',
  addUserIds: [nina.id],
  removeUserIds: [olli.id],
  pending: true,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const changes = `/api/identity/admin/apartments/${a1.id}/scheduled-changes`;

function api(extra: Record<string, (r: SentRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    'GET /api/identity/admin/apartments': () => listOf('apartments', [a1]),
    [`GET /api/identity/admin/apartments/${a1.id}`]: () => json(a1),
    [`PUT /api/identity/admin/apartments/${a1.id}`]: (r) => json({ ...a1, ...(r.body as object) }),
    'GET /api/identity/admin/users': (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as {
        apartmentId?: string;
        id?: string[];
      };
      if (filter.apartmentId) return listOf('users', [olli]);
      const all = [olli, nina];
      return listOf('users', filter.id ? all.filter((u) => filter.id!.includes(u.id)) : all);
    },
    [`GET ${changes}`]: () => json([pending]),
    [`GET /api/identity/admin/apartments/${a1.id}/residents`]: () =>
      json([
        {
          userId: olli.id,
          firstName: 'Olli',
          lastName: 'Owner',
          email: olli.email,
          role: 'owner',
          validFrom: '2024-03-01',
          validUntil: null,
          standing: 'current',
        },
        {
          userId: nina.id,
          firstName: 'Nina',
          lastName: 'New',
          email: nina.email,
          role: 'tenant',
          validFrom: '2099-02-01',
          validUntil: '2099-12-31',
          standing: 'future',
        },
      ]),
    [`POST ${changes}`]: () => json(pending, 201),
    ...extra,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('apartments', () => {
  it('lists the apartments of the chosen housing company', async () => {
    const calls = api();
    renderAppAt('/admin/apartments', session);
    const user = userEvent.setup();

    await screen.findByText('HV-A1');
    await fill(user, screen.getByRole('combobox', { name: 'Housing company' }), 'Harbour');
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));

    await waitFor(
      () =>
        expect(
          JSON.parse(calls.to('GET /api/identity/admin/apartments').at(-1)!.query.get('filter')!),
        ).toEqual({
          housingCompanyId: harbour.id,
        }),
      { timeout: 3000 },
    );
  });

  it('shows the residents and the pending ownership changes with their users', async () => {
    api();
    renderAppAt(`/admin/apartments/${a1.id}/show`, session);

    const residents = await screen.findByRole('table', { name: 'Residents' });
    const olliRow = within(residents).getByText(olli.email).closest('tr')!;
    expect(within(olliRow).getByText('Owner')).toBeTruthy();
    expect(within(olliRow).getByText('01.03.2024 – until further notice')).toBeTruthy();
    expect(within(olliRow).getByText('In force')).toBeTruthy();
    const ninaRow = within(residents).getByText('nina@example.com').closest('tr')!;
    expect(within(ninaRow).getByText('Tenant')).toBeTruthy();
    expect(within(ninaRow).getByText('01.02.2099 – 31.12.2099')).toBeTruthy();
    expect(within(ninaRow).getByText('Starts later')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Scheduled changes' });
    expect(within(table).getByText('15.01.2099')).toBeTruthy();
    expect(await within(table).findByText('Nina New')).toBeTruthy();
    expect(within(table).getByText('Olli Owner')).toBeTruthy();
  });

  it('schedules an ownership change that starts now', async () => {
    const calls = api();
    renderAppAt(`/admin/apartments/${a1.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Schedule ownership change' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Now' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Olli Owner' }));
    await fill(user, within(dialog).getByRole('combobox', { name: 'Users who get the role' }), 'nina');
    await user.click(await screen.findByRole('option', { name: 'Nina New (nina@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${changes}`)).toHaveLength(1));
    expect(calls.to(`POST ${changes}`)[0]?.body).toEqual({
      role: 'owner',
      startDate: null,
      addUserIds: [nina.id],
      removeUserIds: [olli.id],
    });
    expect(await screen.findByText('Role change scheduled')).toBeTruthy();
  });

  it('edits an apartment without sending its housing company or timestamps', async () => {
    const route = `PUT /api/identity/admin/apartments/${a1.id}`;
    const calls = api();
    renderAppAt(`/admin/apartments/${a1.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Sauna' }));
    // Apartments are not deleted (identity has no such route): no Delete button to fail.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    const body = calls.to(route)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ sauna: true, aptext: 'HV-A1', no: 'A 1', size: 54.5 });
    for (const field of ['id', 'housingCompanyId', 'createdAt', 'updatedAt'])
      expect(body).not.toHaveProperty(field);
    expect(await screen.findByText('Apartment updated')).toBeTruthy();
  });
});
