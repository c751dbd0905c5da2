import type { MainContact } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const main: MainContact[] = [
  {
    source: 'property-manager',
    id: null,
    name: 'Isännöinti Oy',
    title: 'Isännöinti Oy',
    email: 'office@isannointi.example',
    openingHours: 'Mon–Fri 8–16',
    phoneNumber: '+358 9 555 0100',
  },
  {
    source: 'maintenance-manager',
    id: null,
    name: 'Huolto Hannu',
    title: 'Huoltoyhtiö Oy',
    email: null,
    openingHours: null,
    phoneNumber: '040 123 4567',
  },
  {
    source: 'default',
    id: '3f2e1d0c-9b8a-4765-8432-10fedcba9801',
    name: 'Porta helpdesk',
    title: null,
    email: 'help@porta.example',
    openingHours: null,
    phoneNumber: null,
  },
  {
    source: 'primary',
    id: '3f2e1d0c-9b8a-4765-8432-10fedcba9802',
    name: 'Paula Primary',
    title: 'Site manager',
    email: null,
    openingHours: null,
    phoneNumber: null,
  },
];

describe('footer main contacts', () => {
  it('shows the main contacts of the selected housing company', async () => {
    const app = startSignedIn('/', { routes: { 'GET /api/content/contacts/main': json(main) } });
    const footer = await screen.findByRole('contentinfo');
    const contacts = await within(footer).findByRole('region', { name: 'Contacts' });
    const items = within(contacts).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.footer-contact__name')?.textContent)).toEqual([
      'Isännöinti Oy',
      'Huolto Hannu',
      'Porta helpdesk',
      'Paula Primary',
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'office@isannointi.example' }).getAttribute('href')).toBe(
      'mailto:office@isannointi.example',
    );
    expect(within(first).getByRole('link', { name: '+358 9 555 0100' }).getAttribute('href')).toBe(
      'tel:+35895550100',
    );
    expect(within(first).getByText('Mon–Fri 8–16')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Huoltoyhtiö Oy')).toBeTruthy();
    expect(app.calls()).toContain(`GET /api/content/contacts/main?housingCompanyId=${IDS.demoHc}&lang=en`);
  });

  it('names each person once: a key contact who also has a primary contact card shows once', async () => {
    const keyContact: MainContact = {
      source: 'property-manager',
      id: null,
      name: 'Maria Manager',
      title: 'Demo Isännöinti Oy',
      email: 'manager@demo.porta.test',
      openingHours: null,
      phoneNumber: null,
    };
    const card: MainContact = {
      source: 'primary',
      id: '3f2e1d0c-9b8a-4765-8432-10fedcba9810',
      name: 'Maria  Manager',
      title: 'Building manager',
      email: 'administration@demo.porta.test',
      openingHours: 'Mon–Fri 9–15',
      phoneNumber: '+358 9 123 4567 001',
    };
    startSignedIn('/', {
      routes: { 'GET /api/content/contacts/main': json([keyContact, main[2], card]) },
    });
    const footer = await screen.findByRole('contentinfo');
    const contacts = await within(footer).findByRole('region', { name: 'Contacts' });
    const names = [...contacts.querySelectorAll('.footer-contact__name')].map((p) => p.textContent);
    expect(names).toEqual(['Maria Manager', 'Porta helpdesk']);
    // The first entry keeps its own details and takes the missing ones from the repeat.
    const maria = within(contacts).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(maria).getByRole('link', { name: 'manager@demo.porta.test' })).toBeTruthy();
    expect(within(maria).getByRole('link', { name: '+358 9 123 4567 001' })).toBeTruthy();
    expect(within(maria).getByText('Mon–Fri 9–15')).toBeTruthy();
    // The labels are terms of a definition list, one per detail.
    expect([...maria.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Phone',
      'E-mail',
      'Opening hours',
    ]);
  });

  it('shows at most four', async () => {
    startSignedIn('/', {
      routes: {
        'GET /api/content/contacts/main': json([
          ...main,
          { ...main[3], id: '3f2e1d0c-9b8a-4765-8432-10fedcba9803', name: 'Fifth contact' } as MainContact,
        ]),
      },
    });
    const footer = await screen.findByRole('contentinfo');
    const contacts = await within(footer).findByRole('region', { name: 'Contacts' });
    expect(within(contacts).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText('Fifth contact')).toBeNull();
  });

  it('has no contacts section when the request fails', async () => {
    const app = startSignedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    await waitFor(() =>
      expect(app.calls().some((c) => c.startsWith('GET /api/content/contacts/main'))).toBe(true),
    );
    expect(within(screen.getByRole('contentinfo')).queryByRole('region', { name: 'Contacts' })).toBeNull();
  });
});
