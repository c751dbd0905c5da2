import type { MeResponse, Role } from '@porta/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import heroDesktop from '../../../assets/hero-desktop.svg';
import heroMobile from '../../../assets/hero-mobile.svg';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { createTestI18n } from '../../../testing/i18n';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { Footer } from './Footer';

const LIVING_FEATURES = {
  features: {
    ...featuresOn('warranty', 'documentsv2', 'neighbours', 'faq', 'material-selection').features,
    navigationlink: {
      settings: {
        links: [
          { title: 'Sauna booking', href: 'https://sauna.example/book', target: '_blank' },
          { title: 'Opas', href: '/opas', language: 'fi', target: '_self' },
        ],
      },
    },
  },
};

/** The owner of two companies with the living one selected. */
const livingSelected = () =>
  meResponse({ selectedHousingCompanyId: IDS.livingHc, selectedApartmentId: IDS.livingApt });

async function openMenu(app: ReturnType<typeof startSignedIn>) {
  await app.user.click(await screen.findByRole('button', { name: 'Menu' }));
  const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
  return within(drawer)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('main navigation', () => {
  it('lists the sections of a living company in the navigation order, then its links', async () => {
    const app = startSignedIn('/', { me: livingSelected(), features: { [IDS.livingHc]: LIVING_FEATURES } });
    expect(await openMenu(app)).toEqual([
      ['Home', '/'],
      ['My apartment', '/my-apartment'],
      ['News', '/news'],
      ['Material selection', '/material-selection'],
      ['Warranty', '/apartment/warranty'],
      ['Documents', '/documents'],
      ['Community', '/community'],
      ['FAQ', '/faq'],
      ['Support', '/support'],
      ['Sauna booking (opens in a new tab)', 'https://sauna.example/book'],
    ]);
    const sauna = screen.getByRole('link', { name: /Sauna booking/ });
    expect(sauna.getAttribute('target')).toBe('_blank');
    expect(sauna.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('offers only the contact book and material selection in the construction state', async () => {
    const app = startSignedIn('/', { features: { [IDS.demoHc]: LIVING_FEATURES } });
    expect(await openMenu(app)).toEqual([
      ['Home', '/'],
      ['Material selection', '/material-selection'],
      ['Contact book', '/support/contact-book'],
    ]);
  });

  it('changes with the housing company: construction, then living after a switch', async () => {
    let me = meResponse();
    const app = startSignedIn('/', {
      features: { [IDS.demoHc]: featuresOn('faq'), [IDS.livingHc]: featuresOn('faq', 'warranty') },
      routes: {
        'GET /api/identity/me': () =>
          new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } }),
        'PUT /api/identity/me/housing-company': () => {
          me = { ...me, selectedHousingCompanyId: IDS.livingHc, selectedApartmentId: IDS.livingApt };
          return new Response(JSON.stringify(me), { headers: { 'content-type': 'application/json' } });
        },
      },
    });
    expect((await openMenu(app)).map(([name]) => name)).toEqual(['Home', 'Contact book']);
    await app.user.keyboard('{Escape}');

    await app.user.click(screen.getByRole('button', { name: 'Housing company: Porta Demo Gardens' }));
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Living' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));
    await screen.findByRole('button', { name: 'Housing company: As Oy Living' });

    await app.user.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    await within(drawer).findByRole('link', { name: 'Warranty' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'My apartment', 'News', 'Warranty', 'FAQ', 'Support']);
  });
});

describe('section switcher', () => {
  const withRoles = (global: Role[], hcRoles: Role[] = [], aptRoles: Role[] = ['owner']): MeResponse =>
    meResponse(
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

  const cases: [string, MeResponse, boolean][] = [
    ['an owner', withRoles([]), false],
    ['a tenant', withRoles([], [], ['tenant']), false],
    ['an admin', withRoles(['admin']), true],
    ['developer staff (yitMarketing is a yitUser)', withRoles(['yitMarketing']), true],
    ['a board member (a contributor)', withRoles([], ['boardMember']), true],
    ['a property manager (a contributor)', withRoles([], ['propertyManager'], []), true],
  ];

  for (const [who, me, shown] of cases) {
    it(`${shown ? 'is' : 'is not'} shown to ${who}`, async () => {
      startSignedIn('/', { me });
      const header = await screen.findByRole('banner');
      await within(header).findByText('Home');
      const nav = within(header).queryByRole('navigation', { name: 'Switch section' });
      if (!shown) {
        expect(nav).toBeNull();
        return;
      }
      expect(nav).not.toBeNull();
      const links = within(nav as HTMLElement).getAllByRole('link');
      expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
        ['Administration', '/admin'],
        ['Home', '/'],
        ['Settings', '/my-settings'],
      ]);
      expect(
        within(nav as HTMLElement)
          .getByRole('link', { name: 'Home' })
          .getAttribute('aria-current'),
      ).toBe('true');
    });
  }

  it('folds into a compact menu on phones: the button opens it, Escape closes it and returns focus', async () => {
    startSignedIn('/', { me: withRoles(['admin']) });
    const header = await screen.findByRole('banner');
    const nav = await within(header).findByRole('navigation', { name: 'Switch section' });
    const button = within(nav).getByRole('button', { name: 'Switch section' });
    const list = nav.querySelector('ul') as HTMLElement;
    expect(button.getAttribute('aria-controls')).toBe(list.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.getAttribute('data-open')).toBe('true');
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Settings' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('on an admin route: the logo leads to /admin, no housing-company dropdown, the admin title', async () => {
    startSignedIn('/business-partners/dashboard', { me: withRoles(['admin']) });
    await screen.findByRole('heading', { level: 1, name: 'Business partner dashboard' });
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: 'Porta, go to the administration' }).getAttribute('href'),
    ).toBe('/admin');
    expect(within(header).queryByRole('button', { name: /Housing company:/ })).toBeNull();
    expect(await within(header).findByText('Administration', { selector: 'p' })).toBeTruthy();
    const nav = within(header).getByRole('navigation', { name: 'Switch section' });
    expect(within(nav).getByRole('link', { name: 'Administration' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });
});

describe('page frame', () => {
  it("titles pages 'sub section - main section - site name' and names the section in the header", async () => {
    startSignedIn('/support/service-requests', { features: featuresOn('service-requests') });
    await screen.findByRole('heading', { level: 1, name: 'Service requests' });
    await waitFor(() => expect(document.title).toBe('Service requests - Support - Porta'));
    expect(await within(screen.getByRole('banner')).findByText('Support')).toBeTruthy();
  });

  it('a section front page is titled once: "Support - Porta"', async () => {
    startSignedIn('/support', { features: featuresOn('service-requests') });
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await waitFor(() => expect(document.title).toBe('Support - Porta'));
    // The support centre leads to its areas that are on.
    expect((await screen.findByRole('link', { name: 'Your service requests' })).getAttribute('href')).toBe(
      '/support/service-requests',
    );
    expect(screen.getByRole('link', { name: 'Contact book' }).getAttribute('href')).toBe(
      '/support/contact-book',
    );
  });

  it('uses the layout of the route, with its hero images and section title', async () => {
    const { container } = startSignedIn('/my-settings');
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(container.querySelector('.layout')?.getAttribute('data-layout')).toBe('two-columns');
    const picture = container.querySelector('picture');
    expect(picture?.querySelector('source')?.getAttribute('media')).toBe('(min-width: 993px)');
    expect(picture?.querySelector('source')?.getAttribute('srcset')).toBe(heroDesktop);
    expect(picture?.querySelector('img')?.getAttribute('src')).toBe(heroMobile);
    expect(heroDesktop).not.toBe(heroMobile);
    expect(picture?.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(container.querySelector('.page-hero__title')?.textContent).toBe('My settings');
  });

  it('the default layout has no hero', async () => {
    const { container } = startSignedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(container.querySelector('.layout')?.getAttribute('data-layout')).toBe('default');
    expect(container.querySelector('picture')).toBeNull();
  });

  it('the profile menu offers the profile, the settings and logout', async () => {
    const app = startSignedIn('/');
    await app.user.click(await screen.findByRole('button', { name: /Olivia Owner/ }));
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/my-profile');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/my-settings');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
  });
});

describe('footer', () => {
  const renderFooter = (props: Parameters<typeof Footer>[0]) =>
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter>
          <Footer {...props} />
        </MemoryRouter>
      </I18nextProvider>,
    );

  it('shows the main contacts when there are any', () => {
    renderFooter({
      year: 2026,
      contacts: [
        {
          id: 'c1',
          name: 'Harbour Property Management',
          title: 'Property manager',
          email: 'office@harbour.example',
          phone: '+358 9 123 456',
          openingHours: 'Mon–Fri 9–16',
        },
      ],
    });
    const contacts = screen.getByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByText('Harbour Property Management')).toBeTruthy();
    expect(within(contacts).getByRole('link', { name: 'office@harbour.example' }).getAttribute('href')).toBe(
      'mailto:office@harbour.example',
    );
    expect(within(contacts).getByRole('link', { name: '+358 9 123 456' }).getAttribute('href')).toBe(
      'tel:+3589123456',
    );
    expect(within(contacts).getByText('Mon–Fri 9–16')).toBeTruthy();
    expect(screen.getByText('© 2026 Porta')).toBeTruthy();
  });

  it('leaves the contacts area out without contacts', () => {
    renderFooter({ year: 2026 });
    expect(screen.queryByRole('region', { name: 'Contacts' })).toBeNull();
    expect(
      within(screen.getByRole('contentinfo'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/terms-and-conditions', '/privacy-policy', '/accessibility-statement']);
  });
});
