import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDS, meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const PATH = '/business-partners/dashboard';

/** A business partner user (01 §2), by default linked to no partner company yet. */
function partner(partnerCompanies: { id: string; externalId: string | null; name: string }[] = []) {
  return meResponse(
    { hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null },
    { roles: ['partner'], isBusinessPartner: true, partnerCompanies },
  );
}

const companies = () => screen.getByRole('region', { name: 'Your partner companies' });

describe('/business-partners/dashboard', () => {
  it("lists the partner's companies", async () => {
    startSignedIn(PATH, {
      me: partner([{ id: IDS.livingHc, externalId: null, name: 'Demo Kitchen Partners Oy' }]),
    });
    await screen.findByRole('heading', { level: 1, name: 'Business partner dashboard' });
    expect(within(companies()).getByRole('listitem').textContent).toBe('Demo Kitchen Partners Oy');
  });

  it('tells a partner without a company who links it, never a bare "No items found"', async () => {
    startSignedIn(PATH, { me: partner() });
    await screen.findByRole('heading', { level: 1, name: 'Business partner dashboard' });
    const region = within(companies());
    expect(region.getByText('No partner company linked to your account yet')).toBeTruthy();
    expect(
      region.getByText(
        "Your company's details will appear here once Porta's partner managers have linked your account to it. If your company is missing, ask your contact person at Porta.",
      ),
    ).toBeTruthy();
    expect(region.queryByRole('list')).toBeNull();
    expect(screen.queryByText(/no items found/i)).toBeNull();
    // The way on is still the partner administration.
    expect(screen.getByRole('link', { name: 'Open the partner administration' }).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it('tells staff, who belong to no partner company, what the page lists', async () => {
    startSignedIn(PATH, { me: meResponse({}, { roles: ['admin'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Business partner dashboard' });
    const region = within(companies());
    expect(region.getByText('No partner company linked to your account yet')).toBeTruthy();
    expect(
      region.getByText(
        'This page lists the partner companies your own account belongs to. Partner companies and their users are managed in the partner administration.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/no items found/i)).toBeNull();
  });
});
