import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarEntry, problemWith } from '../../content/testing';
import {
  type Handler,
  json,
  listOf,
  meOf,
  mockFetch,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const ENTRIES = '/api/content/admin/calendar-entries';
const created = calendarEntry(4, { title: 'Sauna evening', status: 'published', scheduled: true });

function api(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitProject'])),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
    [`GET ${ENTRIES}`]: () => listOf('calendar-entries', [created]),
    [`GET ${ENTRIES}/${created.id}`]: () => json(created),
    [`POST ${ENTRIES}`]: () => json(created, 201),
    ...routes,
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
    expect(await screen.findByText('Calendar entry created')).toBeTruthy();
  });
});

describe('publication messages', () => {
  it('says that the calendar entry was unpublished', async () => {
    const calls = api({
      [`POST ${ENTRIES}/${created.id}/unpublish`]: () =>
        json({ ...created, status: 'draft', scheduled: false }),
    });
    renderAppAt(`/admin/calendar/${created.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.to(`POST ${ENTRIES}/${created.id}/unpublish`)).toHaveLength(1));
    expect(await screen.findByText('Calendar entry unpublished')).toBeTruthy();
  });
});

describe('broad audience (03 §4)', () => {
  const asksBroad = (request: SentRequest, answer: Response) =>
    (request.body as { confirmBroadAudience?: boolean }).confirmBroadAudience
      ? answer
      : problemWith(409, 'CNT_BROAD_AUDIENCE_CONFIRM', 'Confirm the broad audience.', { detail: '23' });

  it('asks before publishing an entry to everyone, then sends it again with the confirmation', async () => {
    const calls = api({ [`POST ${ENTRIES}`]: (request) => asksBroad(request, json(created, 201)) });
    renderAppAt('/admin/calendar/create', session);
    const user = userEvent.setup();

    await fill(user, await screen.findByLabelText(/^Title/), 'Sauna evening');
    await fill(user, screen.getByLabelText(/^Starts/), '2030-06-01T18:00');
    await user.click(screen.getByRole('radio', { name: 'Published' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'This reaches 23 housing companies. Do you want to publish it to all of them?',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${ENTRIES}`)).toHaveLength(2));
    const [first, second] = calls.to(`POST ${ENTRIES}`);
    expect(first!.body).not.toHaveProperty('confirmBroadAudience');
    expect(second!.body).toMatchObject({
      status: 'published',
      targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
      variants: { en: { title: 'Sauna evening' } },
      confirmBroadAudience: true,
    });
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/calendar/created/${created.id}`));
  });

  it('asks when scheduling a draft from its page, then schedules with the confirmation', async () => {
    const draft = calendarEntry(5, { title: 'Yard party' });
    const calls = api({
      [`GET ${ENTRIES}/${draft.id}`]: () => json(draft),
      [`POST ${ENTRIES}/${draft.id}/publish`]: (request) =>
        asksBroad(request, json({ ...draft, status: 'published', scheduled: true })),
    });
    renderAppAt(`/admin/calendar/${draft.id}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Schedule publishing' }));
    const schedule = await screen.findByRole('dialog', { name: 'Schedule publishing' });
    await fill(user, within(schedule).getByLabelText(/^Publish at/), '2030-05-20T08:00');
    await user.click(within(schedule).getByRole('button', { name: 'Schedule publishing' }));

    const broad = await screen.findByRole('dialog', { name: 'Publish to a broad audience?' });
    expect(
      within(broad).getByText('This reaches 23 housing companies. Do you want to publish it to all of them?'),
    ).toBeTruthy();
    await user.click(within(broad).getByRole('button', { name: 'Publish to all' }));

    await waitFor(() => expect(calls.to(`POST ${ENTRIES}/${draft.id}/publish`)).toHaveLength(2));
    const publishAt = new Date('2030-05-20T08:00').toISOString();
    const [first, second] = calls.to(`POST ${ENTRIES}/${draft.id}/publish`);
    expect(first!.body).toEqual({ publishAt });
    expect(second!.body).toEqual({ publishAt, confirmBroadAudience: true });
    // Both dialogs close once it is scheduled.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
