import type { FaqList, TaxonomyTerm } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cs } from '../i18n/cs';
import { en } from '../i18n/en';
import { et } from '../i18n/et';
import { fi } from '../i18n/fi';
import { lt } from '../i18n/lt';
import { lv } from '../i18n/lv';
import { pl } from '../i18n/pl';
import { sk } from '../i18n/sk';
import { sv } from '../i18n/sv';
import { type Handler, json, listOf, meOf, mockFetch, tokens } from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';
import { NAMED_FAQ_GROUPS } from './taxonomy';

/**
 * The FAQ, help and campaign screens read the faqtaxonomy and campaign_category groups, which may
 * have no terms (the spec names the groups, not their terms): they read identity's staff list by
 * group, which answers an empty list then, never GET /taxonomy/:group's 404. The help section's
 * headings are the groups' names in the app's language.
 */

let session: SessionClient;

const TERMS = 'GET /api/identity/admin/taxonomy-terms';

function term(n: number, group: TaxonomyTerm['group'], codename: string, name: string): TaxonomyTerm {
  return {
    id: `3c2b1a09-8f7e-4d6c-9b5a-${String(n).padStart(12, '0')}`,
    group,
    codename,
    externalId: null,
    name,
    parentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const entry = (n: number, question: string, faqTaxonomy: string | null) => ({
  id: `fa9e0000-0000-4c1e-8f5e-00000000000${n}`,
  codename: `help-${n}`,
  question,
  answer: '<p>Answer.</p>',
  faqTaxonomy,
  priority: n,
  language: 'en' as const,
});

const HELP: FaqList = {
  groups: [
    { faqTaxonomy: 'news_and_calendar', entries: [entry(1, 'How do I publish news?', 'news_and_calendar')] },
    { faqTaxonomy: 'billing', entries: [entry(2, 'Who pays?', 'billing')] },
    { faqTaxonomy: 'parking_spaces', entries: [entry(3, 'Where do I park?', 'parking_spaces')] },
  ],
};

/** The terms of a group, as identity's staff list answers them (an empty group: an empty list). */
function termsByGroup(groups: Partial<Record<TaxonomyTerm['group'], TaxonomyTerm[]>>): Handler {
  return (request) => {
    const { group } = JSON.parse(request.query.get('filter') ?? '{}') as { group?: TaxonomyTerm['group'] };
    return listOf('taxonomy-terms', (group && groups[group]) ?? []);
  };
}

/** Mock the routes and tell which requests went to none of them (answered 404). */
function api(routes: Record<string, Handler>) {
  const calls = mockFetch(routes);
  const unanswered = () =>
    calls.sent
      .filter((r) => !Object.hasOwn(routes, `${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
  return { ...calls, unanswered };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('taxonomy groups of the FAQ, help and campaign screens', () => {
  it('names every known FAQ group in the nine languages', () => {
    for (const [lang, texts] of Object.entries({ en, fi, sv, et, lv, lt, pl, cs, sk })) {
      const groups = texts.porta.content.help.groups as Record<string, string>;
      expect(Object.keys(groups).sort(), lang).toEqual([...NAMED_FAQ_GROUPS].sort());
      for (const codename of NAMED_FAQ_GROUPS)
        expect(groups[codename]?.trim(), `${lang} ${codename}`).toBeTruthy();
    }
  });

  it.each([
    ['en', 'News and calendar'],
    ['fi', 'Uutiset ja kalenteri'],
    ['sv', 'Nyheter och kalender'],
  ])(
    'the help section names its groups in the app language (%s), never by codename',
    async (lang, heading) => {
      const calls = api({
        'GET /api/identity/me': () => json(meOf(['partner'])),
        'GET /api/content/help': () => json(HELP),
        [TERMS]: termsByGroup({ faqtaxonomy: [term(1, 'faqtaxonomy', 'billing', 'Billing and fees')] }),
      });
      renderAppAt(`/admin/help?lang=${lang}`, session);

      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      // A group the app has no words for: the term's name in identity, else the codename as words.
      expect(await screen.findByRole('heading', { name: 'Billing and fees' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Parking spaces' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'news_and_calendar' })).toBeNull();
      expect(calls.to(TERMS)[0]!.query.get('filter')).toBe('{"group":"faqtaxonomy"}');
      expect(calls.to('GET /api/identity/taxonomy/faqtaxonomy')).toHaveLength(0);
      await waitFor(() => expect(calls.unanswered()).toEqual([]));
    },
  );

  it("the FAQ editor offers identity's groups and the named ones, even when the group has no terms", async () => {
    const calls = api({
      'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
      'GET /api/content/admin/faqs': () => listOf('faqs', []),
      'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
      'GET /api/identity/taxonomy/buildingtaxonomy': () => json({ group: 'buildingtaxonomy', terms: [] }),
      [TERMS]: termsByGroup({}),
    });
    renderAppAt('/admin/faqs/create', session);
    const user = userEvent.setup();

    await user.click(await screen.findByLabelText('Category'));
    // The category list's options (the rich-text editor's block-type select has its own).
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Contacts',
      'Maintenance',
      'Moving in',
      'News and calendar',
      'The portal',
      'Users',
    ]);
    expect(calls.to('GET /api/identity/taxonomy/faqtaxonomy')).toHaveLength(0);
    await waitFor(() => expect(calls.unanswered()).toEqual([]));
  });

  it("the campaign editor offers the campaign categories from identity's list, and says when there are none", async () => {
    const routes = (categories: TaxonomyTerm[]) => ({
      'GET /api/identity/me': () => json(meOf(['partner'])),
      'GET /api/content/admin/shop-partners': () => listOf('shop-partners', []),
      'GET /api/content/admin/campaigns': () => listOf('campaigns', []),
      'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
      'GET /api/identity/taxonomy/buildingtaxonomy': () => json({ group: 'buildingtaxonomy', terms: [] }),
      [TERMS]: termsByGroup({ campaign_category: categories }),
    });
    const calls = api(
      routes([
        term(2, 'campaign_category', 'garden', 'Garden'),
        term(3, 'campaign_category', 'energy', 'Energy'),
      ]),
    );
    const { unmount } = renderAppAt('/admin/campaigns/create', session);
    const user = userEvent.setup();

    await user.click(await screen.findByLabelText('Categories'));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Garden', 'Energy']);
    expect(calls.to('GET /api/identity/taxonomy/campaign_category')).toHaveLength(0);
    expect(calls.to(TERMS).map((r) => r.query.get('filter'))).toContain('{"group":"campaign_category"}');
    await waitFor(() => expect(calls.unanswered()).toEqual([]));
    unmount();

    const none = api(routes([]));
    renderAppAt('/admin/campaigns/create', session);
    expect(await screen.findByText('No taxonomies found')).toBeTruthy();
    await waitFor(() => expect(none.unanswered()).toEqual([]));
  });
});
