import type { ContactCard, FaqEntry } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-mock';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';

function entry(n: number, overrides: Partial<FaqEntry> = {}): FaqEntry {
  return {
    id: `6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c${String(n).padStart(2, '0')}`,
    codename: `question-${n}`,
    question: `Question ${n}?`,
    answer: `<p>Answer ${n}.</p>`,
    faqTaxonomy: null,
    priority: n,
    language: 'en',
    ...overrides,
  };
}

const sauna = entry(1, {
  question: 'How do I book the sauna?',
  answer: '<p>Use the booking calendar in the <strong>common spaces</strong>.</p>',
  faqTaxonomy: 'common_spaces',
  codename: 'sauna',
});
const laundry = entry(2, {
  question: 'Where is the laundry room?',
  answer: '<p>In the basement of staircase B, next to the sauna.</p>',
  faqTaxonomy: 'common_spaces',
});
const keys = entry(3, {
  question: 'How do I order more keys?',
  answer: '<p>Ask the property manager; keys are ordered from the lock company.</p>',
  faqTaxonomy: 'moving_in',
});
const faq = {
  groups: [
    { faqTaxonomy: 'common_spaces', entries: [sauna, laundry] },
    { faqTaxonomy: 'moving_in', entries: [keys] },
  ],
};

const customerService: ContactCard = {
  id: '3f2e1d0c-9b8a-4765-8432-10fedcba9821',
  codename: 'customer-service',
  name: 'Porta customer service',
  title: 'Developer customer service',
  email: 'customer.service@demo.porta.test',
  openingHours: 'Mon–Fri 8–16',
  phoneNumber: '+358 20 433 111',
  phoneInfo: null,
  info: null,
  isPrimary: false,
  isDefault: true,
  contactTaxonomies: ['customer_service'],
  priority: 999,
  language: 'en',
};
const book = {
  groups: [{ group: 'customer_service', contacts: [customerService] }],
  contacts: [customerService],
};

const routes = {
  'GET /api/content/faq': json(faq),
  'GET /api/content/contacts': json(book),
};

describe('/support, the support centre', () => {
  it('searches the FAQ: typing filters the questions by question and answer, and says when nothing matches', async () => {
    const app = startSignedIn('/support', { features: featuresOn('faq', 'service-requests'), routes });
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    const faqBox = screen.getByRole('region', { name: 'Frequently asked questions' });
    // Without a search: the groups to browse, each question linking to its answer.
    await within(faqBox).findByRole('heading', { level: 3, name: 'Common spaces' });
    expect(within(faqBox).getByRole('link', { name: 'How do I book the sauna?' }).getAttribute('href')).toBe(
      '/faq/sauna',
    );
    expect(within(faqBox).getByRole('link', { name: 'All questions (3)' }).getAttribute('href')).toBe('/faq');

    const search = within(faqBox).getByRole('searchbox', { name: 'Search the questions' });
    await app.user.type(search, 'sauna');
    // The question that names the sauna first, then the one whose answer does.
    await waitFor(() =>
      expect(
        within(faqBox)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['How do I book the sauna?', 'Where is the laundry room?']),
    );
    expect(within(faqBox).queryByText('How do I order more keys?')).toBeNull();
    expect(screen.getByText('Questions found: 2')).toBeTruthy();

    // An answer opens from its question.
    const question = within(faqBox).getByRole('button', { name: 'How do I book the sauna?' });
    await app.user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(faqBox).getByText('common spaces').tagName).toBe('STRONG');

    await app.user.clear(search);
    await app.user.type(search, 'LOCK company');
    await waitFor(() =>
      expect(
        within(faqBox)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['How do I order more keys?']),
    );

    await app.user.clear(search);
    await app.user.type(search, 'elevator');
    expect(await within(faqBox).findByText('No questions match “elevator”')).toBeTruthy();
    await app.user.click(within(faqBox).getByRole('button', { name: 'Clear the search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(await within(faqBox).findByRole('heading', { level: 3, name: 'Moving in' })).toBeTruthy();
  });

  it('leads to service requests, customer service, feedback and the help pages', async () => {
    startSignedIn('/support', { features: featuresOn('faq', 'service-requests'), routes });
    await screen.findByRole('heading', { level: 1, name: 'Support' });

    const requests = screen.getByRole('region', { name: 'Service requests' });
    expect(within(requests).getByRole('link', { name: 'Report a fault' }).getAttribute('href')).toBe(
      '/support/service-requests/new',
    );
    expect(within(requests).getByRole('link', { name: 'Your service requests' }).getAttribute('href')).toBe(
      '/support/service-requests',
    );

    const contact = screen.getByRole('region', { name: 'Customer service' });
    expect(await within(contact).findByRole('article', { name: 'Porta customer service' })).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '+358 20 433 111' }).getAttribute('href')).toBe(
      'tel:+35820433111',
    );
    expect(within(contact).getByRole('link', { name: 'All contacts' }).getAttribute('href')).toBe(
      '/support/contact-book',
    );

    expect(screen.getByRole('region', { name: 'Feedback' })).toBeTruthy();

    const help = screen.getByRole('region', { name: 'Help and policies' });
    expect(
      within(help)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      '/faq',
      '/support/contact-book',
      '/terms-and-conditions',
      '/privacy-policy',
      '/accessibility-statement',
    ]);
  });

  it('offers neither the FAQ search nor service requests when their features are off', async () => {
    const app = startSignedIn('/support', { routes });
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    await screen.findByRole('region', { name: 'Customer service' });
    expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Service requests' })).toBeNull();
    expect(app.calls().some((c) => c.startsWith('GET /api/content/faq'))).toBe(false);
  });
});
