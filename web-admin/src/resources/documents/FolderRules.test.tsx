import type { Folder } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, tokens } from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';
import { board, DOCS, documentsApi, linden, minutes, STARTUP } from './testing';

let session: SessionClient;

// The page is a lazy import, transformed on demand: loaded here, the first test's queries do not
// wait for it on a busy machine.
beforeAll(() => import('./DocumentLibrary'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

/** The library at a folder, with PUT /folders/:id/rules answering the folder. */
function openAt(folder: Folder) {
  const calls = documentsApi({
    routes: { [`PUT ${DOCS}/folders/${folder.id}/rules`]: () => json(folder) },
  });
  renderAppAt(`/admin/documents/${linden.id}?folder=${folder.id}`, session);
  return calls;
}

const cell = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

describe('folder permissions (03 §3 rules, PUT /folders/:id/rules)', () => {
  it('shows the rules per group and right, and saves the changed table with copy to descendants', async () => {
    const calls = openAt(board);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Permissions' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Board' });
    const table = within(dialog).getByRole('table', { name: 'Rights by rule group' });
    // Every group of the contracts, "all" as the spec names it, and the four rights.
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Everyone in the housing company',
      'Everyone in the apartment',
      'Board',
      'Owners in the housing company',
      'Apartment documents (owners, tenants, family members, rental managers)',
      'Apartment owners',
      'Apartment invoices (owners, rental managers)',
      'Apartment maintenance (owners, tenants, property and maintenance managers)',
      'Apartment tenants',
      'Partner companies',
      'Community (members and partners)',
      'All logged in users',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Rule group', 'Read', 'Upload', 'Edit', 'Delete']);
    expect(
      (within(dialog).getByRole('radio', { name: 'Rules of its own' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(cell(dialog, 'Delete: Board').checked).toBe(true);
    expect(cell(dialog, 'Read: All logged in users').checked).toBe(false);

    await user.click(cell(dialog, 'Delete: Board'));
    await user.click(cell(dialog, 'Read: All logged in users'));
    await user.click(within(dialog).getByRole('checkbox', { name: /copy to descendants/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PUT ${DOCS}/folders/${board.id}/rules`)).toHaveLength(1));
    expect(calls.to(`PUT ${DOCS}/folders/${board.id}/rules`)[0]!.body).toEqual({
      rules: [
        { group: 'hc_board', read: true, create: true, update: true, delete: false },
        { group: 'all', read: true, create: false, update: false, delete: false },
      ],
      copyToDescendants: true,
    });
    expect(await screen.findByText('Permissions of Board saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a sub-folder's inherited rules greyed, and inherits again with rules null", async () => {
    const calls = openAt(minutes);
    const user = userEvent.setup();

    expect(await screen.findByText('Permissions inherited', undefined, STARTUP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Minutes' });
    expect(
      (within(dialog).getByRole('radio', { name: 'Inherit from the parent folder' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    // The parent's rules, in force here, cannot be changed while they are inherited.
    expect(cell(dialog, 'Upload: Board').checked).toBe(true);
    expect(cell(dialog, 'Upload: Board').disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PUT ${DOCS}/folders/${minutes.id}/rules`)).toHaveLength(1));
    expect(calls.to(`PUT ${DOCS}/folders/${minutes.id}/rules`)[0]!.body).toEqual({
      rules: null,
      copyToDescendants: false,
    });
  });

  it('starts rules of its own from the inherited ones', async () => {
    const calls = openAt(minutes);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Permissions' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Minutes' });
    await user.click(within(dialog).getByRole('radio', { name: 'Rules of its own' }));
    expect(cell(dialog, 'Upload: Board').disabled).toBe(false);
    await user.click(cell(dialog, 'Upload: Board'));
    await user.click(cell(dialog, 'Edit: Board'));
    await user.click(cell(dialog, 'Delete: Board'));
    await user.click(cell(dialog, 'Read: Owners in the housing company'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PUT ${DOCS}/folders/${minutes.id}/rules`)).toHaveLength(1));
    expect(calls.to(`PUT ${DOCS}/folders/${minutes.id}/rules`)[0]!.body).toEqual({
      rules: [
        { group: 'hc_board', read: true, create: false, update: false, delete: false },
        { group: 'hc_owners', read: true, create: false, update: false, delete: false },
      ],
      copyToDescendants: false,
    });
  });
});
