import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { listKey } from '../hooks/queries';
import { listPage, serviceRequest, srqId } from '../testing/service-request-fixtures';

const LIST = '/api/service-requests/requests';
const features = featuresOn('service-requests');

const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);
const listRequests = (app: { requests: RecordedRequest[] }) =>
  app.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${LIST}?`)).map(query);

const many = Array.from({ length: 23 }, (_, i) =>
  serviceRequest({ id: srqId(200 + i), subject: `Request ${i + 1}`, responseCount: i }),
);

/** The list answered from `items` by skip and limit. */
const paged =
  (items = many) =>
  (request: RecordedRequest) => {
    const { skip, limit } = query(request);
    const from = Number(skip);
    return json(listPage(items.slice(from, from + Number(limit)), { total: items.length, skip: from }));
  };

describe('/support/service-requests', () => {
  it('lists 10 requests a page with their type, status, date, sender and responses, and pages on', async () => {
    const urgent = serviceRequest({
      id: srqId(300),
      subject: 'Water leak in the stairwell',
      typeId: 'common_area_fault',
      statusKey: 'inprogress',
      urgentRequest: true,
      public: true,
      responseCount: 3,
    });
    const items = [urgent, ...many];
    const app = startSignedIn('/support/service-requests', {
      features,
      routes: { [`GET ${LIST}`]: paged(items) },
    });
    const list = await screen.findByRole('list', { name: 'Service requests' });
    await waitFor(() => expect(document.title).toBe('Service requests - Support - Porta'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const card = within(list).getByRole('link', { name: 'Water leak in the stairwell' }).closest('li')!;
    expect(within(list).getByRole('link', { name: 'Water leak in the stairwell' }).getAttribute('href')).toBe(
      `/support/service-requests/${srqId(300)}`,
    );
    expect(within(card).getByText('Common-area fault')).toBeTruthy();
    expect(within(card).getByText('In progress')).toBeTruthy();
    expect(within(card).getByText('Urgent')).toBeTruthy();
    expect(within(card).getByText('Public')).toBeTruthy();
    expect(within(card).getByText('2 Mar 2026')).toBeTruthy();
    expect(within(card).getByText('Sent by Olivia Owner, A 1')).toBeTruthy();
    expect(within(card).getByText('Responses: 3')).toBeTruthy();
    const other = within(list).getByRole('link', { name: 'Request 1' }).closest('li')!;
    expect(within(other).getByText('Maintenance dispatch')).toBeTruthy();
    expect(within(other).getByText('Open')).toBeTruthy();
    expect(within(other).queryByText('Urgent')).toBeNull();
    expect(within(other).getByText('Private')).toBeTruthy();

    const pages = screen.getByRole('navigation', { name: 'Pages of service requests' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await app.user.click(within(pages).getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Request 10' });
    expect(app.path()).toBe('/support/service-requests?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await app.user.click(screen.getByRole('link', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Request 20' });
    expect(
      within(screen.getByRole('list', { name: 'Service requests' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'Request 10' });
    expect(app.path()).toBe('/support/service-requests?page=2');

    expect(listRequests(app).map((q) => [q.skip, q.limit])).toEqual([
      ['0', '10'],
      ['10', '10'],
      ['20', '10'],
      ['10', '10'],
    ]);
    expect(listRequests(app)[0]).toEqual({
      housingCompanyId: IDS.demoHc,
      filter: 'all',
      skip: '0',
      limit: '10',
      lang: 'en',
    });
    expect(screen.getByRole('link', { name: 'New service request' }).getAttribute('href')).toBe(
      '/support/service-requests/new',
    );
  });

  it('filters by the tabs (also by keyboard) and by type, each from the first page', async () => {
    const app = startSignedIn('/support/service-requests?page=2', {
      features,
      routes: { [`GET ${LIST}`]: paged() },
    });
    await screen.findByRole('link', { name: 'Request 11' });
    const tabs = screen.getByRole('tablist', { name: 'Filter service requests' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Pending', 'Closed', 'Public']);
    const all = within(tabs).getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'All' })).toBeTruthy();

    await app.user.click(within(tabs).getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(app.path()).toBe('/support/service-requests?filter=pending'));
    const pending = within(tabs).getByRole('tab', { name: 'Pending' });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(pending.tabIndex).toBe(0);
    expect(all.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Pending' })).toBeTruthy();

    // Arrow keys move to the next tab and choose it.
    pending.focus();
    await app.user.keyboard('{ArrowRight}');
    await waitFor(() => expect(app.path()).toBe('/support/service-requests?filter=closed'));
    expect(document.activeElement).toBe(within(tabs).getByRole('tab', { name: 'Closed' }));
    await app.user.keyboard('{End}');
    await waitFor(() => expect(app.path()).toBe('/support/service-requests?filter=public'));

    await app.user.selectOptions(screen.getByLabelText('Type'), 'Common-area fault');
    await waitFor(() =>
      expect(app.path()).toBe('/support/service-requests?filter=public&type=common_area_fault'),
    );
    await waitFor(() =>
      expect(listRequests(app).at(-1)).toMatchObject({
        filter: 'public',
        type: 'common_area_fault',
        skip: '0',
      }),
    );
    expect(listRequests(app).map((q) => [q.filter, q.type, q.skip])).toEqual([
      ['all', undefined, '10'],
      ['pending', undefined, '0'],
      ['closed', undefined, '0'],
      ['public', undefined, '0'],
      ['public', 'common_area_fault', '0'],
    ]);
    await app.user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() => expect(app.path()).toBe('/support/service-requests?filter=public'));
  });

  it('says when nothing matches the filters and offers to show them all', async () => {
    const app = startSignedIn('/support/service-requests?filter=closed', {
      features,
      routes: { [`GET ${LIST}`]: json(listPage([])) },
    });
    expect(await screen.findByText('No service requests match these filters')).toBeTruthy();
    expect(screen.queryByText(/no items found/i)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Service requests' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages of service requests' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Show all service requests' }));
    await waitFor(() => expect(app.path()).toBe('/support/service-requests'));
  });

  it('an empty list says there are no service requests yet and leads to reporting a fault', async () => {
    const app = startSignedIn('/support/service-requests', {
      features,
      routes: { [`GET ${LIST}`]: json(listPage([])) },
    });
    expect(await screen.findByText('No service requests yet')).toBeTruthy();
    const action = screen.getByRole('link', { name: 'Report a fault' });
    expect(action.getAttribute('href')).toBe('/support/service-requests/new');
    await app.user.click(action);
    await waitFor(() => expect(app.path()).toBe('/support/service-requests/new'));
  });

  it('shows a loader, then a failed list with a retry', async () => {
    let answer: (response: Response) => void = () => {};
    const app = startSignedIn('/support/service-requests', {
      features,
      routes: {
        [`GET ${LIST}`]: [
          () => new Promise<Response>((resolve) => (answer = resolve)),
          json(listPage([serviceRequest()])),
        ],
      },
    });
    const tabpanel = await screen.findByRole('tabpanel');
    expect(await within(tabpanel).findByRole('status')).toBeTruthy();
    answer(problem(500, 'INTERNAL', 'Something went wrong'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Content could not be loaded. Please refresh.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Dripping tap in the kitchen' })).toBeTruthy();
  });

  it('?refresh=true reads the list again, then drops the parameter from the address', async () => {
    const fresh = serviceRequest({ id: srqId(2), subject: 'Fresh request' });
    const app = startSignedIn('/support/service-requests?refresh=true', {
      features,
      routes: { [`GET ${LIST}`]: json(listPage([fresh])) },
    });
    // As in the app, what was read is kept fresh for a while: without the refresh, this stays.
    app.queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    app.queryClient.setQueryData(
      listKey(IDS.demoHc, 'en', { filter: 'all', type: null, page: 1 }),
      listPage([serviceRequest({ subject: 'Stale request' })]),
    );
    expect(await screen.findByRole('link', { name: 'Fresh request' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Stale request' })).toBeNull();
    await waitFor(() => expect(app.path()).toBe('/support/service-requests'));
    expect(listRequests(app).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the list as read when there is no refresh parameter', async () => {
    const app = startSignedIn('/support/service-requests', {
      features,
      routes: { [`GET ${LIST}`]: json(listPage([serviceRequest({ subject: 'Fresh request' })])) },
    });
    app.queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    app.queryClient.setQueryData(
      listKey(IDS.demoHc, 'en', { filter: 'all', type: null, page: 1 }),
      listPage([serviceRequest({ subject: 'Stale request' })]),
    );
    expect(await screen.findByRole('link', { name: 'Stale request' })).toBeTruthy();
    expect(listRequests(app)).toEqual([]);
  });
});
