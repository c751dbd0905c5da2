import type { HousingCompanyImage, MainContact } from '@porta/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
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

const PICTURE_ROUTE = `GET /api/content/housing-companies/${IDS.demoHc}/image`;
const picture: HousingCompanyImage = {
  housingCompanyId: IDS.demoHc,
  image: {
    id: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c01',
    url: '/api/content/assets/4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c01',
    fileName: 'hc-harbour-view.svg',
    mimeType: 'image/svg+xml',
    size: 2603,
    width: 1200,
    height: 900,
  },
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('dashboard: your housing company', () => {
  it('shows the company (the monogram without a picture), the apartment and role, the first key contacts and the ways on', async () => {
    startSignedIn('/', { routes: { 'GET /api/content/contacts/main': json(contacts) } });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    expect(within(card).getByText('Porta Demo Gardens')).toBeTruthy();
    expect(within(card).getByText('Demokatu 1, Helsinki')).toBeTruthy();
    expect(within(card).getByText('Apartment A 1')).toBeTruthy();
    expect(within(card).getByText('Owner')).toBeTruthy();
    // Without a picture (the company has none; here the request is not answered): the designed
    // fallback, the company's monogram, hidden from screen readers.
    const fallback = card.querySelector('.hc-card__picture') as HTMLElement;
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
    expect(fallback.textContent).toBe('PD');
    expect(card.querySelector('img')).toBeNull();

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

  it('shows the company’s picture in the monogram’s slot, and the monogram again when it does not load', async () => {
    const app = startSignedIn('/', {
      routes: { 'GET /api/content/contacts/main': json(contacts), [PICTURE_ROUTE]: json(picture) },
    });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    await waitFor(() => expect(card.querySelector('img')).not.toBeNull());
    const img = card.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(picture.image!.url);
    // Decoration beside the company's name: empty alt text, so screen readers skip it.
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    // The ratio known before the file arrives; the slot's size is the monogram's (no layout shift).
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('height')).toBe('900');
    expect(img.classList.contains('hc-card__picture')).toBe(true);
    expect(card.querySelector('.hc-card__monogram')).toBeNull();
    expect(app.calls()).toContain(PICTURE_ROUTE);

    fireEvent.error(img);
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.hc-card__picture')?.textContent).toBe('PD');
  });

  it('keeps the monogram when the company has no picture', async () => {
    startSignedIn('/', {
      routes: {
        'GET /api/content/contacts/main': json(contacts),
        [PICTURE_ROUTE]: json({ housingCompanyId: IDS.demoHc, image: null, updatedAt: null }),
      },
    });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    await within(card).findByRole('list', { name: 'Key contacts' });
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.hc-card__picture')?.textContent).toBe('PD');
  });

  it('says so when the user has no housing company', async () => {
    startSignedIn('/', {
      me: meResponse({ hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null }),
    });
    const card = await screen.findByRole('region', { name: 'Your housing company' });
    expect(within(card).getByText('Housing company could not be retrieved')).toBeTruthy();
  });
});
