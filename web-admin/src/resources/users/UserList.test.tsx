import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, housingCompany, json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const anna = adminUser(1, {
  email: 'anna.asukas@example.com',
  firstName: 'Anna',
  lastName: 'Asukas',
  roles: ['yitUser', 'owner'],
  lastLoginAt: '2026-03-01T10:00:00.000Z',
});
const ben = adminUser(2, {
  email: 'ben.board@example.com',
  firstName: 'Ben',
  lastName: 'Board',
  enabled: false,
});

const harbour = housingCompany(1, { name: 'Harbour View' });
const linden = housingCompany(2, { name: 'Linden Court' });

function staffApi(list = () => json([anna, ben], 200, { 'Content-Range': 'users 0-1/2' })) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/housing-companies': (request) => {
      const filter = JSON.parse(request.query.get('filter') ?? '{}') as { q?: string; id?: string[] };
      const rows = [harbour, linden].filter(
        (hc) =>
          (!filter.q || hc.name.toLowerCase().includes(filter.q.toLowerCase())) &&
          (!filter.id || filter.id.includes(hc.id)),
      );
      return listOf('housing-companies', rows);
    },
    'GET /api/identity/admin/users': list,
    [`GET /api/identity/admin/users/${anna.id}`]: () => json(anna),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('users list', () => {
  it('shows the users the API lists, with the total from Content-Range', async () => {
    const api = staffApi();
    renderAppAt('/admin/users', session);

    await screen.findByText('anna.asukas@example.com');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'E-mail',
      'First name',
      'Last name',
      'Roles',
      'Enabled',
      'Created',
      'Last login',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Anna')).toBeTruthy();
    expect(first.getByText('Asukas')).toBeTruthy();
    expect(first.getByText('YIT User')).toBeTruthy();
    expect(first.getByText('Owner')).toBeTruthy();
    expect(within(rows[1]!).getByText('Never')).toBeTruthy();
    expect(screen.getByText('1-2 of 2')).toBeTruthy();

    const request = api.to('GET /api/identity/admin/users')[0]!;
    expect(request.headers.get('authorization')).toBe('Bearer access-1');
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['email', 'ASC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(request.query.get('filter')!)).toEqual({});
  });

  it('sorts by a column and searches with the q filter', async () => {
    const api = staffApi();
    renderAppAt('/admin/users', session);
    await screen.findByText('anna.asukas@example.com');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Sort by last name ascending' }));
    await waitFor(() =>
      expect(JSON.parse(api.to('GET /api/identity/admin/users').at(-1)!.query.get('sort')!)).toEqual([
        'lastName',
        'ASC',
      ]),
    );

    await user.type(screen.getByPlaceholderText('Search'), 'anna');
    await waitFor(
      () =>
        expect(JSON.parse(api.to('GET /api/identity/admin/users').at(-1)!.query.get('filter')!)).toEqual({
          q: 'anna',
        }),
      { timeout: 3000 },
    );
  });

  it('filters by housing company, role and state, sending them in the filter query', async () => {
    const api = staffApi();
    renderAppAt('/admin/users', session);
    await screen.findByText('anna.asukas@example.com');
    const user = userEvent.setup();
    const lastFilter = () => JSON.parse(api.to('GET /api/identity/admin/users').at(-1)!.query.get('filter')!);

    await user.type(screen.getByRole('combobox', { name: 'Housing company' }), 'linden');
    await user.click(await screen.findByRole('option', { name: 'Linden Court' }));
    await waitFor(() => expect(lastFilter()).toEqual({ housingCompanyId: linden.id }), { timeout: 3000 });

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Board member' }));
    await waitFor(() => expect(lastFilter()).toEqual({ housingCompanyId: linden.id, role: 'boardMember' }), {
      timeout: 3000,
    });

    await user.click(screen.getByRole('combobox', { name: 'Enabled' }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await waitFor(
      () =>
        expect(lastFilter()).toEqual({ housingCompanyId: linden.id, role: 'boardMember', enabled: false }),
      { timeout: 3000 },
    );
  });

  it('opens a user from the list', async () => {
    staffApi();
    renderAppAt('/admin/users', session);
    const user = userEvent.setup();

    await user.click(await screen.findByText('anna.asukas@example.com'));

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/users/${anna.id}/show`));
    expect(await screen.findByText('portal')).toBeTruthy();
    expect(screen.getByText('Source')).toBeTruthy();
  });

  it("leads the spec's /admin/user/{id} address to the user's page", async () => {
    staffApi();
    renderAppAt(`/admin/user/${anna.id}`, session);
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/users/${anna.id}/show`));
    expect(await screen.findByText('anna.asukas@example.com')).toBeTruthy();
  });

  it('speaks Finnish with ?lang=fi', async () => {
    staffApi();
    renderAppAt('/admin/users?lang=fi', session);
    await screen.findByText('anna.asukas@example.com');
    expect(screen.getByRole('columnheader', { name: /Sähköposti/ })).toBeTruthy();
    expect(screen.getByText('YIT-käyttäjä')).toBeTruthy();
  });
});
