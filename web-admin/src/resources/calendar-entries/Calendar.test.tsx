import { SessionClient } from '@porta/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarEntry } from '../../content/testing';
import { json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const ENTRIES = '/api/content/admin/calendar-entries';
const created = calendarEntry(4, { title: 'Sauna evening', status: 'published', scheduled: true });

function api() {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitProject'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
    [`GET ${ENTRIES}`]: () => listOf('calendar-entries', [created]),
    [`GET ${ENTRIES}/${created.id}`]: () => json(created),
    [`POST ${ENTRIES}`]: () => json(created, 201),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('calendar (/admin/calendar)', () => {
  it('lists ten entries a page, latest start first', async () => {
    const calls = api();
    renderAppAt('/admin/calendar', session);
    expect(await screen.findByText('Sauna evening')).toBeTruthy();
    const request = calls.to(`GET ${ENTRIES}`)[0]!;
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['startAt', 'DESC']);
    expect(JSON.parse(request.query.get('range')!)).toEqual([0, 9]);
  });

  it('checks that the end is not before the start, then creates a scheduled event', async () => {
    const calls = api();
    renderAppAt('/admin/calendar/new', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Title/), 'Sauna evening');
    await fill(user, screen.getByLabelText(/^Starts/), '2030-06-01T18:00');
    const end = screen.getByLabelText('Ends');
    await fill(user, end, '2030-06-01T17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The end time must be after the start time.')).toBeTruthy();
    expect(calls.to(`POST ${ENTRIES}`)).toHaveLength(0);

    await user.clear(end);
    await fill(user, end, '2030-06-01T21:00');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await fill(user, screen.getByLabelText('Publish at'), '2030-05-20T08:00');
    expect(screen.getByText('Scheduled: residents see it from the publish time on.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${ENTRIES}`)).toHaveLength(1));
    expect(calls.to(`POST ${ENTRIES}`)[0]!.body).toMatchObject({
      type: 'event',
      variants: { en: { title: 'Sauna evening' } },
      startAt: new Date('2030-06-01T18:00').toISOString(),
      endAt: new Date('2030-06-01T21:00').toISOString(),
      status: 'published',
      publishAt: new Date('2030-05-20T08:00').toISOString(),
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/calendar/created/${created.id}`));
    expect(
      await screen.findByText('It is scheduled: residents see it from the publish time on.'),
    ).toBeTruthy();
  }, 45_000);
});
