import type { Delivery } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads, expectCsvDownloaded } from '../../testing/downloads';
import { json, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import { LETTERS, letter, letterRoutes, lettersApi, linden, progressOf, STARTUP, uuid } from './testing';

let session: SessionClient;

beforeAll(() => import('./LettersPage'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const sent = letter(2, { title: 'Warranty inspection', status: 'sent', sentAt: '2026-03-03T10:00:00.000Z' });
const BASE = `${LETTERS}/letters/${sent.id}`;
const DELIVERIES = `GET ${BASE}/deliveries`;

function delivery(n: number, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: uuid(500 + n),
    email: `person${n}@example.fi`,
    name: `Person ${n}`,
    language: 'fi',
    source: 'residents',
    status: 'delivered',
    answer: null,
    updatedAt: '2026-03-03T10:05:00.000Z',
    ...overrides,
  };
}

const ROWS = [
  delivery(1, { name: 'Anna Asukas', source: 'named', language: 'sv' }),
  delivery(2, { name: 'Ben Bounce', status: 'failed', answer: '550 mailbox unavailable' }),
  delivery(3, { name: 'Olli Optout', status: 'skipped', answer: 'opted-out' }),
];

describe('letter log (03 §2 /admin/email-letters/{hc}/message/{id}/logs)', () => {
  it('lists the recipients with their states, filters them and downloads the CSV of the filter', async () => {
    const downloads = catchDownloads();
    const calls = lettersApi({
      routes: letterRoutes(sent, {
        [`GET ${BASE}/progress`]: () => json(progressOf('sent', { delivered: 1, failed: 1, skipped: 1 }, 3)),
        [DELIVERIES]: (request) => {
          const status = request.query.get('status');
          const q = request.query.get('q')?.toLowerCase();
          const items = ROWS.filter(
            (row) => (!status || row.status === status) && (!q || row.name.toLowerCase().includes(q)),
          );
          return json({ items, total: items.length });
        },
        [`GET ${BASE}/deliveries.csv`]: () =>
          new Response('\uFEFFname,email\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="warranty-inspection-log.csv"',
            },
          }),
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${sent.id}/logs`, session);
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log: Warranty inspection' }, STARTUP),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Recipients and delivery' });
    const cells = (name: string) =>
      [...within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('th, td')].map(
        (cell) => cell.textContent,
      );
    expect(cells('Anna Asukas')).toEqual([
      'Anna Asukas',
      'person1@example.fi',
      'Svenska',
      'Named',
      'Delivered',
      '',
      '03.03.2026 12:05',
    ]);
    expect(cells('Ben Bounce')).toContain('550 mailbox unavailable');
    expect(cells('Olli Optout')).toEqual(
      expect.arrayContaining(['Skipped', 'Turned e-mail off', 'Residents']),
    );
    // The counts on top.
    expect(
      (await screen.findByRole('progressbar', { name: 'Sending progress' })).getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(screen.getByText('Failed: 1')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Anna Asukas' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Ben Bounce' })).toBeTruthy();
    await fill(user, screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'ben');
    await waitFor(() => expect(calls.to(DELIVERIES).at(-1)!.query.get('q')).toBe('ben'));
    expect(calls.to(DELIVERIES).at(-1)!.query.get('status')).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await expectCsvDownloaded(downloads, 'warranty-inspection-log.csv');
    const csv = calls.to(`GET ${BASE}/deliveries.csv`);
    expect(csv).toHaveLength(1);
    expect(Object.fromEntries(csv[0]!.query)).toEqual({ status: 'failed', q: 'ben' });
    expect(csv[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('brings the log up to date from the mail server’s reports on demand', async () => {
    let rows = [delivery(1, { name: 'Anna Asukas', status: 'sent' })];
    const retrieve = `POST ${BASE}/retrieve-logs`;
    const calls = lettersApi({
      routes: letterRoutes(sent, {
        [`GET ${BASE}/progress`]: () => json(progressOf('sent', { sent: 1 }, 1)),
        [DELIVERIES]: () => json({ items: rows, total: rows.length }),
        [retrieve]: () => {
          rows = [delivery(1, { name: 'Anna Asukas', status: 'failed', answer: '550 no such user' })];
          return json({ changed: 1, progress: progressOf('sent', { failed: 1 }, 1) });
        },
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${sent.id}/logs`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('Sent: 1', undefined, STARTUP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update log' }));
    expect(await screen.findByText('1 entry updated')).toBeTruthy();
    expect(calls.to(retrieve)).toHaveLength(1);
    expect(await screen.findByText('550 no such user')).toBeTruthy();
    expect(screen.getByText('Failed: 1')).toBeTruthy();
    expect(screen.getByText('Sent: 0')).toBeTruthy();
  });

  it('says when no recipient matches', async () => {
    lettersApi({
      routes: letterRoutes(sent, {
        [`GET ${BASE}/progress`]: () => json(progressOf('sent', { delivered: 3 }, 3)),
        [DELIVERIES]: () => json({ items: [], total: 0 }),
      }),
    });
    renderAppAt(`/admin/email-letters/${linden.id}/message/${sent.id}/logs`, session);
    expect(await screen.findByText('No recipients found.', undefined, STARTUP)).toBeTruthy();
  });
});

describe('letter preview (03 §2 /admin/email-letters/{hc}/preview/{id})', () => {
  it('shows the preview alone, in the first language of the recipients', async () => {
    const calls = lettersApi({ routes: letterRoutes(sent) });
    renderAppAt(`/admin/email-letters/${linden.id}/preview/${sent.id}`, session);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preview: Warranty inspection' }, STARTUP),
    ).toBeTruthy();
    const frame = await screen.findByTitle('Preview: Warranty inspection (fi)');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(calls.to(`GET ${LETTERS}/letters/${sent.id}/preview`)[0]!.query.get('language')).toBe('fi');
    // No test mails here: the wizard has them.
    expect(screen.queryByRole('textbox', { name: 'Test addresses' })).toBeNull();
  });
});
