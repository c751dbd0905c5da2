import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { features, housingCompany, IDS, meResponse, storeSession } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { formatDocumentTitle } from '../hooks/page-meta';

function signedIn(me = meResponse()) {
  storeSession();
  mockFetch({
    'GET /api/identity/me': json(me),
    [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
  });
  return renderApp('/');
}

describe('layout frame', () => {
  it('has a logo link home, the page name, the housing company and the profile menu', async () => {
    signedIn();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /Porta/ }).getAttribute('href')).toBe('/');
    expect(await within(header).findByText('Home')).toBeTruthy();
    expect(within(header).getByText('Porta Demo Gardens')).toBeTruthy();
    const profile = within(header).getByRole('button', { name: /Olivia Owner/ });
    expect(profile.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the profile menu with settings and logout; Escape closes it and returns focus', async () => {
    signedIn();
    const user = userEvent.setup();
    const profile = await screen.findByRole('button', { name: /Olivia Owner/ });
    await user.click(profile);
    expect(profile.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/my-settings');
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
    await user.keyboard('{Escape}');
    expect(profile.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
    expect(document.activeElement).toBe(profile);
  });

  it('opens the off-canvas navigation from the menu button; Escape closes it and focus returns', async () => {
    signedIn();
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('dialog', { name: 'Main navigation' })).toBeNull();

    await user.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Main navigation' });
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.contains(document.activeElement)).toBe(true);
    const home = within(drawer).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    // Focus stays inside while open.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(drawer.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Main navigation' })).toBeNull();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('closes the navigation from its close button', async () => {
    signedIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Main navigation' })).toBeNull();
  });

  it('has footer links and the copyright year', async () => {
    signedIn();
    await screen.findByRole('heading', { level: 1 });
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/terms-and-conditions', '/privacy-policy', '/accessibility-statement']);
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Porta`)).toBeTruthy();
  });

  it('names a Finnish housing company by its address for residents', async () => {
    signedIn(
      meResponse({
        hcs: [housingCompany({ addressCountry: 'Finland', addressStreet: 'Mannerheimintie 5' })],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('banner')).getByText('Mannerheimintie 5')).toBeTruthy();
  });
});

describe('formatDocumentTitle', () => {
  it("reads 'sub section - main section - site name'", () => {
    expect(formatDocumentTitle({ title: 'Article', section: 'News' }, 'Porta')).toBe(
      'Article - News - Porta',
    );
    expect(formatDocumentTitle({ title: 'Home' }, 'Porta')).toBe('Home - Porta');
    expect(formatDocumentTitle({ title: 'News', section: 'News' }, 'Porta')).toBe('News - Porta');
  });
});
