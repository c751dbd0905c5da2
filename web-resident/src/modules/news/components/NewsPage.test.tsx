import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { newsItem, newsList, timelineItem, timelinePage } from '../testing/content-fixtures';

const query = (request: RecordedRequest) => new URL(request.path, 'http://localhost').searchParams;

const latest = [
  newsItem({ codename: 'courtyard', title: 'Courtyard works begin', excerpt: 'Spring renewal.' }),
  newsItem({ codename: 'sauna', title: 'Sauna shifts', isPriority: true }),
];
const statusUpdates = [newsItem({ codename: 'roof', title: 'Roof finished', articleType: 'status_update' })];

const feb = timelineItem({ title: 'Winter news', date: '2026-02-20T08:00:00.000Z', link: '/news/winter' });
const task = timelineItem({
  type: 'task',
  title: 'Pay the fee',
  date: '2026-03-10T08:00:00.000Z',
  link: '/calendar/entry/fee',
});
const event = timelineItem({
  type: 'event',
  title: 'Spring party',
  date: '2026-04-02T15:00:00.000Z',
  dateEnd: '2026-04-02T18:00:00.000Z',
  link: '/calendar/entry/party',
});
const stepItem = timelineItem({
  type: 'step',
  title: 'Keys handed over',
  date: '2026-05-05T00:00:00.000Z',
  link: '/step/keys',
  upcoming: true,
});

function newsRoutes(timeline: (request: RecordedRequest) => Response) {
  return {
    'GET /api/content/news': (request: RecordedRequest) => {
      const mode = query(request).get('mode');
      return json(
        newsList(mode === 'latest' ? latest : statusUpdates, mode === 'latest' ? 'latest' : 'statusUpdates'),
      );
    },
    'GET /api/content/timeline': timeline,
  };
}

const timelineRequests = (app: { requests: RecordedRequest[] }) =>
  app.requests
    .filter((r) => r.path.startsWith('/api/content/timeline'))
    .map((r) => Object.fromEntries(query(r)));

describe('/news', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the latest news, status updates and links to the archive and the calendar', async () => {
    const app = startSignedIn('/news', { routes: newsRoutes(() => json(timelinePage([]))) });
    const latestBox = await screen.findByRole('region', { name: 'Latest news' });
    await within(latestBox).findByRole('link', { name: 'Courtyard works begin' });
    await waitFor(() => expect(document.title).toBe('News - Porta'));
    expect(within(latestBox).getByRole('link', { name: 'Courtyard works begin' }).getAttribute('href')).toBe(
      '/news/courtyard',
    );
    expect(within(latestBox).getByText('Spring renewal.')).toBeTruthy();
    expect(within(latestBox).getByText('Priority')).toBeTruthy();
    const status = screen.getByRole('region', { name: 'Status updates' });
    expect(within(status).getByRole('link', { name: 'Roof finished' }).getAttribute('href')).toBe(
      '/news/roof',
    );
    expect(screen.getByRole('link', { name: 'News archive' }).getAttribute('href')).toBe('/news/archive');
    expect(screen.getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/calendar');

    const modes = app.requests
      .filter((r) => r.path.startsWith('/api/content/news'))
      .map((r) => Object.fromEntries(query(r)));
    expect(modes).toEqual(
      expect.arrayContaining([
        { housingCompanyId: IDS.demoHc, lang: 'en', mode: 'latest' },
        { housingCompanyId: IDS.demoHc, lang: 'en', mode: 'statusUpdates' },
      ]),
    );
    // An empty timeline says so.
    expect(await screen.findByText(/There is nothing on the timeline yet/)).toBeTruthy();
  });

  it('shows empty lists and the empty timeline when the lists fail (02 §8)', async () => {
    startSignedIn('/news', {
      routes: {
        'GET /api/content/news': problem(500, 'INTERNAL', 'Something went wrong'),
        'GET /api/content/timeline': problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    expect(
      await screen.findByText('No news yet. Announcements from your housing company will appear here.'),
    ).toBeTruthy();
    expect(await screen.findByText('no updates')).toBeTruthy();
    expect(await screen.findByText(/There is nothing on the timeline yet/)).toBeTruthy();
  });

  it('draws month sections with the Today marker and loads later pages through the cursor', async () => {
    const app = startSignedIn('/news', {
      routes: newsRoutes((request) =>
        query(request).get('direction') === 'later'
          ? json(timelinePage([stepItem], { direction: 'later', todayIndex: 0, laterCursor: 'cursor-2' }))
          : json(timelinePage([feb, task, event], { hasLater: true, laterCursor: 'cursor-1' })),
      ),
    });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    await within(timeline).findByRole('heading', { level: 3, name: 'February 2026' });
    expect(
      within(timeline)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['February 2026', 'March 2026', 'April 2026']);
    const march = within(timeline).getByRole('region', { name: 'March 2026' });
    expect(
      within(march)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Pay the fee'), 'Today15 Mar 2026']);
    expect(within(march).getByRole('link', { name: 'Pay the fee' }).getAttribute('href')).toBe(
      '/calendar/entry/fee',
    );
    // Articles lead back to the timeline.
    expect(within(timeline).getByRole('link', { name: 'Winter news' }).getAttribute('href')).toBe(
      '/news/winter?showLinkToTimeline=true',
    );
    expect(within(timeline).getByText('2 Apr 2026 18:00–21:00')).toBeTruthy();
    expect(within(timeline).queryByText('You have seen the whole timeline.')).toBeNull();

    await app.user.click(within(timeline).getByRole('button', { name: 'Later' }));
    await within(timeline).findByRole('heading', { level: 3, name: 'May 2026' });
    expect(timelineRequests(app)).toEqual([
      { housingCompanyId: IDS.demoHc, lang: 'en' },
      { housingCompanyId: IDS.demoHc, lang: 'en', direction: 'later', cursor: 'cursor-1' },
    ]);
    expect(within(timeline).getByText('Upcoming')).toBeTruthy();
    expect(within(timeline).queryByRole('button', { name: 'Later' })).toBeNull();
    expect(within(timeline).getByText('You have seen the whole timeline.')).toBeTruthy();
    // The marker stays where today is.
    expect(within(timeline).getAllByText('Today', { selector: '.timeline__today-label' })).toHaveLength(1);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keys handed over'));
  });

  it('filters by type with the contract helpers: tasks bring deadlines, the count leaves them out', async () => {
    const app = startSignedIn('/news', {
      features: featuresOn('one4all-bookings'),
      routes: newsRoutes((request) =>
        query(request).get('types') ? json(timelinePage([])) : json(timelinePage([feb, task, event])),
      ),
    });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    await within(timeline).findByRole('link', { name: 'Pay the fee' });
    await app.user.click(within(timeline).getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Show on the timeline' });
    // Deadlines and priority news ride along with tasks and news; steps come with lifecycle steps.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual([
      'News',
      'Announcements',
      'Status updates',
      'Marketing',
      'Tasks and deadlines',
      'Events',
      'Project steps',
      'Bookings',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'News' }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Tasks and deadlines' }));
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Events' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(
      await within(timeline).findByText('Nothing on the timeline matches the chosen types.'),
    ).toBeTruthy();
    expect(timelineRequests(app).at(-1)).toEqual({
      housingCompanyId: IDS.demoHc,
      lang: 'en',
      types: 'task,event,deadline',
    });
    const filter = within(timeline).getByRole('button', { name: 'Filter, chosen types: 2' });

    // Taking tasks away takes deadlines too; Escape leaves the choice as it was.
    await app.user.click(filter);
    await app.user.click(screen.getByRole('checkbox', { name: 'Tasks and deadlines' }));
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(filter);
    await app.user.click(filter);
    expect((screen.getByRole('checkbox', { name: 'Tasks and deadlines' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await app.user.click(screen.getByRole('checkbox', { name: 'Tasks and deadlines' }));
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(timelineRequests(app).at(-1)?.types).toBe('event'));

    await app.user.click(within(timeline).getByRole('button', { name: 'Filter, chosen types: 1' }));
    await app.user.click(screen.getByRole('button', { name: 'Clear choices' }));
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    await within(timeline).findByRole('link', { name: 'Pay the fee' });
    expect(within(timeline).getByRole('button', { name: 'Filter' })).toBeTruthy();
  });

  it('shows a back-to-today button pointing to where today is, after scrolling stops', async () => {
    let markerTop = 2000;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = (top: number, height: number) =>
        ({ top, bottom: top + height, left: 0, right: 100, width: 100, height, x: 0, y: top }) as DOMRect;
      if (this.classList.contains('timeline__today')) return box(markerTop, 40);
      if (this.classList.contains('timeline__body')) return box(100, 4000);
      return box(0, 0);
    });
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const app = startSignedIn('/news', { routes: newsRoutes(() => json(timelinePage([feb, task, event]))) });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const down = await within(timeline).findByRole('button', { name: 'Scroll down to today' });
    expect(down.textContent?.trim()).toBe('Today');
    expect(down.querySelector('svg.lucide-arrow-down[aria-hidden="true"]')).not.toBeNull();

    markerTop = -600;
    fireEvent.scroll(window);
    // Debounced: nothing changes at once.
    expect(within(timeline).getByRole('button', { name: 'Scroll down to today' })).toBe(down);
    const up = await within(timeline).findByRole('button', { name: 'Scroll up to today' });
    expect(up.textContent?.trim()).toBe('Today');
    expect(up.querySelector('svg.lucide-arrow-up[aria-hidden="true"]')).not.toBeNull();

    await app.user.click(up);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(document.activeElement?.className).toBe('timeline__today');

    markerTop = 300;
    fireEvent.scroll(window);
    await waitFor(() => expect(within(timeline).queryByRole('button', { name: /to today/ })).toBeNull());
    // @ts-expect-error jsdom has no scrollIntoView of its own
    delete Element.prototype.scrollIntoView;
  });
});
