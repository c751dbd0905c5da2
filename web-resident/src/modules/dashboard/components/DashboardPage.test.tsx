import type { MeResponse } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { calendarItem, calendarList, newsItem, newsList } from '../../news/testing/content-fixtures';

const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);
const region = (name: string) => screen.queryByRole('region', { name });

describe('dashboard boxes', () => {
  it('shows news, calendar, quick links and feedback always, the feature boxes only with their features', async () => {
    startSignedIn('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    for (const name of [
      'Your housing company',
      'Tasks and events',
      'Latest news',
      'Quick links',
      'Feedback',
    ]) {
      expect(region(name), name).not.toBeNull();
    }
    expect(region('Offers from the service shop')).toBeNull();
    expect(region('Recommended articles')).toBeNull();
    expect(region('Corporate news')).toBeNull();
  });

  it('places the campaigns, recommended articles and corporate news when their features are on', async () => {
    const app = startSignedIn('/', {
      features: featuresOn('service-lounge', 'atp-feed', 'yit-corporation-news'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' });
    expect(await screen.findByRole('region', { name: 'Offers from the service shop' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Recommended articles' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Corporate news' })).toBeTruthy();
    // The campaigns asked are those of the selected housing company and apartment.
    await waitFor(() =>
      expect(app.requests.some((r) => r.path.startsWith('/api/content/campaigns?'))).toBe(true),
    );
    const campaigns = app.requests.find((r) => r.path.startsWith('/api/content/campaigns?'))!;
    expect(query(campaigns)).toMatchObject({ housingCompanyId: IDS.demoHc, apartmentId: IDS.demoApt });
  });

  it('shows the next four calendar entries and the four newest articles, each box linking to /news', async () => {
    const task = calendarItem({ type: 'task', codename: 'fee', title: 'Pay the fee' });
    const app = startSignedIn('/', {
      me: meResponse({}, { tasks: [{ taskId: task.id, done: true }] }),
      routes: {
        'GET /api/content/calendar': json(calendarList([task, calendarItem({ title: 'Spring party' })])),
        'GET /api/content/news': json(
          newsList([newsItem({ codename: 'yard', title: 'Courtyard works begin' })]),
        ),
      },
    });
    const tasks = (await screen.findByRole('region', { name: 'Tasks and events' })) as HTMLElement;
    await within(tasks).findByRole('link', { name: 'Pay the fee' });
    expect(within(tasks).getByRole('link', { name: 'Pay the fee' }).getAttribute('href')).toBe(
      '/calendar/entry/fee',
    );
    expect(within(tasks).getByText('Done')).toBeTruthy();
    expect(within(tasks).getByText('Spring party')).toBeTruthy();
    expect(within(tasks).getByRole('link', { name: 'All news and events' }).getAttribute('href')).toBe(
      '/news',
    );

    const news = screen.getByRole('region', { name: 'Latest news' });
    expect(within(news).getByRole('link', { name: 'Courtyard works begin' }).getAttribute('href')).toBe(
      '/news/yard',
    );
    expect(within(news).getByRole('link', { name: 'All news' }).getAttribute('href')).toBe('/news');

    const requests = app.requests.filter((r) => r.path.startsWith('/api/content/')).map(query);
    expect(requests).toEqual(
      expect.arrayContaining([
        { housingCompanyId: IDS.demoHc, lang: 'en', limit: '4' },
        { housingCompanyId: IDS.demoHc, lang: 'en', mode: 'default', limit: '4' },
      ]),
    );
  });

  it('shows no updates when the lists are empty or fail', async () => {
    startSignedIn('/', { routes: { 'GET /api/content/calendar': json(calendarList([])) } });
    const tasks = await screen.findByRole('region', { name: 'Tasks and events' });
    expect(await within(tasks).findByText('no updates')).toBeTruthy();
    // The news list is not answered (404 from the mock): an empty list.
    expect(
      await within(screen.getByRole('region', { name: 'Latest news' })).findByText('no updates'),
    ).toBeTruthy();
  });

  it('shows the content of the new housing company after a switch', async () => {
    let me: MeResponse = meResponse();
    const app = startSignedIn('/', {
      routes: {
        'GET /api/identity/me': () => json(me),
        'PUT /api/identity/me/housing-company': (request: RecordedRequest) => {
          const body = request.body as { housingCompanyId: string; apartmentId: string | null };
          me = {
            ...me,
            selectedHousingCompanyId: body.housingCompanyId,
            selectedApartmentId: body.apartmentId,
          };
          return json(me);
        },
        'GET /api/content/news': (request: RecordedRequest) =>
          json(
            newsList([
              query(request).housingCompanyId === IDS.livingHc
                ? newsItem({ title: 'Living news' })
                : newsItem({ title: 'Demo news' }),
            ]),
          ),
      },
    });
    const news = await screen.findByRole('region', { name: 'Latest news' });
    await within(news).findByRole('link', { name: 'Demo news' });
    await app.user.click(screen.getByRole('button', { name: /Housing company: Porta Demo Gardens/ }));
    await app.user.click(screen.getByRole('radio', { name: 'As Oy Living' }));
    await app.user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Latest news' })).getByRole('link', {
          name: 'Living news',
        }),
      ).toBeTruthy(),
    );
    expect(screen.queryByRole('link', { name: 'Demo news' })).toBeNull();
  });
});
