import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import {
  LETTERS,
  letter,
  letterRoutes,
  lettersApi,
  linden,
  noContent,
  problemWith,
  STARTUP,
} from './testing';

let session: SessionClient;

// The page is a lazy import, transformed on demand: loaded here, the first test's queries do not
// wait for it on a busy machine.
beforeAll(() => import('./LettersPage'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const LIST = `GET ${LETTERS}/housing-companies/${linden.id}/letters`;
const draft = letter(1, { title: 'Sauna renovation', roleGroups: ['owners'], recipientCount: 2 });
const sent = letter(2, {
  title: 'Warranty inspection',
  status: 'sent',
  template: 'warranty-meeting',
  sentAt: '2026-03-03T10:00:00.000Z',
});

describe('e-mail letters list (03 §2 /admin/email-letters/{hc}/messages)', () => {
  it('lists the letters of the company chosen and opens a draft in the wizard', async () => {
    const calls = lettersApi({
      routes: { [LIST]: () => json({ items: [draft, sent], total: 2 }), ...letterRoutes(draft) },
    });
    renderAppAt('/admin/email-letters', session);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail letters' }, STARTUP)).toBeTruthy();
    expect(screen.getByText('Choose a housing company to see its letters.')).toBeTruthy();
    await user.type(screen.getByRole('combobox', { name: 'Housing company' }), 'Lin');
    await user.click(await screen.findByRole('option', { name: 'Linden Court' }));

    await waitFor(() => expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/messages`));
    const table = await screen.findByRole('table', { name: 'E-mail letters' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Sauna renovation',
      'Warranty inspection',
    ]);
    // Status and recipients (named, and the groups on top), translated.
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[0]!).getByText('Owners')).toBeTruthy();
    expect(within(rows[1]!).getByText('Sent')).toBeTruthy();
    // Only drafts can be deleted.
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Sauna renovation' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(calls.to(LIST)[0]!.query.get('offset')).toBe('0');

    await user.click(within(rows[0]!).getByRole('link', { name: 'Sauna renovation' }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/message/${draft.id}`),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Phase 1 of 4: Content' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Sauna renovation',
    );
  });

  it('searches by title, filters by status, and says when nothing is found', async () => {
    const calls = lettersApi({
      routes: {
        [LIST]: (request) =>
          json(
            request.query.get('status') === 'sent'
              ? { items: [sent], total: 1 }
              : request.query.get('q')
                ? { items: [], total: 0 }
                : { items: [draft, sent], total: 2 },
          ),
      },
    });
    renderAppAt(`/admin/email-letters/${linden.id}/messages`, session);
    const user = userEvent.setup();

    expect(await screen.findByRole('rowheader', { name: 'Sauna renovation' }, STARTUP)).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'sent');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Sauna renovation' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Warranty inspection' })).toBeTruthy();
    expect(calls.to(LIST).at(-1)!.query.get('status')).toBe('sent');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await fill(user, screen.getByRole('searchbox', { name: 'Search by title' }), 'nothing');
    expect(await screen.findByText('No letters found.')).toBeTruthy();
    expect(calls.to(LIST).at(-1)!.query.get('q')).toBe('nothing');
    expect(calls.to(LIST).at(-1)!.query.get('status')).toBeNull();
  });

  it('says when the company has no letters yet, and links to a new one', async () => {
    lettersApi();
    // The company's own address shows its letters.
    renderAppAt(`/admin/email-letters/${linden.id}`, session);
    expect(await screen.findByText('No letters yet.', undefined, STARTUP)).toBeTruthy();
    expect(window.location.pathname).toBe(`/admin/email-letters/${linden.id}/messages`);
    expect(screen.getByRole('link', { name: 'New letter' }).getAttribute('href')).toBe(
      `/admin/email-letters/${linden.id}/message/new`,
    );
  });

  it('deletes a draft only after it is confirmed, and shows why a delete failed', async () => {
    let fail = true;
    const remove = `DELETE ${LETTERS}/letters/${draft.id}`;
    const calls = lettersApi({
      routes: {
        [LIST]: () => json({ items: [draft], total: 1 }),
        [remove]: () =>
          fail
            ? problemWith(409, 'LETTER_DELETE_FAILED', 'Deleting the letter failed: a sent letter is kept.')
            : noContent(),
      },
    });
    renderAppAt(`/admin/email-letters/${linden.id}/messages`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Sauna renovation' }, STARTUP));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Sauna renovation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(remove)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Sauna renovation' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Sauna renovation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleting failed: a sent letter is kept.')).toBeTruthy();

    fail = false;
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete Sauna renovation' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Sauna renovation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Letter Sauna renovation deleted')).toBeTruthy();
    expect(calls.to(remove)).toHaveLength(2);
    // The list is asked again.
    await waitFor(() => expect(calls.to(LIST).length).toBeGreaterThanOrEqual(2));
  });
});
