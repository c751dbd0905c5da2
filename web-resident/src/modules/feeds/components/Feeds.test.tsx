import type { FeedItem, FeedItemDetail } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';

/** The feeds are read for the selected housing company, in the interface language. */
const SCOPE = `housingCompanyId=${IDS.demoHc}&lang=en`;
const feedCalls = (calls: string[]) => calls.filter((call) => call.includes('/api/content/feeds/'));

function item(n: number, overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: `8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b${String(n).padStart(2, '0')}`,
    kind: 'recommended',
    slug: `article-${n}`,
    title: `Article ${n}`,
    excerpt: `Summary of article ${n}.`,
    imageUrl: null,
    link: `https://articles.example/${n}`,
    publishedAt: '2026-03-05T10:00:00.000Z',
    categories: [],
    ...overrides,
  };
}

const longTitle = `${'A very long headline about housing company matters '.repeat(3)}end`;

describe('recommended articles box', () => {
  it('shows the 4 latest with links to their pages, titles cut to 80 characters, and a link to the archive', async () => {
    const items = [item(1, { title: longTitle, imageUrl: '/img/1.jpg' }), item(2), item(3), item(4)];
    const app = startSignedIn('/', {
      features: featuresOn('atp-feed'),
      routes: { 'GET /api/content/feeds/recommended': json({ items, total: 40 }) },
    });
    const box = await screen.findByRole('region', { name: 'Recommended articles' });
    await within(box).findByRole('link', { name: 'Article 2' });
    const list = within(box).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const first = within(list).getAllByRole('heading', { level: 3 })[0] as HTMLElement;
    expect(first.textContent).toHaveLength(80);
    expect(first.textContent?.endsWith('…')).toBe(true);
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      `/isannointiliitto/${items[0]?.id}/article-1`,
    );
    expect(within(first).getByRole('link').getAttribute('title')).toBe(longTitle);
    expect(within(box).getAllByText('5 Mar 2026')).toHaveLength(4);
    expect(within(box).getByRole('link', { name: 'All recommended articles' }).getAttribute('href')).toBe(
      '/isannointiliitto/archive',
    );
    expect(feedCalls(app.calls())).toEqual([`GET /api/content/feeds/recommended?${SCOPE}&limit=4&offset=0`]);
  });

  for (const [how, answer] of [
    ['empty', () => json({ items: [], total: 0 })],
    ['fails', () => problem(500, 'INTERNAL', 'Something went wrong')],
  ] as const) {
    it(`says what the box is for and when articles appear when the feed ${how}`, async () => {
      startSignedIn('/', {
        features: featuresOn('atp-feed'),
        routes: { 'GET /api/content/feeds/recommended': answer },
      });
      const box = await screen.findByRole('region', { name: 'Recommended articles' });
      expect(await within(box).findByText('No recommended articles yet')).toBeTruthy();
      expect(
        within(box).getByText(
          'Recommended reading about housing and life in a housing company will appear here as soon as it is published. Have a look again later.',
        ),
      ).toBeTruthy();
      expect(within(box).queryByText(/no items found/i)).toBeNull();
      expect(within(box).queryByRole('list')).toBeNull();
      // The archive link stays; residents have nothing to add, so the box offers no other action.
      expect(
        within(box)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['All recommended articles']);
    });
  }
});

describe('corporate news box', () => {
  it('shows 4 items that open on their own site, and a link to the archive', async () => {
    const items = [1, 2, 3, 4].map((n) => item(n, { kind: 'corporate', title: `News ${n}` }));
    const app = startSignedIn('/', {
      features: featuresOn('yit-corporation-news'),
      routes: { 'GET /api/content/feeds/corporate': json({ items, total: 4 }) },
    });
    const box = await screen.findByRole('region', { name: 'Corporate news' });
    const link = await within(box).findByRole('link', { name: 'News 1 (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://articles.example/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(box).getAllByRole('listitem')).toHaveLength(4);
    expect(within(box).getByRole('link', { name: 'All corporate news' }).getAttribute('href')).toBe(
      '/yit-news-archive',
    );
    expect(feedCalls(app.calls())).toEqual([`GET /api/content/feeds/corporate?${SCOPE}&limit=4&offset=0`]);
  });

  it('says it has no corporate news yet when the feed is empty', async () => {
    startSignedIn('/', {
      features: featuresOn('yit-corporation-news'),
      routes: { 'GET /api/content/feeds/corporate': json({ items: [], total: 0 }) },
    });
    const box = await screen.findByRole('region', { name: 'Corporate news' });
    expect(await within(box).findByText('No corporate news yet')).toBeTruthy();
    expect(
      within(box).getByText(
        'News about our company will appear here as soon as it is published. Have a look again later.',
      ),
    ).toBeTruthy();
    expect(within(box).queryByText(/no items found/i)).toBeNull();
  });
});

describe('feed archives', () => {
  it('/isannointiliitto/archive pages through the recommended articles 25 at a time', async () => {
    const first = Array.from({ length: 25 }, (_, i) => item(i + 1));
    const second = Array.from({ length: 5 }, (_, i) => item(i + 26));
    const app = startSignedIn('/isannointiliitto/archive', {
      features: featuresOn('atp-feed'),
      routes: {
        [`GET /api/content/feeds/recommended?${SCOPE}&limit=25&offset=0`]: json({ items: first, total: 30 }),
        [`GET /api/content/feeds/recommended?${SCOPE}&limit=25&offset=25`]: json({
          items: second,
          total: 30,
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Recommended articles' });
    await screen.findByRole('link', { name: 'Article 1' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(25);
    expect(screen.getByText('Summary of article 1.')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).toBeNull();

    await app.user.click(within(pages).getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Article 26' });
    expect(app.path()).toBe('/isannointiliitto/archive?page=2');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Page 2 of 2')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Recommended articles' }),
    );
    await waitFor(() => expect(document.title).toBe('Recommended articles - News - Porta'));
  });

  it('/isannointiliitto/:id/:slug shows the article; an unknown one is Page not found', async () => {
    const detail: FeedItemDetail = {
      ...item(7, { title: 'Caring for your balcony', imageUrl: '/img/balcony.jpg' }),
      contentHtml: '<p>Sweep it <em>often</em>.</p>',
    };
    startSignedIn(`/isannointiliitto/${detail.id}/caring-for-your-balcony`, {
      features: featuresOn('atp-feed'),
      routes: { [`GET /api/content/feeds/recommended/${detail.id}`]: json(detail) },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Caring for your balcony' });
    const article = heading.closest('article') as HTMLElement;
    expect(within(article).getByText('often').tagName).toBe('EM');
    expect(within(article).getByText('5 Mar 2026')).toBeTruthy();
    expect(
      within(article)
        .getByRole('link', { name: 'Read the article on its own site (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('https://articles.example/7');
    expect(
      within(article).getByRole('link', { name: 'Back to recommended articles' }).getAttribute('href'),
    ).toBe('/isannointiliitto/archive');
  });

  it('an unknown recommended article is Page not found', async () => {
    startSignedIn('/isannointiliitto/gone/slug', {
      features: featuresOn('atp-feed'),
      routes: { 'GET /api/content/feeds/recommended/gone': problem(404, 'CNT_NOT_FOUND', 'Not found') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('/yit-news-archive lists the corporate news', async () => {
    const items = [1, 2].map((n) => item(n, { kind: 'corporate', title: `News ${n}` }));
    const app = startSignedIn('/yit-news-archive', {
      features: featuresOn('yit-corporation-news'),
      routes: { 'GET /api/content/feeds/corporate': json({ items, total: 2 }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Corporate news' });
    expect(
      (await screen.findByRole('link', { name: 'News 2 (opens in a new tab)' })).getAttribute('href'),
    ).toBe('https://articles.example/2');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(app.calls()).toContain(`GET /api/content/feeds/corporate?${SCOPE}&limit=25&offset=0`);
  });

  for (const [path, feature, api, heading, title, text] of [
    [
      '/isannointiliitto/archive',
      'atp-feed',
      'recommended',
      'Recommended articles',
      'No recommended articles yet',
      'Recommended reading about housing and life in a housing company will appear here as soon as it is published. Have a look again later.',
    ],
    [
      '/yit-news-archive',
      'yit-corporation-news',
      'corporate',
      'Corporate news',
      'No corporate news yet',
      'News about our company will appear here as soon as it is published. Have a look again later.',
    ],
  ] as const) {
    it(`an empty ${path} says what the archive is for and leads back to the front page`, async () => {
      startSignedIn(path, {
        features: featuresOn(feature),
        routes: { [`GET /api/content/feeds/${api}`]: json({ items: [], total: 0 }) },
      });
      await screen.findByRole('heading', { level: 1, name: heading });
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText(/no items found/i)).toBeNull();
      expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    });
  }

  it('the archives need their features', async () => {
    const app = startSignedIn('/yit-news-archive', { features: featuresOn('atp-feed') });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Corporate news' })).toBeNull();
    expect(app.calls().some((c) => c.includes('/feeds/'))).toBe(false);
  });
});
