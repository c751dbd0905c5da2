import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
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
  partnerCompany,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const company: PartnerCompany = partnerCompany();
const pia: PartnerCompanyUser = {
  id: adminUser(5).id,
  email: 'pia.partner@example.com',
  firstName: 'Pia',
  lastName: 'Partner',
  phone: null,
  enabled: true,
  isKeyContact: false,
};
const newcomer = adminUser(6, { firstName: 'Nils', lastName: 'Newcomer', email: 'nils@example.com' });
const base = `/api/identity/admin/partner-companies/${company.id}`;

function api(extra: Record<string, (r: SentRequest) => Response> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/partner-companies': () => listOf('partner-companies', [company]),
    [`GET ${base}`]: () => json(company),
    [`PUT ${base}`]: (r) => json({ ...company, ...(r.body as object) }),
    'POST /api/identity/admin/partner-companies': (r) => json({ ...company, ...(r.body as object) }, 201),
    [`GET ${base}/users`]: () => json([pia]),
    [`POST ${base}/users`]: () => new Response(null, { status: 204 }),
    [`DELETE ${base}/users/${pia.id}`]: () => new Response(null, { status: 204 }),
    'GET /api/identity/admin/users': () => listOf('users', [newcomer]),
    'GET /api/identity/admin/taxonomy-terms': () => listOf('taxonomy-terms', []),
    ...extra,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('partner companies', () => {
  it('creates a company with its operational area, padding short zip codes', async () => {
    const calls = api();
    renderAppAt('/admin/partner-companies/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByRole('textbox', { name: /^Name/ }), 'Huolto Oy');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Maintenance manager' }));
    await user.click(screen.getByRole('tab', { name: 'Operational area' }));
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await fill(user, await screen.findByRole('textbox', { name: /^Zip code/ }), '520');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const route = 'POST /api/identity/admin/partner-companies';
    await waitFor(() => expect(calls.to(route)).toHaveLength(1));
    expect(calls.to(route)[0]?.body).toMatchObject({
      name: 'Huolto Oy',
      type: 'MAINTENANCE_MANAGER',
      active: true,
      operationalAreaZips: ['00520'],
      operationalAreaTaxonomies: [],
    });
  });

  it('refuses a zip code that is not digits', async () => {
    const calls = api();
    renderAppAt(`/admin/partner-companies/${company.id}/area`, session);
    const user = userEvent.setup();

    const zip = await screen.findByRole('textbox', { name: /^Zip code/ });
    await user.clear(zip);
    await fill(user, zip, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Zip code format such as 00520')).toBeTruthy();
    expect(calls.to(`PUT ${base}`)).toHaveLength(0);
  });

  it('lists the users, adds an existing user, makes a key contact and removes a user', async () => {
    const calls = api();
    renderAppAt(`/admin/partner-companies/${company.id}/show/users`, session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('pia.partner@example.com')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Make Pia Partner the key contact' }));
    await waitFor(() => expect(calls.to(`PUT ${base}`)).toHaveLength(1));
    expect(calls.to(`PUT ${base}`)[0]?.body).toEqual({ keyContactUserId: pia.id });

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('combobox', { name: /^User/ }), 'nils');
    await user.click(await screen.findByRole('option', { name: 'Nils Newcomer (nils@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to(`POST ${base}/users`)).toHaveLength(1));
    expect(calls.to(`POST ${base}/users`)[0]?.body).toEqual({ userId: newcomer.id });

    await user.click(await screen.findByRole('button', { name: 'Remove user Pia Partner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`DELETE ${base}/users/${pia.id}`)).toHaveLength(1));
  });
});
