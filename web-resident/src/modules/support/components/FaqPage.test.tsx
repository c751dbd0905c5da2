import type { FaqEntry } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
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
  faqTaxonomy: 'common_spaces',
  codename: 'sauna',
});
const laundry = entry(2, { question: 'Where is the laundry room?', faqTaxonomy: 'common_spaces' });
const keys = entry(3, {
  question: 'How do I order more keys?',
  faqTaxonomy: 'moving-in',
  answer: '<p>Ask the <a href="/support/contact-book">property manager</a>.</p>',
});
const misc = entry(4, { question: 'Who answers these questions?' });
const faq = {
  groups: [
    { faqTaxonomy: 'common_spaces', entries: [sauna, laundry] },
    { faqTaxonomy: 'moving-in', entries: [keys] },
    { faqTaxonomy: null, entries: [misc] },
  ],
};
const features = featuresOn('faq');

const answerOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;

describe('/faq', () => {
  it('groups the questions and opens an answer from its question', async () => {
    const app = startSignedIn('/faq', { features, routes: { 'GET /api/content/faq': json(faq) } });
    await screen.findByRole('heading', { level: 1, name: 'FAQ' });
    await waitFor(() => expect(document.title).toBe('FAQ - Porta'));
    await screen.findByRole('heading', { level: 2, name: 'Common spaces' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Common spaces',
      'Moving in',
      'Other questions',
    ]);
    const group = screen.getByRole('region', { name: 'Common spaces' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['How do I book the sauna?', 'Where is the laundry room?']);

    const question = screen.getByRole('button', { name: 'How do I order more keys?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(answerOf(question).hidden).toBe(true);
    await app.user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answerOf(question).hidden).toBe(false);
    expect(
      within(answerOf(question)).getByRole('link', { name: 'property manager' }).getAttribute('href'),
    ).toBe('/support/contact-book');
    // Keyboard: Enter closes it again; the others stay as they were.
    question.focus();
    await app.user.keyboard('{Enter}');
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(
      screen.getByRole('button', { name: 'How do I book the sauna?' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(app.calls()).toContain(`GET /api/content/faq?housingCompanyId=${IDS.demoHc}&lang=en`);
  });

  it('/faq/:id opens that answer and puts the focus on its question', async () => {
    const app = startSignedIn('/faq/sauna', { features, routes: { 'GET /api/content/faq': json(faq) } });
    const question = await screen.findByRole('button', { name: 'How do I book the sauna?' });
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(answerOf(question).hidden).toBe(false);
    expect(within(answerOf(question)).getByText('Answer 1.')).toBeTruthy();
    expect(document.activeElement).toBe(question);
    expect(
      screen.getByRole('button', { name: 'Where is the laundry room?' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await waitFor(() => expect(document.title).toBe('How do I book the sauna? - FAQ - Porta'));
    // Found in the list: no separate request.
    expect(app.calls().some((c) => c.startsWith('GET /api/content/faq/'))).toBe(false);
  });

  it('/faq/:id fetches an entry the list does not hold, and a missing one is Page not found', async () => {
    const extra = entry(9, { question: 'Can I keep pets?', codename: 'pets' });
    startSignedIn('/faq/pets', {
      features,
      routes: { 'GET /api/content/faq': json(faq), 'GET /api/content/faq/pets': json(extra) },
    });
    const question = await screen.findByRole('button', { name: 'Can I keep pets?' });
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(answerOf(question)).getByText('Answer 9.')).toBeTruthy();
  });

  it('a question the reader does not see is Page not found', async () => {
    startSignedIn('/faq/secret', {
      features,
      routes: {
        'GET /api/content/faq': json(faq),
        'GET /api/content/faq/secret': problem(404, 'CNT_NOT_FOUND', 'Not found'),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('says there are no questions yet and leads to the contact book', async () => {
    startSignedIn('/faq', { features, routes: { 'GET /api/content/faq': json({ groups: [] }) } });
    expect(await screen.findByText('No questions and answers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the contact book' }).getAttribute('href')).toBe(
      '/support/contact-book',
    );
  });

  it('is not offered when the faq feature is off', async () => {
    const app = startSignedIn('/faq');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'FAQ' })).toBeNull();
    expect(app.calls().some((c) => c.startsWith('GET /api/content/faq'))).toBe(false);
  });
});
