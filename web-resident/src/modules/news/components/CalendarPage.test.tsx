import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';
import { calendarDetail, calendarItem, calendarList, stepDetail } from '../testing/content-fixtures';

const noContent = () => new Response(null, { status: 204 });
const taskCalls = (app: { requests: RecordedRequest[] }) =>
  app.requests
    .filter((r) => r.path.startsWith('/api/identity/me/tasks/'))
    .map((r) => `${r.method} ${r.path}`);

const form = calendarItem({
  type: 'task',
  codename: 'return-form',
  title: 'Return the form',
  location: null,
});
const keys = calendarItem({ type: 'task', codename: 'collect-keys', title: 'Collect the keys' });
const meeting = calendarItem({ type: 'event', codename: 'meeting', title: 'Residents meeting' });
const deadline = calendarItem({ type: 'deadline', codename: 'deadline-kitchen', title: 'Kitchen choices' });

describe('/calendar', () => {
  it('lists coming entries and marks tasks done per user through identity', async () => {
    const app = startSignedIn('/calendar', {
      me: meResponse({}, { tasks: [{ taskId: keys.id, done: true }] }),
      routes: {
        'GET /api/content/calendar': json(calendarList([form, keys, meeting, deadline])),
        [`POST /api/identity/me/tasks/${form.id}/status/true`]: noContent,
        [`POST /api/identity/me/tasks/${form.id}/status/false`]: noContent,
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Return the form' });
    await waitFor(() => expect(document.title).toBe('Calendar - News - Porta'));
    expect(app.requests.find((r) => r.path.startsWith('/api/content/calendar'))?.path).toBe(
      `/api/content/calendar?housingCompanyId=${IDS.demoHc}&lang=en&limit=10&offset=0`,
    );
    expect(screen.getByRole('link', { name: 'Residents meeting' }).getAttribute('href')).toBe(
      '/calendar/entry/meeting',
    );
    expect(screen.getByText('Deadline')).toBeTruthy();
    // Only tasks can be done; the done state comes from /me.
    const formBox = screen.getByRole('checkbox', { name: 'Mark “Return the form” done' }) as HTMLInputElement;
    const keysBox = screen.getByRole('checkbox', {
      name: 'Mark “Collect the keys” done',
    }) as HTMLInputElement;
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(formBox.checked).toBe(false);
    expect(keysBox.checked).toBe(true);

    await app.user.click(formBox);
    expect(formBox.checked).toBe(true);
    await waitFor(() =>
      expect(taskCalls(app)).toEqual([`POST /api/identity/me/tasks/${form.id}/status/true`]),
    );
    await app.user.click(formBox);
    await waitFor(() =>
      expect(taskCalls(app)).toEqual([
        `POST /api/identity/me/tasks/${form.id}/status/true`,
        `POST /api/identity/me/tasks/${form.id}/status/false`,
      ]),
    );
    expect(formBox.checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a task back and says so when identity refuses', async () => {
    const app = startSignedIn('/calendar', {
      routes: {
        'GET /api/content/calendar': json(calendarList([form])),
        [`POST /api/identity/me/tasks/${form.id}/status/true`]: problem(
          500,
          'INTERNAL',
          'Something went wrong',
        ),
      },
    });
    const box = (await screen.findByRole('checkbox', {
      name: 'Mark “Return the form” done',
    })) as HTMLInputElement;
    await app.user.click(box);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The task could not be updated. Please try again.',
    );
    expect(box.checked).toBe(false);
  });

  it('loads ten at a time until the total is reached', async () => {
    const first = Array.from({ length: 10 }, (_, i) => calendarItem({ title: `Event ${i + 1}` }));
    const app = startSignedIn('/calendar', {
      routes: {
        'GET /api/content/calendar': (request: RecordedRequest) =>
          request.path.includes('offset=10')
            ? json(calendarList([calendarItem({ title: 'Event 11' })], 11, 10))
            : json(calendarList(first, 11)),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Event 10' });
    await app.user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('heading', { level: 2, name: 'Event 11' });
    expect(app.requests.at(-1)?.path).toBe(
      `/api/content/calendar?housingCompanyId=${IDS.demoHc}&lang=en&limit=10&offset=10`,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says the calendar is empty and leads to the news without entries', async () => {
    startSignedIn('/calendar', { routes: { 'GET /api/content/calendar': json(calendarList([])) } });
    expect(await screen.findByText('Nothing in the calendar yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the news' }).getAttribute('href')).toBe('/news');
  });
});

describe('/calendar/entry/:id', () => {
  it('shows the entry with its time, place, document link and task state', async () => {
    const entry = calendarDetail({
      ...form,
      location: 'Office',
      startAt: '2026-04-10T07:00:00.000Z',
      endAt: '2026-04-12T14:00:00.000Z',
      documentLibraryLink: { path: '/documents/forms', title: 'Forms folder' },
    });
    const app = startSignedIn('/calendar/entry/return-form', {
      routes: {
        'GET /api/content/calendar/return-form': json(entry),
        [`POST /api/identity/me/tasks/${form.id}/status/true`]: noContent,
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Return the form' });
    await waitFor(() => expect(document.title).toBe('Return the form - News - Porta'));
    expect(screen.getByText('10 Apr 2026 10:00 – 12 Apr 2026 17:00')).toBeTruthy();
    expect(screen.getByText('Office')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forms folder' }).getAttribute('href')).toBe('/documents/forms');
    expect(screen.getByText('Bring your questions.')).toBeTruthy();
    await app.user.click(screen.getByRole('checkbox', { name: 'Mark “Return the form” done' }));
    await waitFor(() =>
      expect(taskCalls(app)).toEqual([`POST /api/identity/me/tasks/${form.id}/status/true`]),
    );
  });

  it('says the entry is not available on 404', async () => {
    startSignedIn('/calendar/entry/gone', {
      routes: {
        'GET /api/content/calendar/gone': problem(
          404,
          'CNT_NOT_FOUND',
          'Article not found or not yet available',
        ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Article not found or not yet available');
  });
});

describe('/step/:id', () => {
  it('shows the step with its related content', async () => {
    const detail = stepDetail({
      codename: 'keys',
      title: 'Keys handed over',
      dateStart: '2026-05-01',
      related: [
        {
          type: 'article',
          id: '00000000-0000-4000-8000-0000000000aa',
          codename: 'moving-in',
          title: 'Moving in',
          link: '/news/moving-in',
        },
      ],
    });
    startSignedIn('/step/keys', { routes: { 'GET /api/content/steps/keys': json(detail) } });
    await screen.findByRole('heading', { level: 1, name: 'Keys handed over' });
    expect(screen.getByText('Starts on 1 May 2026')).toBeTruthy();
    expect(screen.getByText('Upcoming')).toBeTruthy();
    expect(screen.getByText('Concrete work.')).toBeTruthy();
    const related = screen.getByRole('region', { name: 'Related content' });
    expect(within(related).getByRole('link', { name: 'Moving in' }).getAttribute('href')).toBe(
      '/news/moving-in',
    );
  });

  it('asks to refresh when the step cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startSignedIn('/step/keys', {
      routes: { 'GET /api/content/steps/keys': problem(500, 'INTERNAL', 'Boom') },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Content could not be loaded. Please refresh.',
    );
  });
});
