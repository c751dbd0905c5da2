import type { MeResponse, Role } from '@porta/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem, type RecordedRequest } from '../testing/fetch-mock';
import { housingCompany, IDS, meResponse } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { featuresOn, startSignedIn } from '../testing/signed-in';

/** A user holding only these roles (global, on the company, in the apartment). */
function holding(global: Role[], hcRoles: Role[] = [], aptRoles: Role[] = []): MeResponse {
  return meResponse(
    {
      hcs: [
        housingCompany({
          roles: hcRoles,
          apts: [{ id: IDS.demoApt, no: 'A 1', externalName: null, aptext: 'DEMO-1-A1', roles: aptRoles }],
        }),
      ],
    },
    { roles: global },
  );
}

describe('the consumptionManager redirect (01 §6)', () => {
  for (const path of ['/', '/news', '/my-profile', '/my-settings', '/logout', '/register']) {
    it(`sends a user with only consumptionManager from ${path} to /admin with a full page load`, async () => {
      const app = startSignedIn(path, { me: holding([], ['consumptionManager']) });
      await waitFor(() => expect(app.leaveApp).toHaveBeenCalledWith('/admin'));
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      // Nothing of the resident app ran: no logout, no registration.
      expect(app.calls()).not.toContain('POST /api/identity/logout');
    });
  }

  it('leaves a consumptionManager with another role in the resident app', async () => {
    const app = startSignedIn('/', { me: holding([], ['consumptionManager'], ['owner']) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(app.leaveApp).not.toHaveBeenCalled();
  });
});

describe('registration (01 §6)', () => {
  it('sends an unregistered user to /register, and after registering on to the page they wanted', async () => {
    let me = meResponse({}, { registered: false, phone: null });
    const app = startSignedIn('/my-settings', {
      routes: {
        'GET /api/identity/me': () => json(me),
        'POST /api/identity/me/register': (request: RecordedRequest) => {
          me = { ...me, user: { ...me.user, registered: true, locale: 'en_US', publicProfile: true } };
          return json(request.body ? me : null);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Complete your registration' });
    expect(app.path()).toBe('/register');
    await waitFor(() => expect(document.title).toBe('Registration - Porta'));

    // The terms must be accepted.
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }),
    );
    expect(app.calls()).not.toContain('POST /api/identity/me/register');

    await app.user.type(screen.getByLabelText('Phone'), ' +358 40 765 4321 ');
    await app.user.click(screen.getByRole('radio', { name: 'Female' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Show my name to other residents' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await app.user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(app.path()).toBe('/my-settings');
    expect(app.requests.find((r) => r.path === '/api/identity/me/register')?.body).toEqual({
      locale: 'en_US',
      phoneNumber: '+358 40 765 4321',
      male: false,
      publicProfile: true,
      acceptTerms: true,
    });
  });

  it('sends a registered user away from /register', async () => {
    const app = startSignedIn('/register');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(app.path()).toBe('/');
  });

  it('lets an unregistered user log out', async () => {
    const app = startSignedIn('/logout', { me: meResponse({}, { registered: false }) });
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
  });
});

describe('feature and role policies (01 §6)', () => {
  it('shows the insufficient-privileges view on a feature route when none of its features is on', async () => {
    const app = startSignedIn('/faq', { features: featuresOn('warranty') });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
    expect(heading.closest('section')?.querySelector('svg.privileges__icon')).not.toBeNull();
    expect(screen.getByText('Feature not activated in this housing company.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Insufficient privileges - FAQ - Porta'));
    // Opened directly: back leads home.
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(app.path()).toBe('/');
  });

  it('shows the page when one of the listed features is on', async () => {
    startSignedIn('/community', { features: featuresOn('area-discussion') });
    await screen.findByRole('heading', { level: 1, name: 'Community' });
    expect(screen.queryByText('Insufficient privileges')).toBeNull();
    expect(screen.getByRole('link', { name: 'Area discussions' }).getAttribute('href')).toBe(
      '/community/area-discussions',
    );
    expect(screen.queryByRole('link', { name: 'Public discussions' })).toBeNull();
  });

  it('/community leads to the public discussions when they are on', async () => {
    const app = startSignedIn('/community', { features: featuresOn('public-discussion', 'neighbours') });
    await screen.findByRole('heading', { level: 1, name: 'Public discussions' });
    expect(app.path()).toBe('/community/public-discussions');
    await waitFor(() => expect(document.title).toBe('Public discussions - Community - Porta'));
  });

  for (const [path, feature] of [
    ['/community/public-discussions', 'public-discussion'],
    ['/community/my-neighbours', 'neighbours'],
    ['/community/area-discussions', 'area-discussion'],
    ['/my-apartment/consumption/water', 'consumption'],
    ['/apartment/warranty', 'warranty'],
    ['/support/service-requests/new', 'service-requests'],
  ] as const) {
    it(`${path} needs ${feature}`, async () => {
      const off = startSignedIn(path, { features: featuresOn('faq') });
      await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
      off.unmount();
      startSignedIn(path, { features: featuresOn(feature) });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('heading', { name: 'Insufficient privileges' })).toBeNull();
    });
  }

  it('goes back to the previous page from the insufficient-privileges view', async () => {
    // A configured navigation link may point at a section that is off.
    const features = {
      features: {
        ...featuresOn().features,
        navigationlink: { settings: { links: [{ title: 'Questions', href: '/faq', target: '_self' }] } },
      },
    };
    const app = startSignedIn('/news', {
      me: meResponse({ selectedHousingCompanyId: IDS.livingHc, selectedApartmentId: IDS.livingApt }),
      features,
    });
    await screen.findByRole('heading', { level: 1, name: 'News' });
    await app.user.click(screen.getByRole('button', { name: 'Menu' }));
    await app.user.click(screen.getByRole('link', { name: 'Questions' }));
    await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
    expect(app.path()).toBe('/faq');
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(app.path()).toBe('/news');
  });

  it('keeps a tenant out of an admin-only route and lets an admin in', async () => {
    const tenant = startSignedIn('/ui-sandbox', { me: holding([], [], ['tenant']) });
    await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
    expect(screen.getByText('You do not have sufficient privileges to view this page.')).toBeTruthy();
    tenant.unmount();

    startSignedIn('/ui-sandbox', { me: holding(['admin']) });
    await screen.findByRole('heading', { level: 1, name: 'UI sandbox' });
    // The formatting rules of 01 §9.
    expect(screen.getByText('5 Mar 2026')).toBeTruthy();
    expect(screen.getByText('05.03.2026')).toBeTruthy();
    expect(screen.getByText('1 234,50 €')).toBeTruthy();
    expect(screen.getByText('1 234 k')).toBeTruthy();
    expect(screen.getByText('00520')).toBeTruthy();
  });

  it('keeps a resident out of the business partner dashboard', async () => {
    startSignedIn('/business-partners/dashboard', { me: holding([], [], ['owner']) });
    await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
  });
});

describe('business partners (01 §2)', () => {
  it('go from / to the business partner dashboard, named after their company', async () => {
    const partner = meResponse(
      { hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null },
      {
        roles: ['partner'],
        isBusinessPartner: true,
        partnerCompanies: [{ id: IDS.livingHc, externalId: null, name: 'Demo Kitchen Partners Oy' }],
      },
    );
    const app = startSignedIn('/', { me: partner });
    await screen.findByRole('heading', { level: 1, name: 'Business partner dashboard' });
    expect(app.path()).toBe('/business-partners/dashboard');
    expect(screen.getAllByText('Demo Kitchen Partners Oy').length).toBe(2);
    expect(screen.getByRole('link', { name: 'Open the partner administration' }).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it.each(['/partner/company/edit', '/partner/company/users', '/partner/company/operational-area'])(
    'go from %s to the staff app’s screen of their company',
    async (path) => {
      const partner = meResponse(
        { hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null },
        {
          roles: ['partner'],
          isBusinessPartner: true,
          partnerCompanies: [{ id: IDS.livingHc, externalId: null, name: 'Demo Kitchen Partners Oy' }],
        },
      );
      const app = startSignedIn(path, { me: partner });
      await waitFor(() => expect(app.leaveApp).toHaveBeenCalledWith('/admin/partner/company/edit'));
    },
  );
});

describe('maintenance (01 §2, §4)', () => {
  const on = { maintenance: { enabled: true, countries: [] } };

  it('is a public page', async () => {
    startSignedIn('/maintenance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance break' })).toBeTruthy();
  });

  it('while switched on, sends residents to /maintenance but not administrators', async () => {
    const resident = startSignedIn('/news', { config: on });
    await screen.findByRole('heading', { level: 1, name: 'Maintenance break' });
    expect(resident.path()).toBe('/maintenance');
    resident.unmount();

    const admin = startSignedIn('/news', { config: on, me: holding(['admin']) });
    await screen.findByRole('heading', { level: 1, name: 'News' });
    expect(admin.path()).toBe('/news');
  });

  it('sends the residents of a listed country, and nobody else, while the switch is off', async () => {
    const listed = startSignedIn('/', {
      config: { maintenance: { enabled: false, countries: ['estonia'] } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Maintenance break' });
    listed.unmount();
    startSignedIn('/', { config: { maintenance: { enabled: false, countries: ['Finland'] } } });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
  });
});

describe('service requests (02 §2)', () => {
  const REQUEST_ID = '7e0f1a2b-3c4d-4e5f-8a6b-000000000001';
  const USER_ID = '7e0f1a2b-3c4d-4e5f-8a6b-000000000900';
  const emptyList = json({ items: [], total: 0, skip: 0, limit: 10 });
  const routes = {
    'GET /api/service-requests/requests': emptyList,
    'GET /api/service-requests/types': json({ items: [], partnerCompanies: [] }),
    [`GET /api/service-requests/requests/${REQUEST_ID}`]: problem(
      404,
      'SRQ_NOT_FOUND',
      'Service request not found or already closed',
    ),
  };

  for (const [from, to, heading] of [
    ['/service-requests', '/support/service-requests', 'Service requests'],
    ['/service-requests/new', '/support/service-requests/new', 'New service request'],
    [`/service-requests/${REQUEST_ID}`, `/support/service-requests/${REQUEST_ID}`, 'Service request'],
  ] as const) {
    it(`the old address ${from} leads to ${to}`, async () => {
      const app = startSignedIn(from, { features: featuresOn('service-requests'), routes });
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(app.path()).toBe(to);
    });
  }

  it('keeps ?refresh=true through the redirect; the list reads itself again and drops it', async () => {
    const app = startSignedIn('/service-requests?refresh=true', {
      features: featuresOn('service-requests'),
      routes,
    });
    await screen.findByRole('heading', { level: 1, name: 'Service requests' });
    await waitFor(() => expect(app.path()).toBe('/support/service-requests'));
    expect(
      app.calls().filter((call) => call.startsWith('GET /api/service-requests/requests?')).length,
    ).toBeGreaterThan(0);
  });

  it('the manage link is public: signed out, it opens without a sign-in and is not redirected', async () => {
    const token = '1790000000.bWFj';
    const path = `/service-requests/manage/${REQUEST_ID}/${USER_ID}/${token}`;
    const api = mockFetch({
      'GET /api/identity/login-options': json({ password: true, b2c: false }),
      [`GET /api/service-requests/manage/${REQUEST_ID}/${USER_ID}/${token}`]: problem(
        404,
        'SRQ_MANAGE_LINK_INVALID',
        'The link is not valid or has expired.',
      ),
    });
    const app = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Service request' });
    expect((await screen.findByRole('alert')).textContent).toBe('The link is not valid or has expired.');
    expect(app.path()).toBe(path);
    expect(api.calls()).not.toContain('GET /api/identity/me');
  });

  it('a shorter manage address is one of the old addresses, not the public page', async () => {
    const app = startSignedIn(`/service-requests/manage/${REQUEST_ID}`, {
      features: featuresOn('service-requests'),
      routes,
    });
    await waitFor(() => expect(app.path()).toBe(`/support/service-requests/manage/${REQUEST_ID}`));
  });

  it('signed out, the other service-request addresses need signing in', async () => {
    mockFetch({ 'GET /api/identity/login-options': json({ password: true, b2c: false }) });
    const app = renderApp('/support/service-requests');
    await screen.findByLabelText('E-mail');
    expect(app.path()).toBe('/login');
  });
});

describe('failures', () => {
  it('a failed features fetch after startup does not open a policy route', async () => {
    let me = meResponse();
    const app = startSignedIn('/faq', {
      features: { [IDS.demoHc]: featuresOn('faq') },
      routes: {
        'GET /api/identity/me': () => json(me),
        [`GET /api/identity/features?housingCompanyId=${IDS.livingHc}`]: problem(
          500,
          'INTERNAL',
          'Something went wrong',
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'FAQ' });
    me = { ...me, selectedHousingCompanyId: IDS.livingHc, selectedApartmentId: IDS.livingApt };
    await app.queryClient.invalidateQueries({ queryKey: ['identity'] });
    await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
  });
});
