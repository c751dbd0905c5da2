import type { LetterBody } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bytesOf } from '../../testing/downloads';
import { json, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import {
  audience,
  LETTERS,
  letter,
  letterRoutes,
  lettersApi,
  linden,
  noContent,
  problemWith,
  recipient,
  STARTUP,
} from './testing';

let session: SessionClient;

beforeAll(() => import('./LettersPage'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const draft = letter(1, { title: 'Sauna renovation' });
const BASE = `${LETTERS}/letters/${draft.id}`;
const CSV = `POST ${BASE}/recipients/csv`;

/** The wizard of the draft at its recipients step (Next saves the content first). */
async function openRecipients(routes: Parameters<typeof letterRoutes>[1] = {}) {
  const calls = lettersApi({
    routes: letterRoutes(draft, {
      [`PUT ${BASE}`]: (request) => json({ ...draft, ...(request.body as LetterBody) }),
      ...routes,
    }),
  });
  renderAppAt(`/admin/email-letters/${linden.id}/message/${draft.id}`, session);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Next' }, STARTUP));
  expect(await screen.findByRole('heading', { level: 2, name: 'Phase 2 of 4: Recipients' })).toBeTruthy();
  return { calls, user };
}

const csvFile = (text: string) => new File([text], 'residents.csv', { type: 'text/csv' });

describe('letter wizard: recipients', () => {
  it('imports a CSV file as it is and lists the rows not added by line, in words', async () => {
    const { calls, user } = await openRecipients({
      [CSV]: () =>
        json({
          added: 2,
          failedCount: 2,
          failed: [
            { line: 3, problem: 'email-invalid', value: 'not-an-address' },
            { line: 5, problem: 'name-missing', value: 'eve@example.fi' },
          ],
        }),
    });
    const text =
      'name,email\nAnna,anna@example.fi\nBen,not-an-address\nCid,cid@example.fi\n,eve@example.fi\n';
    await user.upload(screen.getByLabelText('CSV file'), csvFile(text));

    expect(await screen.findByText('2 recipients added. 2 rows not added:')).toBeTruthy();
    const sent = calls.to(CSV)[0]!;
    expect(sent.headers.get('content-type')).toBe('text/csv');
    expect(sent.headers.get('authorization')).toMatch(/^Bearer /);
    expect(new TextDecoder().decode(await bytesOf(sent.blob!))).toBe(text);

    const table = screen.getByRole('table', { name: 'Rows not added' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'Invalid e-mail address', 'not-an-address'],
      ['5', 'Name missing', 'eve@example.fi'],
    ]);
    // The recipients and the audience are asked again.
    await waitFor(() => expect(calls.to(`GET ${BASE}/recipients`).length).toBeGreaterThanOrEqual(2));
    expect(calls.to(`GET ${BASE}/audience`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows why a whole file was refused, with the server’s detail', async () => {
    const { user } = await openRecipients({
      [CSV]: () =>
        problemWith(
          400,
          'LETTER_CSV_INVALID',
          'The file must be comma-separated UTF-8 text with a name and an e-mail column.',
          'The file is separated by semicolons.',
        ),
    });
    await user.upload(screen.getByLabelText('CSV file'), csvFile('name;email\nAnna;anna@example.fi\n'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file must be comma-separated UTF-8 with name and e-mail columns. The file is separated by semicolons.',
    );
    expect(screen.queryByRole('table', { name: 'Rows not added' })).toBeNull();
  });

  it('adds a named recipient, says when one is already on the list, and removes one', async () => {
    let named = [recipient(1, { name: 'Anna Asukas', email: 'anna@example.fi' })];
    const { calls, user } = await openRecipients({
      [`GET ${BASE}/recipients`]: () => json({ items: named, total: named.length }),
      [`POST ${BASE}/recipients`]: (request) => {
        const body = request.body as { name: string; email: string };
        if (named.some((r) => r.email === body.email)) {
          return problemWith(409, 'LETTER_RECIPIENT_DUPLICATE', 'The recipient is already on the list.');
        }
        const added = recipient(2, body);
        named = [...named, added];
        return json(added, 201);
      },
      [`DELETE ${BASE}/recipients/${recipient(1).id}`]: () => {
        named = named.filter((r) => r.id !== recipient(1).id);
        return noContent();
      },
    });
    const list = await screen.findByRole('table', { name: 'Named recipients' });
    expect(within(list).getByRole('rowheader', { name: 'Anna Asukas' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add recipient' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Anna Again');
    await fill(user, within(form).getByRole('textbox', { name: 'E-mail' }), 'anna@example.fi');
    await user.click(within(form).getByRole('button', { name: 'Add recipient' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The recipient is already on the list.',
    );

    await user.clear(within(form).getByRole('textbox', { name: 'E-mail' }));
    await fill(user, within(form).getByRole('textbox', { name: 'E-mail' }), 'ben@example.fi');
    await user.click(within(form).getByRole('button', { name: 'Add recipient' }));
    expect(await within(form).findByText('Anna Again added')).toBeTruthy();
    expect(calls.to(`POST ${BASE}/recipients`).at(-1)!.body).toEqual({
      name: 'Anna Again',
      email: 'ben@example.fi',
    });
    expect(await screen.findByRole('rowheader', { name: 'Anna Again' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Anna Asukas' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Anna Asukas' })).toBeNull());
  });

  it('saves the role groups chosen and shows who the letter reaches, with those who turned e-mail off', async () => {
    let groups: string[] = [];
    const { calls, user } = await openRecipients({
      [`GET ${BASE}/audience`]: () =>
        json(
          groups.includes('residents')
            ? audience({
                total: 12,
                bySource: { named: 2, residents: 10 },
                languages: ['fi', 'en'],
                optedOut: [{ name: 'Olli Optout', email: 'olli@example.fi' }],
                optedOutCount: 1,
              })
            : audience({ total: 2, bySource: { named: 2 }, languages: ['fi'] }),
        ),
      [`PUT ${BASE}`]: (request) => {
        groups = (request.body as LetterBody).roleGroups;
        return json({ ...draft, ...(request.body as LetterBody) });
      },
    });
    const summary = await screen.findByRole('region', { name: 'Who gets the letter' });
    expect(await within(summary).findByText('2 recipients')).toBeTruthy();

    const fieldset = screen.getByRole('group', { name: 'Send to everyone in these groups' });
    expect(
      within(fieldset)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Residents', 'Owners', 'Tenants', 'Board', 'Partners', 'Managers']);
    await user.click(within(fieldset).getByRole('checkbox', { name: 'Residents' }));
    await waitFor(() =>
      expect(calls.to(`PUT ${BASE}`).at(-1)!.body).toMatchObject({ roleGroups: ['residents'] }),
    );
    expect(await within(summary).findByText('12 recipients')).toBeTruthy();
    expect(within(fieldset).getByRole('checkbox', { name: 'Residents' })).toHaveProperty('checked', true);
    expect(within(summary).getByText('Residents: 10')).toBeTruthy();
    expect(within(summary).getByText('Languages: Suomi, English')).toBeTruthy();
    expect(within(summary).getByText('1 resident turned e-mail off')).toBeTruthy();
    expect(
      within(summary).getByText('They have turned e-mail off and will not get the letter.'),
    ).toBeTruthy();
    expect(within(summary).getByText('Olli Optout (olli@example.fi)')).toBeTruthy();
  });
});
