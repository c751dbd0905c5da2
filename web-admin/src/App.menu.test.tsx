import type { Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, myHousingCompany, tokens } from './testing/fetch-mock';
import { renderAppAt } from './testing/render-app';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

function api(profile: ReturnType<typeof meOf>) {
  return mockFetch({
    'GET /api/identity/me': () => json(profile),
    'GET /api/identity/admin/users': () => listOf('users', []),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
    'GET /api/identity/admin/feature-toggles': () => listOf('feature-toggles', []),
  });
}

/** The entries of the side menu, by their text. */
async function menuEntries(): Promise<string[]> {
  await screen.findByText('Welcome, Anna Admin!');
  const menu = document.querySelector('.RaMenu-open, .RaMenu-closed');
  if (!menu) throw new Error('No menu');
  return within(menu as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

const IDENTITY_STAFF = ['Dashboard', 'Users', 'Housing companies', 'Apartments', 'Partner companies'];
/**
 * Content sections of the developer's staff (03 §2): content (with the document library and the
 * e-mail letters, which the developer's staff run everywhere), community, support, service shop,
 * feedback.
 */
const CONTENT_STAFF = [
  'News',
  'Calendar',
  'Contacts',
  'Lifecycle steps',
  'FAQ and help',
  'Pages',
  'Feeds',
  'Documents',
  'E-mail letters',
  'Violation reports',
  'Service requests',
  'Campaigns',
  'Shop partners',
  'Feedback',
];
const ALL = [...IDENTITY_STAFF, 'Taxonomy terms', 'Feature toggles', ...CONTENT_STAFF];

describe('menu per role (01 §6, 03 §2, §6)', () => {
  const cases: [string, Role[], ReturnType<typeof myHousingCompany>[], string[], number?][] = [
    ['admin', ['admin'], [], ALL],
    ['yitUser', ['yitUser'], [], [...IDENTITY_STAFF, ...CONTENT_STAFF]],
    ['yitBusinessAdmin (yitUser alias)', ['yitBusinessAdmin'], [], [...IDENTITY_STAFF, ...CONTENT_STAFF]],
    // Partners get the service shop's campaigns only of the content sections.
    [
      'partner',
      ['partner'],
      [],
      ['Dashboard', 'Housing companies', 'Apartments', 'Partner companies', 'Campaigns'],
    ],
    [
      'contributor',
      ['contributor'],
      [],
      [
        'Dashboard',
        'Housing companies',
        'Apartments',
        'Partner companies',
        'News',
        'Calendar',
        'Lifecycle steps',
      ],
    ],
    [
      'contributor who is a board member',
      ['contributor'],
      [myHousingCompany(1, ['boardMember'])],
      // Board members moderate their housing company's community and handle its service requests.
      [...IDENTITY_STAFF, 'News', 'Calendar', 'Lifecycle steps', 'Violation reports', 'Service requests'],
    ],
    [
      'a property manager who is a user of a property-management company (no campaigns: not a partner; the documents and letters of their companies)',
      [],
      [myHousingCompany(1, ['propertyManager'])],
      [
        ...IDENTITY_STAFF,
        'News',
        'Calendar',
        'Contacts',
        'Lifecycle steps',
        'Documents',
        'E-mail letters',
        'Violation reports',
        'Service requests',
      ],
      1,
    ],
    [
      'contributor who is a property manager (contacts, documents and letters too)',
      ['contributor'],
      [myHousingCompany(1, ['propertyManager'])],
      [
        ...IDENTITY_STAFF,
        'News',
        'Calendar',
        'Contacts',
        'Lifecycle steps',
        'Documents',
        'E-mail letters',
        'Violation reports',
        'Service requests',
      ],
    ],
  ];

  for (const [name, roles, hcs, expected, partnerCompanies = 0] of cases) {
    it(`shows ${name} exactly the sections they may use`, async () => {
      const partnerCompanyRefs = Array.from({ length: partnerCompanies }, () => ({
        id: '2d3e4f5a-6b7c-4d8e-9f0a-000000000001',
        externalId: null,
        name: 'Demo Isännöinti Oy',
      }));
      api(meOf(roles, { partnerCompanies: partnerCompanyRefs }, hcs));
      renderAppAt('/admin', session);
      expect(await menuEntries()).toEqual(expected);
    });
  }

  it('does not route a section the viewer may not use', async () => {
    const calls = api(meOf(['yitUser']));
    renderAppAt('/admin/feature-toggles', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to('GET /api/identity/admin/feature-toggles')).toHaveLength(0);
  });

  it('routes the e-mail letters only for those who write them (yitUser, a property manager)', async () => {
    api(meOf(['contributor']));
    renderAppAt('/admin/email-letters', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'E-mail letters' })).toBeNull();
  });

  it('opens the e-mail letters from the menu', async () => {
    api(meOf(['yitUser']));
    renderAppAt('/admin', session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('menuitem', { name: 'E-mail letters' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail letters' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/email-letters');
  });

  it('lets an administrator open the feature toggles', async () => {
    const calls = api(meOf(['admin']));
    renderAppAt('/admin/feature-toggles', session);
    await waitFor(() => expect(calls.to('GET /api/identity/admin/feature-toggles')).toHaveLength(1));
    expect(await screen.findByText('No Feature toggles yet.')).toBeTruthy();
  });

  it('links the user menu to the resident portal and My settings', async () => {
    api(meOf(['admin']));
    renderAppAt('/admin', session);
    const user = userEvent.setup();
    // A narrow screen shows the icon only, named "Profile"; a wide one shows the user's name and
    // names the button by it ("Anna Admin, your menu": the browser test's axe run checks it).
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    expect(screen.getByRole('menuitem', { name: 'Resident portal' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('menuitem', { name: 'My settings' }).getAttribute('href')).toBe('/my-settings');
    expect(screen.getByRole('menuitem', { name: 'Help' })).toBeTruthy();
  });

  it('opens the application settings (/admin/settings) from the user menu', async () => {
    api(meOf(['admin']));
    renderAppAt('/admin', session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(screen.getByRole('menuitem', { name: 'Application settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Application settings' })).toBeTruthy();
    const requests = screen.getByRole('region', { name: 'Service requests' });
    // The recipients of a type are the rule table the service uses (ADR 0018).
    const board = within(requests)
      .getByRole('rowheader', { name: 'Housing association board' })
      .closest('tr');
    expect(board?.textContent).toContain('Board member, Chairman');
    expect(within(requests).getByText(/once every 60 minutes/)).toBeTruthy();
    expect(within(requests).getByText(/nothing has happened to it for 7 days/)).toBeTruthy();
    const zones = screen.getByRole('region', { name: 'Calendar days and time zones' });
    expect(within(zones).getByRole('rowheader', { name: 'Poland' }).closest('tr')?.textContent).toContain(
      'Europe/Warsaw',
    );
    expect(screen.getByRole('region', { name: 'Languages' }).querySelectorAll('li')).toHaveLength(9);
    // Admin manages the feature toggles (/admin/settings/features).
    expect(screen.getByRole('link', { name: 'Open feature toggles' }).getAttribute('href')).toBe(
      '/admin/feature-toggles',
    );
  });

  it('shows the settings without the feature toggles to staff who may not switch them', async () => {
    api(meOf(['yitUser']));
    renderAppAt('/admin/settings', session);
    expect(await screen.findByRole('heading', { level: 1, name: 'Application settings' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Feature toggles' })).toBeNull();
  });

  it('keeps a partner out of the users section', async () => {
    const calls = api(meOf(['partner']));
    renderAppAt('/admin/users', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to('GET /api/identity/admin/users')).toHaveLength(0);
  });
});
