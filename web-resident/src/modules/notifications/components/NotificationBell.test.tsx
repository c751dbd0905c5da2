import { BELL_COUNT_HIDDEN_MS, type MeResponse } from '@porta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';
import { calendarItem, calendarList } from '../../news/testing/content-fixtures';
import { inboxQueryKey } from '../hooks/queries';
import { inbox, notification, notificationId, sse } from '../testing/notification-fixtures';

const INBOX = 'GET /api/notifications/inbox';
const READ_ALL = 'POST /api/notifications/inbox/read-all';
const readOne = (id: string) => `POST /api/notifications/inbox/${id}/read`;
const SWITCH = 'PUT /api/identity/me/housing-company';

const bellButton = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name });
/** The opened bell's panel (in the header: pages may have a region of the same name). */
const bellPanel = () => within(screen.getByRole('banner')).queryByRole('region', { name: 'Notifications' });

async function openBell(app: ReturnType<typeof startSignedIn>) {
  const button = await bellButton();
  await app.user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return within(bellPanel()!);
}

describe('notification bell: the count', () => {
  it(`hides the unread count for the first ${BELL_COUNT_HIDDEN_MS} ms after load, then shows it`, async () => {
    // Only the clock of timeouts is faked: promises and React's own scheduling run as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([notification(), notification(), notification({ isRead: true })], 3)),
      },
    });
    const step = () => act(() => vi.advanceTimersByTimeAsync(5));
    const bell = () => screen.queryByRole('button', { name: /^Notifications/ });
    for (let i = 0; i < 400 && !bell(); i++) await step();
    const mountedAt = Date.now();
    const button = bell()!;
    expect(button).not.toBeNull();
    for (let i = 0; i < 100 && !app.queryClient.getQueryData(inboxQueryKey(IDS.user)); i++) await step();
    expect(app.queryClient.getQueryData(inboxQueryKey(IDS.user))).toBeDefined();
    expect(Date.now() - mountedAt).toBeLessThan(BELL_COUNT_HIDDEN_MS - 100);

    // The count is known, but not shown yet.
    await act(() => vi.advanceTimersByTimeAsync(mountedAt + BELL_COUNT_HIDDEN_MS - 10 - Date.now()));
    expect(button.getAttribute('aria-label')).toBe('Notifications');
    expect(button.textContent).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(button.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(button.textContent).toBe('3');
  });

  it('shows no count when nothing is unread', async () => {
    startSignedIn('/my-settings', {
      routes: { [INBOX]: json(inbox([notification({ isRead: true })], 0)) },
    });
    const button = await bellButton();
    await new Promise((resolve) => setTimeout(resolve, BELL_COUNT_HIDDEN_MS + 100));
    expect(button.getAttribute('aria-label')).toBe('Notifications');
    expect(button.textContent).toBe('');
  });
});

describe('notification bell: the panel', () => {
  it('shows the 2 nearest deadlines and the latest notifications, and marks the unread ones read on opening', async () => {
    const water = notification({ title: 'Water cut on Friday' });
    const sauna = notification({ title: 'Sauna shifts renewed' });
    const old = notification({ title: 'Parking area repainted', isRead: true });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([water, sauna, old])),
        [READ_ALL]: json({ unreadCount: 0 }),
        'GET /api/content/calendar': json(
          calendarList([
            calendarItem({ type: 'deadline', isDeadline: true, codename: 'fee', title: 'Pay the fee' }),
            calendarItem({ type: 'deadline', isDeadline: true, codename: 'form', title: 'Return the form' }),
          ]),
        ),
      },
    });
    const button = await bellButton('Notifications, 2 unread');
    expect(app.calls()).not.toContain(READ_ALL);

    const panel = await openBell(app);
    const deadlines = within(panel.getByRole('region', { name: 'Nearest deadlines' }));
    expect(
      (await deadlines.findAllByRole('link')).map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Pay the fee', '/calendar/entry/fee'],
      ['Return the form', '/calendar/entry/form'],
    ]);
    const calendarQuery = new URL(
      app.requests.find((r) => r.path.startsWith('/api/content/calendar'))!.path,
      'http://localhost',
    ).searchParams;
    expect(Object.fromEntries(calendarQuery)).toEqual({
      housingCompanyId: IDS.demoHc,
      lang: 'en',
      limit: '2',
      type: 'deadline',
    });

    const latest = within(panel.getByRole('region', { name: 'Latest notifications' }));
    const items = latest.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Water cut on Friday',
      'Sauna shifts renewed',
      'Parking area repainted',
    ]);
    // The unread ones keep their mark while the panel is open; the date is formatted (01 §9).
    expect(items.map((item) => within(item).queryByText('New') !== null)).toEqual([true, true, false]);
    expect(within(items[0]!).getByText('2 Mar 2026 10:00')).toBeTruthy();

    await waitFor(() =>
      expect(app.requests.filter((r) => `${r.method} ${r.path}` === READ_ALL)).toHaveLength(1),
    );
    // Everything unread, up to the newest shown (one arriving meanwhile stays unread).
    expect(app.requests.find((r) => `${r.method} ${r.path}` === READ_ALL)?.body).toEqual({
      upTo: water.id,
    });
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Notifications'));
    expect(button.textContent).toBe('');
    expect(latest.getAllByText('New')).toHaveLength(2);

    // Escape closes it and gives focus back to the button; opening again sends nothing more.
    await app.user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(bellPanel()).toBeNull();
    expect(document.activeElement).toBe(button);
    const again = await openBell(app);
    expect(again.queryByText('New')).toBeNull();
    expect(app.calls().filter((c) => c === READ_ALL)).toHaveLength(1);
  });

  it('is reachable by keyboard and links to the notification settings', async () => {
    const app = startSignedIn('/my-profile', { routes: { [INBOX]: json(inbox([notification()])) } });
    // The page first: its arrival must not take the focus from the bell.
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    const button = await bellButton();
    button.focus();
    await app.user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = within(bellPanel()!);
    await app.user.click(panel.getByRole('link', { name: 'Notification settings' }));
    await waitFor(() => expect(app.path()).toBe('/my-notifications'));
    expect(bellPanel()).toBeNull();
  });

  it('shows a loader while loading, then says there are no notifications yet', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: () => pending,
        'GET /api/content/calendar': () => new Promise<Response>(() => {}),
      },
    });
    const panel = await openBell(app);
    const latest = within(panel.getByRole('region', { name: 'Latest notifications' }));
    expect(latest.getByRole('status').textContent).toBe('Loading…');
    expect(within(panel.getByRole('region', { name: 'Nearest deadlines' })).getByRole('status')).toBeTruthy();
    answer(json(inbox([])));
    expect(
      await latest.findByText('No notifications yet; news and replies to you will show here.'),
    ).toBeTruthy();
    expect(latest.queryByRole('status')).toBeNull();
  });

  it('says the lists are empty when they are empty or fail (01 §8)', async () => {
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([])),
        'GET /api/content/calendar': problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    const panel = await openBell(app);
    await waitFor(() => expect(panel.getByText('No upcoming deadlines')).toBeTruthy(), { timeout: 6000 });
    expect(panel.getByText('No notifications yet; news and replies to you will show here.')).toBeTruthy();
  });

  it('offers no settings link to partners (they cannot manage notification settings)', async () => {
    const app = startSignedIn('/my-profile', { me: meResponse({}, { roles: ['partner'] }) });
    const panel = await openBell(app);
    expect(panel.queryByRole('link', { name: 'Notification settings' })).toBeNull();
  });
});

describe('notification bell: opening a notification', () => {
  it('marks it read and goes to its target; no second read from the address', async () => {
    const water = notification({
      title: 'Water cut on Friday',
      targetUrl: `/news/water-cut?notification_id=${notificationId(1)}`,
      id: notificationId(1),
    });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([water])),
        // Opening the bell could not mark it: it is still unread when clicked.
        [READ_ALL]: problem(500, 'INTERNAL', 'Something went wrong'),
        [readOne(water.id)]: json({ unreadCount: 0 }),
      },
    });
    const panel = await openBell(app);
    await waitFor(() => expect(app.calls()).toContain(READ_ALL));
    await app.user.click(panel.getByRole('link', { name: 'Water cut on Friday' }));
    await waitFor(() => expect(app.path()).toBe('/news/water-cut'));
    expect(app.calls().filter((c) => c === readOne(water.id))).toHaveLength(1);
    expect(bellPanel()).toBeNull();
  });

  it('still goes to the target when marking it read fails (01 §4, §8)', async () => {
    const water = notification({
      title: 'Water cut on Friday',
      targetUrl: `/news/water-cut?notification_id=${notificationId(2)}`,
      id: notificationId(2),
    });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([water])),
        [READ_ALL]: problem(500, 'INTERNAL', 'Something went wrong'),
        [readOne(water.id)]: problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    const panel = await openBell(app);
    await waitFor(() => expect(app.calls()).toContain(READ_ALL));
    await app.user.click(panel.getByRole('link', { name: 'Water cut on Friday' }));
    await waitFor(() => expect(app.path()).toBe('/news/water-cut'));
    expect(app.calls()).toContain(readOne(water.id));
  });

  it("switches to the notification's housing company and the apartment it names, then goes to its target", async () => {
    const second = '2e3d4c5b-6f7a-4b8c-9d0e-1f2a3b4c5d09';
    const living = housingCompany({
      id: IDS.livingHc,
      hcExt: 'LIV-1',
      name: 'As Oy Living',
      marketingName: null,
      isDemo: false,
      state: 'living',
      apts: [
        { id: IDS.livingApt, no: 'B 2', externalName: null, aptext: 'LIV-1-B2', roles: ['tenant'] },
        { id: second, no: 'B 3', externalName: null, aptext: 'LIV-1-B3', roles: ['owner'] },
      ],
    });
    let me: MeResponse = meResponse({ hcs: [housingCompany(), living] });
    const harbour = notification({
      title: 'Harbour View site visit',
      targetUrl: `/news/site-visit?notification_id=${notificationId(3)}`,
      id: notificationId(3),
      housingCompanyId: IDS.livingHc,
      apartmentId: second,
      isRead: true,
    });
    const app = startSignedIn('/my-settings', {
      me,
      routes: {
        'GET /api/identity/me': () => json(me),
        [INBOX]: json(inbox([harbour])),
        [SWITCH]: (request: RecordedRequest) => {
          const body = request.body as { housingCompanyId: string; apartmentId: string | null };
          me = {
            ...me,
            selectedHousingCompanyId: body.housingCompanyId,
            selectedApartmentId: body.apartmentId,
          };
          return json(me);
        },
      },
    });
    const panel = await openBell(app);
    await app.user.click(panel.getByRole('link', { name: 'Harbour View site visit' }));
    await waitFor(() => expect(app.path()).toBe('/news/site-visit'));
    expect(app.requests.filter((r) => `${r.method} ${r.path}` === SWITCH).map((r) => r.body)).toEqual([
      { housingCompanyId: IDS.livingHc, apartmentId: second },
    ]);
    expect(await screen.findByRole('button', { name: 'Housing company: As Oy Living' })).toBeTruthy();
    // The target page reads its content for the company switched to.
    await waitFor(() =>
      expect(app.calls()).toContain(
        `GET /api/content/news/site-visit?housingCompanyId=${IDS.livingHc}&lang=en`,
      ),
    );
    expect(
      app
        .calls()
        .some((c) => c.startsWith(`GET /api/content/news/site-visit?housingCompanyId=${IDS.demoHc}`)),
    ).toBe(false);
    // Already read: nothing to mark.
    expect(app.calls().some((c) => c.startsWith('POST /api/notifications'))).toBe(false);
  });

  it("picks the company's first apartment when the notification names none", async () => {
    const harbour = notification({
      title: 'Harbour View site visit',
      targetUrl: '/news/site-visit',
      housingCompanyId: IDS.livingHc,
      isRead: true,
    });
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([harbour])),
        [SWITCH]: json(
          meResponse({ selectedHousingCompanyId: IDS.livingHc, selectedApartmentId: IDS.livingApt }),
        ),
      },
    });
    const panel = await openBell(app);
    await app.user.click(panel.getByRole('link', { name: 'Harbour View site visit' }));
    await waitFor(() => expect(app.path()).toBe('/news/site-visit'));
    expect(app.requests.filter((r) => `${r.method} ${r.path}` === SWITCH).map((r) => r.body)).toEqual([
      { housingCompanyId: IDS.livingHc, apartmentId: IDS.livingApt },
    ]);
  });

  it('stays in the selected company for its own notifications', async () => {
    const own = notification({
      title: 'Lift service',
      targetUrl: '/news/lift',
      housingCompanyId: IDS.demoHc,
      isRead: true,
    });
    const app = startSignedIn('/my-settings', { routes: { [INBOX]: json(inbox([own])) } });
    const panel = await openBell(app);
    await app.user.click(panel.getByRole('link', { name: 'Lift service' }));
    await waitFor(() => expect(app.path()).toBe('/news/lift'));
    expect(app.calls()).not.toContain(SWITCH);
  });
});

describe('notification bell: live updates', () => {
  it('puts streamed notifications first and follows the unread count without a reload', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    const stream = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push(`retry: 3000\n\n${sse('unread', { unreadCount: 1 })}`);
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    const app = startSignedIn('/my-settings', {
      routes: {
        [INBOX]: json(inbox([notification({ title: 'Older notice' })])),
        'GET /api/notifications/stream': stream,
      },
    });
    const button = await bellButton('Notifications, 1 unread');
    const stored = notification({ title: 'Lift service on Monday' });
    // An event cut in two pieces.
    const text = sse('notification', stored);
    act(() => push(text.slice(0, 25)));
    act(() => push(text.slice(25)));
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    act(() => push(sse('unread', { unreadCount: 7 })));
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Notifications, 7 unread'));
    expect(button.textContent).toBe('7');

    await app.user.click(button);
    const latest = within(within(bellPanel()!).getByRole('region', { name: 'Latest notifications' }));
    expect(latest.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Lift service on Monday',
      'Older notice',
    ]);
    expect(app.requests.find((r) => r.path === '/api/notifications/stream')?.authorization).toBe(
      'Bearer stored-access-token',
    );
  });
});
