import type { MainContact } from '@porta/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const contacts: MainContact[] = [
  {
    source: 'property-manager',
    id: null,
    name: 'Maria Manager',
    title: 'Demo Isännöinti Oy',
    email: 'manager@demo.porta.test',
    openingHours: null,
    phoneNumber: '+358 9 123 4567',
  },
  {
    source: 'default',
    id: '3f2e1d0c-9b8a-4765-8432-10fedcba9801',
    name: 'Porta customer service',
    title: null,
    email: 'customer.service@demo.porta.test',
    openingHours: null,
    phoneNumber: null,
  },
  {
    source: 'primary',
    id: '3f2e1d0c-9b8a-4765-8432-10fedcba9802',
    name: 'Paula Primary',
    title: null,
    email: null,
    openingHours: null,
    phoneNumber: '040 123 4567',
  },
];

describe('dashboard: your housing company', () => {
  it('shows the company with its picture, the apartment and role, the first key contacts and the ways on', async () => {
    startSignedIn('/', { routes: { 'GET /api/content/contacts/main': json(contacts) } });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    expect(within(card).getByText('Porta Demo Gardens')).toBeTruthy();
    expect(within(card).getByText('Demokatu 1, Helsinki')).toBeTruthy();
    expect(within(card).getByText('Apartment A 1')).toBeTruthy();
    expect(within(card).getByText('Owner')).toBeTruthy();
    // The designed fallback picture: the company's monogram, hidden from screen readers.
    const picture = card.querySelector('.hc-card__picture') as HTMLElement;
    expect(picture.getAttribute('aria-hidden')).toBe('true');
    expect(picture.textContent).toBe('PD');

    const keyContacts = await within(card).findByRole('list', { name: 'Key contacts' });
    const items = within(keyContacts).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.hc-card__contact-name')?.textContent)).toEqual([
      'Maria Manager',
      'Porta customer service',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: '+358 9 123 4567' })
        .getAttribute('href'),
    ).toBe('tel:+35891234567');
    // Without a phone, the e-mail.
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'customer.service@demo.porta.test' })
        .getAttribute('href'),
    ).toBe('mailto:customer.service@demo.porta.test');

    expect(within(card).getByRole('link', { name: 'Your apartment' }).getAttribute('href')).toBe(
      '/my-apartment',
    );
    expect(within(card).getByRole('link', { name: 'All contacts' }).getAttribute('href')).toBe(
      '/support/contact-book',
    );
  });

  it('says so when the user has no housing company', async () => {
    startSignedIn('/', {
      me: meResponse({ hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null }),
    });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    expect(within(card).getByText('Housing company could not be retrieved')).toBeTruthy();
  });
});
