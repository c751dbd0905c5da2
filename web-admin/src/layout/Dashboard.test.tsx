import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Handler,
  json,
  meOf,
  mockFetch,
  myHousingCompany,
  problem,
  tokens,
} from '../testing/fetch-mock';
import { renderAppAt } from '../testing/render-app';

let session: SessionClient;

const REQUESTS = 'GET /api/service-requests/admin/requests';
const REPORTS = 'GET /api/community/admin/reports';
const ARTICLES = 'GET /api/content/admin/articles';
const CALENDAR = 'GET /api/content/admin/calendar-entries';
const CAMPAIGNS = 'GET /api/content/admin/campaigns';

/** An empty page whose Content-Range names the total (the dashboard reads only the total). */
const total = (resource: string, n: number) => () =>
  json([], 200, { 'Content-Range': `${resource} 0-0/${n}` });

/** Answers by the list's filter: `{ '{"view":"pending"}': 3, … }`. */
function totals(resource: string, byFilter: Record<string, number>): Handler {
  return (request) => {
    const filter = request.query.get('filter') ?? '{}';
    return total(resource, byFilter[filter] ?? 0)();
  };
}

const filterOf = (calls: ReturnType<typeof mockFetch>, route: string) =>
  calls.to(route).map((r) => r.query.get('filter'));

/** The card (a section named by its heading). */
const card = (name: string | RegExp) => screen.findByRole('region', { name });

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('dashboard (/admin)', () => {
  it("shows a property manager's waiting work as counts linking to the filtered lists", async () => {
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf([], {}, [myHousingCompany(1, ['propertyManager'])])),
      [REQUESTS]: totals('service-requests', {
        '{"view":"pending"}': 3,
        '{"view":"pending","overdue":true}': 1,
      }),
      [REPORTS]: totals('reports', { '{"state":"open"}': 2 }),
      [ARTICLES]: totals('articles', { '{"status":"draft"}': 4, '{"scheduled":true}': 1 }),
      [CALENDAR]: totals('calendar-entries', { '{"status":"draft"}': 0, '{"scheduled":true}': 5 }),
    });
    renderAppAt('/admin', session);

    const open = await card('Open service requests');
    expect(await within(open).findByText('3')).toBeTruthy();
    const link = within(open).getByRole('link');
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe(
      '/admin/service-requests?filter={"view":"pending"}&displayedFilters={"view":true}',
    );
    const overdue = await card('Overdue service requests');
    expect(await within(overdue).findByText('1')).toBeTruthy();
    expect(within(overdue).getByText('Open or in progress, not updated for 7 days')).toBeTruthy();
    expect(decodeURIComponent(within(overdue).getByRole('link').getAttribute('href')!)).toBe(
      '/admin/service-requests?filter={"view":"pending","overdue":true}&displayedFilters={"view":true,"overdue":true}',
    );
    const reports = await card('Violation reports to handle');
    expect(await within(reports).findByText('2')).toBeTruthy();
    expect(decodeURIComponent(within(reports).getByRole('link').getAttribute('href')!)).toBe(
      '/admin/community-reports?filter={"state":"open"}&displayedFilters={"state":true}',
    );
    expect(await within(await card('News drafts')).findByText('4')).toBeTruthy();
    expect(await within(await card('Scheduled news')).findByText('1')).toBeTruthy();
    expect(await within(await card('Scheduled calendar entries')).findByText('5')).toBeTruthy();
    // A count of zero says nothing waits there.
    const calendarDrafts = await card('Calendar drafts');
    expect(await within(calendarDrafts).findByText('Nothing waits for you')).toBeTruthy();
    expect(decodeURIComponent(within(calendarDrafts).getByRole('link').getAttribute('href')!)).toBe(
      '/admin/calendar?filter={"status":"draft"}&displayedFilters={"status":true}',
    );

    // Each count asks for one row only, with its filter.
    expect(calls.to(REQUESTS).every((r) => r.query.get('range') === '[0,0]')).toBe(true);
    expect(filterOf(calls, REPORTS)).toEqual(['{"state":"open"}']);
    // Not a partner: no campaign cards, and campaigns are not asked.
    expect(screen.queryByRole('region', { name: 'Campaign drafts' })).toBeNull();
    expect(calls.to(CAMPAIGNS)).toHaveLength(0);
    expect(screen.queryByText('Nothing waits for you. Have a good day!')).toBeNull();

    // The card opens the list with its filters, the overdue one shown.
    await userEvent.setup().click(within(overdue).getByRole('link'));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/service-requests'));
    await waitFor(() =>
      expect(
        calls
          .to(REQUESTS)
          .some(
            (r) =>
              r.query.get('filter') === '{"view":"pending","overdue":true}' &&
              r.query.get('range') !== '[0,0]',
          ),
      ).toBe(true),
    );
    expect(
      (await screen.findByLabelText('Overdue (not updated for 7 days)')) as HTMLInputElement,
    ).toHaveProperty('checked', true);
  });

  it('shows a partner only their campaigns, drafts and published, and asks for nothing else', async () => {
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf(['partner'])),
      [CAMPAIGNS]: totals('campaigns', { '{"status":"draft"}': 2, '{"status":"published"}': 7 }),
    });
    renderAppAt('/admin', session);

    expect(await within(await card('Campaign drafts')).findByText('2')).toBeTruthy();
    const published = await card('Published campaigns');
    expect(await within(published).findByText('7')).toBeTruthy();
    expect(decodeURIComponent(within(published).getByRole('link').getAttribute('href')!)).toBe(
      '/admin/campaigns?filter={"status":"published"}&displayedFilters={"status":true}',
    );
    expect(screen.queryByRole('region', { name: 'Open service requests' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Violation reports to handle' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'News drafts' })).toBeNull();
    for (const route of [REQUESTS, REPORTS, ARTICLES, CALENDAR])
      expect(calls.to(route), route).toHaveLength(0);
  });

  it('shows skeletons while counting, and an error with a retry on the card that failed only', async () => {
    let reportsFail = true;
    let releaseRequests: () => void = () => undefined;
    const requestsHeld = new Promise<void>((resolve) => {
      releaseRequests = resolve;
    });
    const calls = mockFetch({
      'GET /api/identity/me': () => json(meOf([], {}, [myHousingCompany(1, ['boardMember'])])),
      [REQUESTS]: async (request) => {
        await requestsHeld;
        return totals('service-requests', { '{"view":"pending"}': 6 })(request);
      },
      [REPORTS]: () => (reportsFail ? problem(500, 'INTERNAL', 'Internal error') : total('reports', 3)()),
      [ARTICLES]: total('articles', 0),
      [CALENDAR]: total('calendar-entries', 0),
    });
    renderAppAt('/admin', session);
    const user = userEvent.setup();

    const open = await card('Open service requests');
    expect(open.getAttribute('aria-busy')).toBe('true');
    expect(within(open).getByLabelText('Loading')).toBeTruthy();

    const reports = await card('Violation reports to handle');
    expect(await within(reports).findByText('This count could not be loaded.')).toBeTruthy();
    expect(await within(await card('News drafts')).findByText('0')).toBeTruthy();

    releaseRequests();
    expect(await within(open).findByText('6')).toBeTruthy();
    expect(open.getAttribute('aria-busy')).toBeNull();

    reportsFail = false;
    await user.click(within(reports).getByRole('button', { name: 'Try again' }));
    expect(await within(reports).findByText('3')).toBeTruthy();
    expect(calls.to(REPORTS).length).toBeGreaterThanOrEqual(2);
  });

  it('says nothing waits when every count is zero', async () => {
    mockFetch({
      'GET /api/identity/me': () => json(meOf([], {}, [myHousingCompany(1, ['contentPublisher'])])),
      [ARTICLES]: total('articles', 0),
      [CALENDAR]: total('calendar-entries', 0),
    });
    renderAppAt('/admin', session);
    expect(await screen.findByText('Nothing waits for you. Have a good day!')).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('gives a consumption manager the consumption card (no link yet) and the housing companies they manage', async () => {
    const linden = {
      ...myHousingCompany(1, ['consumptionManager', 'contentPublisher']),
      name: 'Linden Court',
    };
    const birch = { ...myHousingCompany(2, ['consumptionManager']), name: 'Birch Hill' };
    const harbour = { ...myHousingCompany(3, ['owner']), name: 'Harbour View' };
    mockFetch({
      'GET /api/identity/me': () => json(meOf([], {}, [linden, birch, harbour])),
      [ARTICLES]: total('articles', 1),
      [CALENDAR]: total('calendar-entries', 0),
    });
    renderAppAt('/admin', session);

    const consumption = await card('Consumption');
    expect(within(consumption).getByText('The consumption screens are coming soon.')).toBeTruthy();
    expect(within(consumption).queryByRole('link')).toBeNull();
    const companies = await card('Your housing companies');
    expect(await within(companies).findByText('2')).toBeTruthy();
    expect(
      within(companies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Birch Hill', 'Linden Court']);
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'News drafts' })).getByText('1')).toBeTruthy(),
    );
  });

  it('lets a consumption manager without any other role in, onto the consumption card and nothing else', async () => {
    const birch = { ...myHousingCompany(2, ['consumptionManager']), name: 'Birch Hill' };
    mockFetch({ 'GET /api/identity/me': () => json(meOf([], {}, [birch])) });
    renderAppAt('/admin', session);

    const consumption = await card('Consumption');
    expect(within(consumption).queryByRole('link')).toBeNull();
    const companies = await card('Your housing companies');
    expect(
      within(companies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Birch Hill']);
    expect(screen.queryByRole('region', { name: 'News drafts' })).toBeNull();
    expect(document.querySelectorAll('.RaMenu-open [role="menuitem"]')).toHaveLength(1);
  });
});
