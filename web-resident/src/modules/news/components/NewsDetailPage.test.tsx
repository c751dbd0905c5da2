import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';
import { newsDetail, newsItem, newsList, uuid } from '../testing/content-fixtures';

const asset = (fileName: string, mimeType: string, size = 2048) => {
  const id = uuid();
  return { id, url: `/api/content/assets/${id}`, fileName, mimeType, size, width: null, height: null };
};

describe('/news/:id', () => {
  it('shows the article with images, content and attachments downloaded with the session token', async () => {
    const image = { ...asset('yard.jpg', 'image/jpeg'), width: 1600, height: 900 };
    const plan = asset('plan.pdf', 'application/pdf', 5000);
    const article = newsDetail({
      codename: 'courtyard',
      slug: 'courtyard',
      title: 'Courtyard works begin',
      isPriority: true,
      images: [image],
      attachments: [plan],
    });
    // jsdom has no object URLs: stand-ins for this test.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:plan');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const app = startSignedIn('/news/courtyard?showLinkToTimeline=true', {
      routes: {
        'GET /api/content/news/courtyard': json(article),
        [`GET /api/content/assets/${plan.id}`]: () =>
          new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Courtyard works begin' });
    await waitFor(() => expect(document.title).toBe('Courtyard works begin - News - Porta'));
    expect(app.requests.find((r) => r.path.startsWith('/api/content/news/'))?.path).toBe(
      `/api/content/news/courtyard?housingCompanyId=${IDS.demoHc}&lang=en`,
    );
    expect(screen.getByText('Works start in April.')).toBeTruthy();
    expect(screen.getByText('courtyard', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('2 Mar 2026')).toBeTruthy();
    expect(screen.getByText('Priority')).toBeTruthy();
    expect(screen.getByText('Written by Paula Manager')).toBeTruthy();
    expect(document.querySelector('.content-images__main')?.getAttribute('src')).toBe(image.url);
    expect(screen.getByRole('link', { name: 'Back to the timeline' }).getAttribute('href')).toBe(
      '/news#timeline',
    );

    const attachments = screen.getByRole('region', { name: 'Attachments' });
    expect(within(attachments).getByText('(5 k)')).toBeTruthy();
    await app.user.click(within(attachments).getByRole('button', { name: 'Download plan.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['plan.pdf blob:plan']));
    const download = app.requests.find((r) => r.path === plan.url);
    expect(download?.authorization).toBe('Bearer stored-access-token');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.7');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:plan'));
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('links back to the news list without showLinkToTimeline, and says when a download fails', async () => {
    const plan = asset('plan.pdf', 'application/pdf');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const app = startSignedIn('/news/courtyard', {
      routes: {
        'GET /api/content/news/courtyard': json(
          newsDetail({ title: 'Courtyard works begin', attachments: [plan] }),
        ),
        [`GET /api/content/assets/${plan.id}`]: problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Courtyard works begin' });
    expect(screen.queryByRole('link', { name: 'Back to the timeline' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to news' }).getAttribute('href')).toBe('/news');
    await app.user.click(screen.getByRole('button', { name: 'Download plan.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file could not be downloaded. Please try again.',
    );
    expect(warn).toHaveBeenCalled();
  });

  it('says the article is not found or not yet available on 404', async () => {
    startSignedIn('/news/secret', {
      routes: {
        'GET /api/content/news/secret': problem(
          404,
          'CNT_NOT_FOUND',
          'Article not found or not yet available',
        ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Article not found or not yet available');
    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('asks to refresh when the article cannot be loaded, and tries again', async () => {
    const app = startSignedIn('/news/courtyard', {
      routes: {
        'GET /api/content/news/courtyard': [
          problem(503, 'UNAVAILABLE', 'Unavailable'),
          json(newsDetail({ title: 'Courtyard works begin' })),
        ],
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Content could not be loaded. Please refresh.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Courtyard works begin' });
  });
});

describe('/news/archive', () => {
  it('lists up to 100 articles, archived ones marked', async () => {
    const app = startSignedIn('/news/archive', {
      routes: {
        'GET /api/content/news': () =>
          json(
            newsList(
              [
                newsItem({ codename: 'old', title: 'Old news', archived: true }),
                newsItem({ title: 'New news' }),
              ],
              'archive',
            ),
          ),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Old news' });
    expect(screen.getByRole('heading', { level: 1, name: 'News archive' })).toBeTruthy();
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Old news' }).getAttribute('href')).toBe('/news/old');
    expect(app.requests.find((r) => r.path.startsWith('/api/content/news'))?.path).toBe(
      `/api/content/news?housingCompanyId=${IDS.demoHc}&lang=en&mode=archive&limit=100`,
    );
  });

  it('says no items found when the archive is empty', async () => {
    startSignedIn('/news/archive', { routes: { 'GET /api/content/news': json(newsList([], 'archive')) } });
    expect(await screen.findByText('no items found')).toBeTruthy();
  });
});
