import type { HousingCompanyPartner } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apartment, housingCompany, json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const demo = housingCompany(9, { name: 'Demo Heights', isDemo: true, state: 'construction' });
const harbour = housingCompany(1, { name: 'Harbour View' });
const base = `/api/identity/admin/housing-companies/${harbour.id}`;
const manager: HousingCompanyPartner = {
  housingCompanyId: harbour.id,
  type: 'PropertyManager',
  partnerCompanyId: '2d3e4f5a-6b7c-4d8e-9f0a-000000000009',
  name: 'Isännöinti Oy',
  keyContactUserId: null,
  keyContactName: 'Maija Manager',
};

function api() {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['admin'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [demo, harbour]),
    [`GET ${base}`]: () => json(harbour),
    [`GET ${base}/partners`]: () => json([manager]),
    [`DELETE ${base}/partners/PropertyManager/${manager.partnerCompanyId}`]: () =>
      new Response(null, { status: 204 }),
    'GET /api/identity/admin/apartments': () =>
      listOf('apartments', [apartment(1, harbour.id, { aptext: 'HV-A1' })]),
    'GET /api/identity/features': () =>
      json({ features: { news: { settings: {} }, warranty: { settings: {} } } }),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('housing companies', () => {
  it('lists the companies as the API orders them (demo first), with state and demo marks', async () => {
    const calls = api();
    renderAppAt('/admin/housing-companies', session);

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Demo Heights')).toBeTruthy();
    expect(within(rows[0]!).getByText('Demo')).toBeTruthy();
    expect(within(rows[0]!).getByText('Construction')).toBeTruthy();
    expect(within(rows[1]!).getByText('Living')).toBeTruthy();
    expect(JSON.parse(calls.to('GET /api/identity/admin/housing-companies')[0]!.query.get('sort')!)).toEqual([
      'name',
      'ASC',
    ]);
  });

  it('shows the partners with their key contact and removes one after a confirmation', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/partners`, session);
    const user = userEvent.setup();

    const section = await screen.findByRole('table', { name: 'Property manager' });
    expect(within(section).getByText('Maija Manager')).toBeTruthy();
    expect(screen.getByText('No partner company')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Remove partner Isännöinti Oy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(calls.to(`DELETE ${base}/partners/PropertyManager/${manager.partnerCompanyId}`)).toHaveLength(1),
    );
  });

  it('shows the apartments and the features of the company', async () => {
    const calls = api();
    renderAppAt(`/admin/housing-companies/${harbour.id}/show/apartments`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('HV-A1')).toBeTruthy();
    expect(JSON.parse(calls.to('GET /api/identity/admin/apartments')[0]!.query.get('filter')!)).toEqual({
      housingCompanyId: harbour.id,
    });

    await user.click(screen.getByRole('tab', { name: 'Features' }));
    const table = await screen.findByRole('table', { name: 'Features' });
    const warranty = within(table).getByText('Warranty').closest('tr')!;
    expect(within(warranty).getByTitle('On')).toBeTruthy();
    const faq = within(table).getByText('FAQ').closest('tr')!;
    expect(within(faq).getByText('Off')).toBeTruthy();
    expect(calls.to('GET /api/identity/features')[0]?.query.get('housingCompanyId')).toBe(harbour.id);
  });
});
