import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';
import { comment, likes, ownComment, page } from '../../community/testing/community-fixtures';
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
    const attachments = screen.getByRole('region', { name: 'Attachments' });
    expect((await within(attachments).findByRole('alert')).textContent).toBe(
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

  it('says the archive is empty when it is', async () => {
    startSignedIn('/news/archive', { routes: { 'GET /api/content/news': json(newsList([], 'archive')) } });
    expect(await screen.findByText('The archive is empty. Older news moves here over time.')).toBeTruthy();
  });
});

describe('/news/:id comments', () => {
  const ARTICLE_ID = '00000000-0000-4000-8000-0000000000aa';
  const COMMENTS = `/api/community/references/news/${ARTICLE_ID}/comments`;
  const onArticle = (overrides: Parameters<typeof comment>[1] = {}) => ({
    discussionId: null,
    referenceType: 'news' as const,
    referenceId: ARTICLE_ID,
    ...overrides,
  });

  function openArticle(routes: NonNullable<Parameters<typeof startSignedIn>[1]>['routes']) {
    return startSignedIn('/news/courtyard', {
      routes: {
        'GET /api/content/news/courtyard': json(
          newsDetail({ id: ARTICLE_ID, title: 'Courtyard works begin' }),
        ),
        ...routes,
      },
    });
  }

  it("shows the article's comments of the housing company and adds one, read again after", async () => {
    const first = comment(1, onArticle({ body: '<p>Finally some news</p>' }));
    const added = ownComment(2, onArticle({ body: '<p>When does it end?</p>' }));
    const app = openArticle({
      [`GET ${COMMENTS}`]: [json(page([first])), json(page([first, added]))],
      [`POST ${COMMENTS}`]: json(added, 201),
    });
    const section = await screen.findByRole('region', { name: 'Comments' });
    const element = await within(section).findByRole('article', { name: 'Comment by Nina' });
    expect(element.id).toBe(`comment-${first.id}`);
    expect(within(element).getByText('Finally some news')).toBeTruthy();
    expect(app.requests.find((r) => r.path.startsWith(COMMENTS))?.path).toBe(
      `${COMMENTS}?housingCompanyId=${IDS.demoHc}&skip=0&limit=25&lang=en`,
    );

    await app.user.type(within(section).getByLabelText('Write a comment'), 'When does it end?');
    await app.user.click(within(section).getByRole('button', { name: 'Send comment' }));
    expect(await within(section).findByRole('article', { name: 'Your comment' })).toBeTruthy();
    expect(app.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [
        `${COMMENTS}?housingCompanyId=${IDS.demoHc}&lang=en`,
        { body: '<p>When does it end?</p>', parentId: null, imageIds: [] },
      ],
    ]);
  });

  it('likes a comment and opens its replies with the reply form', async () => {
    const first = comment(1, onArticle({ childMessageCount: 1 }));
    const reply = comment(11, onArticle({ parentId: first.id, body: '<p>A reply to it</p>' }));
    const app = openArticle({
      [`GET ${COMMENTS}`]: (request: RecordedRequest) =>
        json(page(request.path.includes(`parentId=${first.id}`) ? [reply] : [first])),
      [`POST /api/community/comments/${first.id}/likes`]: json(
        likes({ count: 1, likedByMe: true, names: ['Olivia'] }),
      ),
    });
    const element = await screen.findByRole('article', { name: 'Comment by Nina' });
    await app.user.click(within(element).getByRole('button', { name: /Like/ }));
    await waitFor(() =>
      expect(within(element).getAllByRole('button', { name: /Like/ })[0]!.getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(within(element).getByText('Liked by Olivia')).toBeTruthy();

    await app.user.click(within(element).getByRole('button', { name: 'Replies (1)' }));
    const replies = await screen.findByRole('region', { name: 'Replies to the comment by Nina' });
    expect(await within(replies).findByText('A reply to it')).toBeTruthy();
    expect(within(replies).getByLabelText('Write a reply')).toBeTruthy();
    expect(
      app.requests.some(
        (r) =>
          r.path ===
          `${COMMENTS}?housingCompanyId=${IDS.demoHc}&parentId=${first.id}&skip=0&limit=25&lang=en`,
      ),
    ).toBe(true);
  });

  it('says when the comments cannot be read, and still shows the article', async () => {
    openArticle({ [`GET ${COMMENTS}`]: problem(503, 'TEMPORARILY_UNAVAILABLE', 'Try again') });
    await screen.findByRole('heading', { level: 1, name: 'Courtyard works begin' });
    const section = await screen.findByRole('region', { name: 'Comments' });
    await waitFor(() => expect(within(section).getByRole('alert')).toBeTruthy());
  });
});
