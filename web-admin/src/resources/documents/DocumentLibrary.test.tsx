import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../testing/downloads';
import { json, meOf, problem, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import {
  board,
  DOCS,
  doc,
  documentsApi,
  flat,
  home,
  linden,
  minutes,
  ownerDocs,
  page,
  propertyManager,
  STARTUP,
} from './testing';

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

const FOLDERS_URL = `GET ${DOCS}/housing-companies/${linden.id}/folders`;
const filesOf = (folderId: string) => `GET ${DOCS}/folders/${folderId}/documents`;

/** The folder tree's buttons, by their names. */
async function tree() {
  return within(await screen.findByRole('navigation', { name: 'Folders' }));
}

describe('document library (03 §2 /admin/documents)', () => {
  it('lists the folders of the housing company chosen, then of one of its apartments', async () => {
    const calls = documentsApi({ files: { [home.id]: page([doc(1, home.id, { name: 'Manual.pdf' })]) } });
    renderAppAt('/admin/documents', session);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' }, STARTUP)).toBeTruthy();
    expect(screen.getByText('Choose a housing company to see its documents.')).toBeTruthy();
    expect(calls.to(FOLDERS_URL)).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: 'Housing company' }), 'Lin');
    await user.click(await screen.findByRole('option', { name: 'Linden Court' }));

    // The address says which company, and the folders come in the viewer's language.
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/documents/${linden.id}`));
    const folders = await tree();
    expect(calls.to(FOLDERS_URL)[0]!.query.get('lang')).toBe('en');
    expect(calls.to(FOLDERS_URL)[0]!.query.get('apartmentId')).toBeNull();
    expect(folders.getAllByRole('button')).toEqual([
      folders.getByRole('button', { name: 'Home manual, 2 files' }),
      folders.getByRole('button', { name: 'Board, 0 files' }),
      folders.getByRole('button', { name: 'Minutes, 0 files' }),
      // A hidden folder says so.
      folders.getByRole('button', { name: 'CRM import, Hidden, 0 files' }),
    ]);
    // Minutes is listed inside Board's list, one level down.
    const boardItem = folders.getByRole('button', { name: /^Board/ }).closest('li')!;
    expect(within(boardItem).getByRole('button', { name: /^Minutes/ })).toBeTruthy();
    // The first folder is open: its files are listed.
    expect(folders.getByRole('button', { name: /^Home manual/ }).getAttribute('aria-current')).toBe('true');
    const files = await screen.findByRole('table', { name: 'Files in Home manual' });
    expect(within(files).getByRole('rowheader', { name: 'Manual.pdf' })).toBeTruthy();
    expect(within(files).getByText('2 k')).toBeTruthy();

    // One apartment's folders.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apartment' }), flat.id);
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/documents/${linden.id}/${flat.id}`));
    expect(await (await tree()).findByRole('button', { name: /^Owner documents/ })).toBeTruthy();
    expect(calls.to(FOLDERS_URL).at(-1)!.query.get('apartmentId')).toBe(flat.id);
    expect(await screen.findByRole('heading', { level: 2, name: ownerDocs.name })).toBeTruthy();
  });

  it('opens the folder the address names and shows the files of the one chosen', async () => {
    const calls = documentsApi({
      files: {
        [board.id]: page([doc(2, board.id, { name: 'Budget 2026.xlsx', tags: ['budget', 'draft'] })]),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    const files = await screen.findByRole('table', { name: 'Files in Board' }, STARTUP);
    expect(within(files).getByText('budget')).toBeTruthy();
    expect(within(files).getByText('draft')).toBeTruthy();
    expect(calls.to(filesOf(home.id))).toHaveLength(0);

    await user.click((await tree()).getByRole('button', { name: /^Minutes/ }));
    expect(await screen.findByText('No files in this folder yet.')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('folder')).toBe(minutes.id);
    expect(screen.getByRole('heading', { level: 2, name: 'Board / Minutes' })).toBeTruthy();
  });

  it('looks up a housing company and apartment by their external ids (the spec’s addresses)', async () => {
    documentsApi();
    renderAppAt('/admin/documents/LINDEN/LINDEN-A1', session);
    await waitFor(
      () => expect(window.location.pathname).toBe(`/admin/documents/${linden.id}/${flat.id}`),
      STARTUP,
    );
    expect(await (await tree()).findByRole('button', { name: /^Owner documents/ })).toBeTruthy();
  });

  it('says so when the folders cannot be loaded, and loads them again', async () => {
    let fail = true;
    documentsApi({
      routes: {
        [FOLDERS_URL]: () =>
          fail
            ? problem(
                404,
                'DOC_HOUSING_COMPANY_NOT_FOUND',
                'You need to clarify project id to get documents.',
              )
            : json({ housingCompanyId: linden.id, apartmentId: null, manages: true, folders: [] }),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    const user = userEvent.setup();

    expect(
      await screen.findByText('Housing company could not be retrieved', undefined, STARTUP),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No folders yet.')).toBeTruthy();
  });

  it('searches the files and loads the next page after the last', async () => {
    const calls = documentsApi({
      routes: {
        [filesOf(home.id)]: (request) =>
          json(
            request.query.get('after') === 'cursor-1'
              ? page([doc(3, home.id, { name: 'Older.pdf' })])
              : request.query.get('q')
                ? page([doc(4, home.id, { name: 'Sauna.pdf' })])
                : page([doc(1, home.id, { name: 'Newest.pdf' })], 'cursor-1'),
          ),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    const user = userEvent.setup();

    expect(await screen.findByRole('rowheader', { name: 'Newest.pdf' }, STARTUP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Older.pdf' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Newest.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await fill(user, screen.getByRole('searchbox', { name: 'Search files' }), 'sauna');
    expect(await screen.findByRole('rowheader', { name: 'Sauna.pdf' })).toBeTruthy();
    expect(calls.to(filesOf(home.id)).at(-1)!.query.get('q')).toBe('sauna');
    expect(screen.queryByRole('rowheader', { name: 'Newest.pdf' })).toBeNull();
  });

  it('shows a picture’s medium thumbnail fetched with the token, and a file icon for other files', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:thumbnail');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    try {
      const photo = doc(5, home.id, {
        name: 'Yard.jpg',
        mimeType: 'image/jpeg',
        thumbnails: {
          medium: `${DOCS}/documents/${doc(5, home.id).id}/thumbnails/medium`,
          large: `${DOCS}/documents/${doc(5, home.id).id}/thumbnails/large`,
        },
      });
      const calls = documentsApi({
        files: { [home.id]: page([photo, doc(6, home.id, { name: 'Plan.pdf' })]) },
        routes: {
          [`GET ${photo.thumbnails!.medium}`]: () =>
            new Response('webp', { headers: { 'content-type': 'image/webp' } }),
        },
      });
      renderAppAt(`/admin/documents/${linden.id}`, session);

      const yard = await screen.findByRole('rowheader', { name: 'Yard.jpg' }, STARTUP);
      await waitFor(() => expect(yard.querySelector('img')?.getAttribute('src')).toBe('blob:thumbnail'));
      expect(yard.querySelector('img')!.getAttribute('alt')).toBe('');
      const sent = calls.to(`GET ${photo.thumbnails!.medium}`);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.headers.get('authorization')).toMatch(/^Bearer /);
      const plan = screen.getByRole('rowheader', { name: 'Plan.pdf' });
      expect(plan.querySelector('img')).toBeNull();
      expect(plan.querySelector('svg')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('deletes a file only after it is confirmed', async () => {
    const calls = documentsApi({
      files: {
        [home.id]: page([doc(1, home.id, { name: 'Plan.pdf' }), doc(2, home.id, { name: 'Keep.pdf' })]),
      },
      routes: {
        [`DELETE ${DOCS}/documents/${doc(1, home.id).id}`]: () => new Response(null, { status: 204 }),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    const user = userEvent.setup();
    const remove = `DELETE ${DOCS}/documents/${doc(1, home.id).id}`;

    await user.click(await screen.findByRole('button', { name: 'Delete Plan.pdf' }, STARTUP));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Plan.pdf?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(remove)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Plan.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Plan.pdf?' });
    expect(within(dialog).getByText(/deleted for everyone who can see the folder/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.to(remove)).toHaveLength(1));
    expect(await screen.findByText('File Plan.pdf deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Plan.pdf' })).toBeNull());
    // The confirmation hides the page from the accessibility tree until it has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('rowheader', { name: 'Plan.pdf' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Keep.pdf' })).toBeTruthy();
  });

  it('downloads chosen files as one zip through a download link', async () => {
    const downloads = catchDownloads();
    const a = doc(1, home.id, { name: 'A.pdf' });
    const b = doc(2, home.id, { name: 'B.pdf' });
    const calls = documentsApi({
      files: { [home.id]: page([a, b]) },
      routes: {
        [`POST ${DOCS}/housing-companies/${linden.id}/downloads`]: (request) => {
          const ids = (request.body as { ids?: string[] }).ids ?? [];
          return json(
            {
              url: `${DOCS}/downloads/0195f0a0-0000-4000-8000-000000000abc`,
              fileName: ids.length > 1 ? 'Home manual.zip' : 'A.pdf',
              count: ids.length,
              expiresAt: '2026-03-02T09:00:00.000Z',
            },
            201,
          );
        },
      },
    });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    const user = userEvent.setup();

    const zip = await screen.findByRole('button', { name: 'Download chosen (0)' }, STARTUP);
    expect((zip as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Choose A.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose B.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Download chosen (2)' }));
    await waitFor(() => expect(downloads.saved).toEqual(['Home manual.zip']));
    expect(calls.to(`POST ${DOCS}/housing-companies/${linden.id}/downloads`)[0]!.body).toEqual({
      ids: [a.id, b.id],
    });

    // One file: a link of its own (no bytes through the page).
    await user.click(screen.getByRole('button', { name: 'Download A.pdf' }));
    await waitFor(() => expect(downloads.saved).toEqual(['Home manual.zip', 'A.pdf']));
    expect(calls.to(`POST ${DOCS}/housing-companies/${linden.id}/downloads`)[1]!.body).toEqual({
      ids: [a.id],
    });
    expect(downloads.createObjectURL).not.toHaveBeenCalled();
  });

  it('renames a file and moves it to another folder', async () => {
    const plan = doc(1, board.id, { name: 'Plan.pdf' });
    const calls = documentsApi({
      files: { [board.id]: page([plan]) },
      routes: {
        [`PATCH ${DOCS}/documents/${plan.id}`]: (request) =>
          json({ ...plan, ...(request.body as object), path: 'Board / Minutes' }),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Rename or move Plan.pdf' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file Plan.pdf' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await fill(user, name, 'Plan 2026.pdf');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Tags' }), 'plans, 2026');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Folder' }), minutes.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PATCH ${DOCS}/documents/${plan.id}`)).toHaveLength(1));
    expect(calls.to(`PATCH ${DOCS}/documents/${plan.id}`)[0]!.body).toEqual({
      name: 'Plan 2026.pdf',
      tags: ['plans', '2026'],
      folderId: minutes.id,
    });
    expect(await screen.findByText('File Plan 2026.pdf moved to Minutes')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Plan/ })).toBeNull());
  });
});

describe('folders', () => {
  it('makes a sub-folder with its names in other languages, hidden from residents', async () => {
    const created = { ...minutes, id: '0195f0a0-0000-7000-8000-000000000777', name: 'Contracts' };
    const calls = documentsApi({
      routes: { [`POST ${DOCS}/housing-companies/${linden.id}/folders`]: () => json(created, 201) },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'New sub-folder' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-folder' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Contracts');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Suomi (fi)' }), 'Sopimukset');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Svenska (sv)' }), 'Avtal');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Visible to residents' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.to(`POST ${DOCS}/housing-companies/${linden.id}/folders`)).toHaveLength(1),
    );
    expect(calls.to(`POST ${DOCS}/housing-companies/${linden.id}/folders`)[0]!.body).toEqual({
      parentId: board.id,
      name: 'Contracts',
      translations: { fi: 'Sopimukset', sv: 'Avtal' },
      visible: false,
    });
    expect(await screen.findByText('Folder Contracts created')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('folder')).toBe(created.id));
  });

  it('moves a folder under another, never under itself or below itself', async () => {
    const calls = documentsApi({
      routes: { [`PATCH ${DOCS}/folders/${board.id}`]: () => json(board) },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit folder' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Edit folder Board' });
    const parent = within(dialog).getByRole('combobox', { name: 'Under folder' });
    const offered = within(parent)
      .getAllByRole('option')
      .map((option) => option.textContent?.trim());
    expect(offered).toEqual(['Top level', 'Home manual', 'CRM import']);
    await user.selectOptions(parent, home.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PATCH ${DOCS}/folders/${board.id}`)).toHaveLength(1));
    expect(calls.to(`PATCH ${DOCS}/folders/${board.id}`)[0]!.body).toEqual({
      name: 'Board',
      translations: {},
      visible: true,
      parentId: home.id,
    });
  });

  it('deletes a folder staff made only after it is confirmed, and says why one is refused', async () => {
    const calls = documentsApi({
      routes: {
        [`DELETE ${DOCS}/folders/${minutes.id}`]: () =>
          problem(409, 'DOC_FOLDER_NOT_EMPTY', 'Folder delete error: the folder is not empty.'),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${minutes.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete folder' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder Minutes?' });
    expect(calls.to(`DELETE ${DOCS}/folders/${minutes.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await screen.findByText('The folder cannot be deleted: it is not empty.')).toBeTruthy();
    expect(calls.to(`DELETE ${DOCS}/folders/${minutes.id}`)).toHaveLength(1);

    // A standard folder is hidden, not deleted: no delete button.
    await user.click((await tree()).getByRole('button', { name: /^Board/ }));
    expect(await screen.findByRole('button', { name: 'Permissions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete folder' })).toBeNull();
  });

  it('leaves the folder changes out for a viewer who does not run the company’s documents', async () => {
    documentsApi({ manages: false, folders: [{ ...board, canUpload: false }] });
    renderAppAt(`/admin/documents/${linden.id}`, session);

    expect(await screen.findByRole('heading', { level: 2, name: 'Board' }, STARTUP)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Permissions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
  });
});

describe('access', () => {
  it('lets a property manager in from the menu', async () => {
    documentsApi({ me: propertyManager() });
    renderAppAt('/admin', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('menuitem', { name: 'Documents' }, STARTUP));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/documents');
  });

  it('does not route the library for a viewer without the documents rule', async () => {
    const calls = documentsApi({ me: meOf(['contributor']) });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    expect(await screen.findByText(/not found/i, undefined, STARTUP)).toBeTruthy();
    expect(calls.to(FOLDERS_URL)).toHaveLength(0);
  });
});
