import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, partnerCompany, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import { ownCompanyBody } from './PartnerOwnCompany';

let session: SessionClient;

const company: PartnerCompany = partnerCompany({
  externalId: 'KITCHEN-1',
  proposedOperationalArea: {
    zips: ['00530'],
    taxonomies: [],
    proposedAt: '2026-11-20T08:00:00.000Z',
    proposedBy: null,
  },
});
const paula: PartnerCompanyUser = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-000000000005',
  email: 'partner@demo.porta.test',
  firstName: 'Paula',
  lastName: 'Partner',
} as PartnerCompanyUser;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

function api() {
  const partnerCompanies = [{ id: company.id, externalId: company.externalId, name: company.name }];
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['partner'], { partnerCompanies })),
    'GET /api/identity/partner/company': () => json(company),
    'PUT /api/identity/partner/company': (request) => json({ ...company, ...(request.body as object) }),
    [`GET /api/identity/admin/partner-companies/${company.id}/users`]: () => json([paula]),
    'GET /api/identity/admin/taxonomy-terms': () => listOf('taxonomy-terms', []),
  });
}

describe('a partner’s own company (/partner/company/edit)', () => {
  it('saves the details the partner may change, nothing of staff’s, and lists the company’s users', async () => {
    const calls = api();
    renderAppAt('/admin/partner/company/edit', session);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Demo Kitchen Partners Oy: company details' }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /External id/i })).toBeNull();
    expect(screen.queryByRole('switch', { name: /Active/i })).toBeNull();
    expect(await screen.findByText('Paula Partner (partner@demo.porta.test)')).toBeTruthy();
    const businessId = screen.getByRole('textbox', { name: /^Business id/i });
    await user.clear(businessId);
    await fill(user, businessId, '7654321-0');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to('PUT /api/identity/partner/company')).toHaveLength(1));
    const body = calls.to('PUT /api/identity/partner/company')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Demo Kitchen Partners Oy', businessId: '7654321-0' });
    for (const field of [
      'id',
      'externalId',
      'active',
      'createdAt',
      'updatedAt',
      'proposedOperationalArea',
      'operationalAreaZips',
    ])
      expect(body, field).not.toHaveProperty(field);
    expect(await screen.findByText('Company details saved')).toBeTruthy();
  });

  it('says the operational area waits for staff, and since when a proposal does', async () => {
    api();
    renderAppAt('/admin/partner/company/edit/area', session);
    const note = await screen.findByText(/Porta staff approve changes to the operational area/);
    expect(note.textContent).toContain('A change you proposed on 20.11.2026 10:00 is waiting for approval.');
  });

  it('leads there from the user menu and from the spec’s edit-details address', async () => {
    api();
    renderAppAt('/admin/partner-company/edit-details', session);
    await waitFor(() => expect(window.location.pathname).toBe('/admin/partner/company/edit'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'My company' });
    expect(item.getAttribute('href')).toBe('/admin/partner/company/edit');
  });

  it('sends only what a partner may change, and the operational area only when it changed', () => {
    const unchanged = ownCompanyBody({ ...company, phone: '+358 40 1' }, company);
    for (const field of ['externalId', 'active', 'id', 'operationalAreaZips', 'operationalAreaTaxonomies'])
      expect(unchanged, field).not.toHaveProperty(field);
    expect(unchanged).toMatchObject({ phone: '+358 40 1' });
    const moved = ownCompanyBody({ ...company, operationalAreaZips: ['00520', '530'] }, company);
    expect(moved).toMatchObject({ operationalAreaZips: ['00520', '00530'], operationalAreaTaxonomies: [] });
  });
});
