import type { FaqList } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, problem, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const entry = (n: number, question: string, answer: string, faqTaxonomy: string | null) => ({
  id: `fa9e0000-0000-4c1e-8f5e-00000000000${n}`,
  codename: `help-${n}`,
  question,
  answer,
  faqTaxonomy,
  priority: n,
  language: 'en' as const,
});

const HELP: FaqList = {
  groups: [
    {
      faqTaxonomy: 'publishing',
      entries: [entry(1, 'How do I publish news?', '<p>Open <strong>News</strong>.</p>', 'publishing')],
    },
    { faqTaxonomy: null, entries: [entry(2, 'Who do I call?', '<p>Support.</p>', null)] },
  ],
};

function api(roles: Parameters<typeof meOf>[0], help: () => Response = () => json(HELP)) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/content/help': help,
    // The FAQ groups come from identity's staff list by group (an empty group answers []).
    'GET /api/identity/admin/taxonomy-terms': () =>
      listOf('taxonomy-terms', [
        {
          id: '3c2b1a09-8f7e-4d6c-9b5a-000000000009',
          group: 'faqtaxonomy',
          codename: 'publishing',
          externalId: null,
          name: 'Publishing',
          parentId: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    'GET /api/content/admin/faqs': () => listOf('faqs', []),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('help section (/admin/help)', () => {
  it('is in the user menu of every staff user, partners included, and reads the help in the app language', async () => {
    const calls = api(['partner']);
    renderAppAt('/admin', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Help' }));

    await waitFor(() => expect(window.location.pathname).toBe('/admin/help'));
    expect(await screen.findByRole('heading', { name: 'Publishing' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Other' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'How do I publish news?' }));
    expect(
      within(screen.getByRole('region', { name: 'How do I publish news?' })).getByText('News').tagName,
    ).toBe('STRONG');
    expect(calls.to('GET /api/content/help')[0]!.query.get('lang')).toBe('en');
    // Partners read the help but do not manage it.
    expect(screen.queryByRole('link', { name: 'Manage help entries' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offers editors the entry editor and the management list', async () => {
    api(['yitMarketing']);
    renderAppAt('/admin/help', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Who do I call?' }));
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/admin/faqs/fa9e0000-0000-4c1e-8f5e-000000000002',
    );
    expect(screen.getByRole('link', { name: 'Manage help entries' })).toBeTruthy();
  });

  it('says so when there is no help yet, and when it could not be loaded', async () => {
    api(['yitUser'], () => json({ groups: [] }));
    renderAppAt('/admin/help', session);
    expect(await screen.findByText('No help entries yet')).toBeTruthy();
  });

  it('shows the failure in words', async () => {
    api(['yitUser'], () => problem(500, 'INTERNAL', 'Something went wrong'));
    renderAppAt('/admin/help', session);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
  });
});

describe('FAQ and help entries (/admin/faqs)', () => {
  it('creates a help entry with its question and answer, without targeting', async () => {
    const created = {
      ...entry(3, 'Where are the drafts?', '<p>In the list.</p>', null),
      kind: 'help',
      title: 'Where are the drafts?',
      defaultLanguage: 'en',
      variants: { en: { question: 'Where are the drafts?', answer: '<p>In the list.</p>' } },
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      status: 'published',
      publishAt: null,
      unpublishAt: null,
      createdAt: '2026-03-01T08:00:00.000Z',
      updatedAt: '2026-03-01T08:00:00.000Z',
      author: { id: null, name: 'Mia Marketing', roles: [] },
      scheduled: false,
      canEdit: true,
    };
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
      'GET /api/content/admin/faqs': () => listOf('faqs', [created]),
      'POST /api/content/admin/faqs': () => json(created, 201),
    });
    renderAppAt('/admin/faqs/create?kind=help', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Question/), 'Where are the drafts?');
    // The answer is written in the rich-text editor.
    const answer = await screen.findByRole('textbox', { name: 'Answer' });
    await user.click(answer);
    await user.paste('In the list.');
    expect(screen.queryByLabelText('Housing companies')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to('POST /api/content/admin/faqs')).toHaveLength(1));
    expect(calls.to('POST /api/content/admin/faqs')[0]!.body).toMatchObject({
      kind: 'help',
      variants: { en: { question: 'Where are the drafts?', answer: '<p>In the list.</p>' } },
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      status: 'published',
      priority: 999,
    });
  });
});
