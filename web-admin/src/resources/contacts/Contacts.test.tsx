import type { AdminContact } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTHOR } from '../../content/testing';
import {
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const CONTACTS = '/api/content/admin/contacts';
const harbour = housingCompany(1, { name: 'Harbour View' });
const maija: AdminContact = {
  id: 'c0a7ac70-0000-4c1e-8f5e-000000000001',
  codename: 'maija-manager',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  author: AUTHOR,
  scheduled: false,
  canEdit: true,
  name: 'Maija Manager',
  defaultLanguage: 'en',
  variants: { en: { title: 'Property manager' } },
  email: 'maija@example.com',
  phoneNumber: '+358 40 123 4567',
  isPrimary: true,
  isDefault: false,
  contactTaxonomies: ['property_management'],
  priority: null,
  effectivePriority: 2,
  targeting: { housingCompanyIds: [harbour.id], buildingTaxonomies: [] },
  status: 'published',
  publishAt: '2026-03-01T08:00:00.000Z',
  unpublishAt: null,
};

function api(roles: Parameters<typeof meOf>[0], hcs: ReturnType<typeof myHousingCompany>[] = []) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles, {}, hcs)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [harbour]),
    [`GET ${CONTACTS}`]: () => listOf('contacts', [maija]),
    [`GET ${CONTACTS}/${maija.id}`]: () => json(maija),
    [`POST ${CONTACTS}`]: () => json(maija, 201),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('contacts (/admin/contacts)', () => {
  it('lists the contact cards by name with their groups and priority', async () => {
    const calls = api(['yitUser']);
    renderAppAt('/admin/contacts', session);

    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByText('Maija Manager')).toBeTruthy();
    expect(within(row).getByText('Property management')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(JSON.parse(calls.to(`GET ${CONTACTS}`)[0]!.query.get('sort')!)).toEqual(['name', 'ASC']);
    // 03 §2 names yitUser on contacts: the developer's staff add them too (ADR 0022).
    expect(screen.getByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it('keeps board members out of the contacts', async () => {
    api(['contributor'], [myHousingCompany(1, ['boardMember'])]);
    renderAppAt('/admin/contacts', session);
    // Board members do not reach the contacts (03 §2: yitUser and propertyManager).
    expect(await screen.findByText(/not found/i)).toBeTruthy();
  });

  it("lets a property manager add a contact to their housing company, and opens its 'created' page", async () => {
    const calls = api(['contributor'], [myHousingCompany(1, ['propertyManager'])]);
    renderAppAt('/admin/contacts/new', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Name/), 'Maija Manager');
    await fill(user, screen.getByLabelText('E-mail'), 'not-an-address');
    await fill(user, screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
    expect(screen.getByText('Use digits, spaces and + ( ) . / -')).toBeTruthy();
    expect(screen.getByText('Choose at least one of your housing companies')).toBeTruthy();
    expect(calls.to(`POST ${CONTACTS}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText('E-mail'));
    await fill(user, screen.getByLabelText('E-mail'), 'maija@example.com');
    await user.clear(screen.getByLabelText('Phone'));
    await fill(user, screen.getByLabelText('Phone'), '+358 40 123 4567');
    await user.click(screen.getByRole('checkbox', { name: 'Property management' }));
    await user.click(screen.getByLabelText(/^Housing companies/));
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${CONTACTS}`)).toHaveLength(1));
    expect(calls.to(`POST ${CONTACTS}`)[0]!.body).toMatchObject({
      name: 'Maija Manager',
      email: 'maija@example.com',
      phoneNumber: '+358 40 123 4567',
      contactTaxonomies: ['property_management'],
      priority: null,
      variants: { en: {} },
      targeting: { housingCompanyIds: [harbour.id], buildingTaxonomies: [] },
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/contacts/created/${maija.id}`));
    expect(await screen.findByText('Contact saved')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Preview as a resident' })).toBeNull();
  });
});
