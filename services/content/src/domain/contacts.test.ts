import { type ContactCard, contactPriority } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { groupContacts } from './contacts.js';

const card = (name: string, contactTaxonomies: string[], own: number | null = null): ContactCard => ({
  id: `id-${name}`,
  codename: name.toLowerCase(),
  name,
  title: null,
  email: null,
  openingHours: null,
  phoneNumber: null,
  phoneInfo: null,
  info: null,
  isPrimary: false,
  isDefault: false,
  contactTaxonomies,
  priority: contactPriority(own, contactTaxonomies),
  language: 'en',
});

describe('contact priorities (02 §9)', () => {
  it.each([
    [null, ['building_administration'], 1],
    [null, ['property_management'], 2],
    [null, ['maintenance'], 3],
    [null, ['construction_site'], 4],
    [null, ['material_selections'], 5],
    [null, ['customer_service'], 999],
    [null, [], 999],
    [null, ['maintenance', 'building_administration'], 1],
    [7, ['building_administration'], 7],
    [0, [], 0],
    [999, ['maintenance'], 3],
  ])('own %s with groups %j shows as %i', (own, groups, expected) => {
    expect(contactPriority(own, groups)).toBe(expected);
  });
});

describe('groupContacts', () => {
  it('orders groups as the taxonomy list, cards by priority then name, unknown or none under other', () => {
    const book = groupContacts([
      card('Zed', ['maintenance']),
      card('Amy', ['maintenance'], 8),
      card('Bea', ['maintenance', 'building_administration']),
      card('Cid', ['plumbers']),
      card('Dan', []),
      card('Eli', ['material_selections']),
    ]);
    expect(book.groups.map((g) => [g.group, g.contacts.map((c) => c.name)])).toEqual([
      ['building_administration', ['Bea']],
      ['maintenance', ['Bea', 'Zed', 'Amy']],
      ['other', ['Cid', 'Dan']],
      ['material_selections', ['Eli']],
    ]);
    expect(book.contacts.map((c) => c.name)).toEqual(['Bea', 'Zed', 'Eli', 'Amy', 'Cid', 'Dan']);
  });
});
