import type { HousingCompanyPartner, PartnerCompany } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { housingCompany, json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const linden = housingCompany(2, { name: 'Linden Court', hcExt: 'LC-1', wizardCompleted: false });
const base = `/api/identity/admin/housing-companies/${linden.id}`;
const manager = {
  id: '2d3e4f5a-6b7c-4d8e-9f0a-000000000009',
  name: 'Isännöinti Oy',
  type: 'PROPERTY_MANAGER',
} as PartnerCompany;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('housing company setup wizard', () => {
  it('walks the four phases, saving each phase’s fields and finally marking the wizard completed', async () => {
    let partners: HousingCompanyPartner[] = [];
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf(['yitProject'])),
      [`GET ${base}`]: () => json(linden),
      [`PUT ${base}`]: (r) => json({ ...linden, ...(r.body as object) }),
      [`GET ${base}/partners`]: () => json(partners),
      [`PUT ${base}/partners/PropertyManager`]: () => {
        partners = [
          {
            housingCompanyId: linden.id,
            type: 'PropertyManager',
            partnerCompanyId: manager.id,
            name: manager.name,
            keyContactUserId: null,
            keyContactName: null,
          },
        ];
        return json(partners[0]);
      },
      'GET /api/identity/admin/partner-companies': () => listOf('partner-companies', [manager]),
      [`GET /api/identity/admin/partner-companies/${manager.id}/users`]: () => json([]),
      [`GET /api/identity/admin/housing-companies/${linden.id}/features`]: () =>
        json({ features: { news: { settings: {} }, calendar: { settings: {} } } }),
      'GET /api/identity/admin/taxonomy-terms': () => listOf('taxonomy-terms', []),
    });
    renderAppAt(`/admin/housing-companies/${linden.id}/wizard`, session);
    const user = userEvent.setup();

    // 1 basic details
    expect(await screen.findByText('Phase 1 of 4: Basic details')).toBeTruthy();
    await fill(user, screen.getByRole('textbox', { name: /^Marketing name/ }), 'Linden');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.to(`PUT ${base}`)).toHaveLength(1));
    expect(Object.keys(calls.to(`PUT ${base}`)[0]?.body as object).sort()).toEqual(
      [
        'buildingType',
        'businessUnit',
        'energyClass',
        'hcExt',
        'marketingName',
        'name',
        'numberOfApartments',
      ].sort(),
    );
    expect(calls.to(`PUT ${base}`)[0]?.body).toMatchObject({ marketingName: 'Linden', name: 'Linden Court' });

    // 2 address and dates
    expect(await screen.findByText('Phase 2 of 4: Address and dates')).toBeTruthy();
    const completion = screen.getByLabelText('Completion date');
    await user.clear(completion);
    await fill(user, completion, '2027-09-01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.to(`PUT ${base}`)).toHaveLength(2));
    expect(calls.to(`PUT ${base}`)[1]?.body).toMatchObject({
      completionDate: '2027-09-01',
      addressCity: 'Helsinki',
    });
    expect(calls.to(`PUT ${base}`)[1]?.body).not.toHaveProperty('name');

    // 3 partners
    expect(await screen.findByText('Phase 3 of 4: Partners')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Connect partner: Property manager' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Property manager/ }));
    await user.click(await screen.findByRole('option', { name: 'Isännöinti Oy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to(`PUT ${base}/partners/PropertyManager`)).toHaveLength(1));
    expect(calls.to(`PUT ${base}/partners/PropertyManager`)[0]?.body).toEqual({
      partnerCompanyId: manager.id,
    });
    expect(await screen.findByText('Isännöinti Oy')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 4 features and review
    expect(await screen.findByText('Phase 4 of 4: Features and review')).toBeTruthy();
    // (the features table's; the side menu has a Calendar entry too)
    expect(
      await within(await screen.findByRole('table', { name: 'Features' })).findByText('Calendar'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finish setup' }));
    await waitFor(() => expect(calls.to(`PUT ${base}`)).toHaveLength(3));
    expect(calls.to(`PUT ${base}`)[2]?.body).toEqual({ wizardCompleted: true });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/housing-companies/${linden.id}/show`));
  });

  it('is not routed for staff who may not edit housing companies', async () => {
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf(['yitUser'])),
      [`GET ${base}`]: () => json(linden),
    });
    renderAppAt(`/admin/housing-companies/${linden.id}/wizard`, session);

    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to(`PUT ${base}`)).toHaveLength(0);
  });
});
