import type { AdminFeed } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, listOf, meOf, mockFetch, tokens } from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const feed: AdminFeed = {
  id: 'fee d0000-0000-4c1e-8f5e-000000000001'.replace(' ', ''),
  kind: 'recommended',
  url: 'https://news.example.com/rss',
  format: 'auto',
  language: 'fi',
  active: true,
  lastFetchedAt: null,
  lastError: null,
  itemCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function api(result: { added: number; updated: number; error: string | null }) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
    'GET /api/content/admin/feeds': () => listOf('feeds', [feed]),
    [`POST /api/content/admin/feeds/${feed.id}/fetch`]: () => json(result),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('feeds (/admin/feeds)', () => {
  it('fetches a feed now and tells what was added and updated', async () => {
    const calls = api({ added: 3, updated: 1, error: null });
    renderAppAt('/admin/feeds', session);
    const user = userEvent.setup();

    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByText('Recommended articles')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Fetch now' }));

    expect(await screen.findByText('Fetched: 3 added, 1 updated')).toBeTruthy();
    expect(calls.to(`POST /api/content/admin/feeds/${feed.id}/fetch`)).toHaveLength(1);
    // The row's button does not open the feed.
    expect(window.location.pathname).toBe('/admin/feeds');
    await waitFor(() => expect(calls.to('GET /api/content/admin/feeds').length).toBeGreaterThan(1));
  });

  it('tells why a fetch failed', async () => {
    api({ added: 0, updated: 0, error: 'The answer is not a feed' });
    renderAppAt('/admin/feeds', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Fetch now' }));
    expect(await screen.findByText('Fetching failed: The answer is not a feed')).toBeTruthy();
  });
});
