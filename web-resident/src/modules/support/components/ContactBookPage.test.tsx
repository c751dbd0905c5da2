import type { ContactCard } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

function contact(n: number, overrides: Partial<ContactCard> = {}): ContactCard {
  return {
    id: `3f2e1d0c-9b8a-4765-8432-10fedcba98${String(n).padStart(2, '0')}`,
    codename: `contact-${n}`,
    name: `Contact ${n}`,
    title: null,
    email: null,
    openingHours: null,
    phoneNumber: null,
    phoneInfo: null,
    info: null,
    isPrimary: false,
    isDefault: false,
    contactTaxonomies: [],
    priority: 999,
    language: 'en',
    ...overrides,
  };
}

const manager = contact(1, {
  name: 'Paula Manager',
  title: 'Property manager',
  email: 'paula@isannointi.example',
  phoneNumber: '+358 40 111 2222',
  phoneInfo: 'Weekdays only',
  openingHours: 'Mon–Fri 9–15',
  info: '<p>Handles <strong>all</strong> board matters.</p>',
  isPrimary: true,
  contactTaxonomies: ['building_administration', 'property_management'],
  priority: 1,
});
const helpdesk = contact(2, { name: 'Porta helpdesk', isDefault: true, email: 'help@porta.example' });
const janitor = contact(3, { name: 'Jani Janitor', contactTaxonomies: ['maintenance'], priority: 3 });

const book = {
  groups: [
    { group: 'building_administration', contacts: [manager] },
    { group: 'property_management', contacts: [manager] },
    { group: 'maintenance', contacts: [janitor] },
    { group: 'other', contacts: [helpdesk] },
  ],
  contacts: [manager, janitor, helpdesk],
};

describe('/support/contact-book', () => {
  it('lists the groups in the order given, with their names, and the cards of each', async () => {
    const app = startSignedIn('/support/contact-book', {
      routes: { 'GET /api/content/contacts': json(book) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Contact book' });
    await screen.findByRole('heading', { level: 2, name: 'Building administration' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Building administration',
      'Property management',
      'Maintenance',
      'Other contacts',
    ]);
    // A card in two groups shows in both.
    expect(screen.getAllByRole('heading', { level: 3, name: 'Paula Manager' })).toHaveLength(2);
    // …but each group names each of its contacts once.
    for (const group of document.querySelectorAll<HTMLElement>('.contact-group')) {
      const names = within(group)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
      expect(new Set(names).size, group.id).toBe(names.length);
    }

    const group = screen.getByRole('region', { name: 'Building administration' });
    const card = within(group).getByRole('article', { name: 'Paula Manager' });
    expect(within(card).getByText('Primary contact')).toBeTruthy();
    expect(within(card).getByText('Property manager')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'paula@isannointi.example' }).getAttribute('href')).toBe(
      'mailto:paula@isannointi.example',
    );
    expect(within(card).getByRole('link', { name: '+358 40 111 2222' }).getAttribute('href')).toBe(
      'tel:+358401112222',
    );
    expect(within(card).getByText('Weekdays only')).toBeTruthy();
    expect(within(card).getByText('Mon–Fri 9–15')).toBeTruthy();
    expect(within(card).getByText('all').tagName).toBe('STRONG');

    const other = screen.getByRole('region', { name: 'Other contacts' });
    expect(within(other).getByText('Default contact')).toBeTruthy();
    expect(within(other).queryByText('Primary contact')).toBeNull();

    const request = app.requests.find((r) => r.path.startsWith('/api/content/contacts?'));
    expect(request?.path).toBe(`/api/content/contacts?housingCompanyId=${IDS.demoHc}&lang=en`);
    await waitFor(() => expect(document.title).toBe('Contact book - Support - Porta'));
  });

  it('names the groups in the user’s language', async () => {
    startSignedIn('/support/contact-book', {
      me: meResponse({}, { locale: 'fi_FI' }),
      routes: { 'GET /api/content/contacts': json(book) },
    });
    await screen.findByRole('heading', { level: 2, name: 'Isännöinti' });
    expect(screen.getByRole('heading', { level: 2, name: 'Huolto' })).toBeTruthy();
    expect(screen.getAllByText('Ensisijainen yhteyshenkilö')).toHaveLength(2);
  });

  it('says what is missing and leads to the support centre when the housing company has no contacts', async () => {
    startSignedIn('/support/contact-book', {
      routes: { 'GET /api/content/contacts': json({ groups: [], contacts: [] }) },
    });
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    expect(screen.queryByText(/no items found/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the support centre' }).getAttribute('href')).toBe(
      '/support',
    );
  });

  it('lays the cards out as a grid and lets e-mail addresses break only after @ and dots', async () => {
    startSignedIn('/support/contact-book', { routes: { 'GET /api/content/contacts': json(book) } });
    const group = await screen.findByRole('region', { name: 'Building administration' });
    const list = group.querySelector('ul.contact-group__cards') as HTMLElement;
    expect(list.children).toHaveLength(1);
    const link = within(group).getByRole('link', { name: 'paula@isannointi.example' });
    // paula@ | isannointi. | example
    expect(link.querySelectorAll('wbr')).toHaveLength(2);
    expect(link.textContent).toBe('paula@isannointi.example');
  });

  it('offers to try again when the contacts cannot be loaded', async () => {
    const app = startSignedIn('/support/contact-book', {
      routes: {
        'GET /api/content/contacts': [problem(500, 'INTERNAL', 'Something went wrong'), json(book)],
      },
    });
    expect(await screen.findByText('Content could not be loaded. Please refresh.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maintenance' })).toBeTruthy();
  });
});
