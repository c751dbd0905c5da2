import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedbackEntry } from '../../content/testing';
import { catchDownloads, expectCsvDownloaded } from '../../testing/downloads';
import { json, listOf, meOf, mockFetch, type SentRequest, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const FEEDBACK = '/api/content/admin/feedback';
const happy = feedbackEntry(1, { rating: 5, comment: 'Great portal' });
const unhappy = feedbackEntry(2, { rating: 1, comment: 'Cannot find the sauna calendar', city: 'Espoo' });

function api(roles: Parameters<typeof meOf>[0] = ['yitUser']) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', []),
    [`GET ${FEEDBACK}`]: () => listOf('feedback', [happy, unhappy]),
    [`GET ${FEEDBACK}/export`]: () =>
      new Response('\uFEFFcreatedAt,rating,comment,country,area,city,businessUnit,hcExt\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="feedback-2026-04-02.csv"',
        },
      }),
  });
}

const filterOf = (request: SentRequest) =>
  JSON.parse(request.query.get('filter') ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('feedback (/admin/feedback)', () => {
  it('lists the entries newest first and narrows them by country, city, rating and dates', async () => {
    const calls = api();
    renderAppAt('/admin/feedback', session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Great portal')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 / 5')).toBeTruthy();
    expect(within(rows[1]!).getByText('Espoo')).toBeTruthy();
    expect(JSON.parse(calls.to(`GET ${FEEDBACK}`)[0]!.query.get('sort')!)).toEqual(['createdAt', 'DESC']);

    await user.click(screen.getByLabelText('Country'));
    await user.click(await screen.findByRole('option', { name: 'Finland' }));
    await fill(user, screen.getByLabelText('City'), 'Espoo');
    await user.click(screen.getByLabelText('Rating'));
    await user.click(await screen.findByRole('option', { name: 'Very dissatisfied' }));
    await fill(user, screen.getByLabelText('From'), '2026-03-01');
    await fill(user, screen.getByLabelText('To'), '2026-03-31');

    await waitFor(() =>
      expect(filterOf(calls.to(`GET ${FEEDBACK}`).at(-1)!)).toEqual({
        country: 'Finland',
        city: 'Espoo',
        rating: 1,
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
  });

  it('downloads the CSV of the current filter, named by the server', async () => {
    const calls = api();
    const downloads = catchDownloads();
    renderAppAt('/admin/feedback', session);
    const user = userEvent.setup();

    await screen.findByText('Great portal');
    await fill(user, screen.getByLabelText('City'), 'Espoo');
    await waitFor(() => expect(filterOf(calls.to(`GET ${FEEDBACK}`).at(-1)!)).toEqual({ city: 'Espoo' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await expectCsvDownloaded(downloads, 'feedback-2026-04-02.csv');
    const request = calls.to(`GET ${FEEDBACK}/export`)[0]!;
    expect(filterOf(request)).toEqual({ city: 'Espoo' });
    expect(JSON.parse(request.query.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(request.query.has('range')).toBe(false);
    expect(request.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('is not routed for staff without the yitUser role', async () => {
    const calls = api(['partner']);
    renderAppAt('/admin/feedback', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to(`GET ${FEEDBACK}`)).toHaveLength(0);
  });
});
