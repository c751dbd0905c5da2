import { SessionClient } from '@porta/web-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../testing/fake-xhr';
import { json, problem, type SentRequest, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import { board, DOCS, doc, documentsApi, home, linden, STARTUP } from './testing';

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

const BATCH = '0195f0a0-0000-7000-8000-0000000000b1';
const uploadsTo = (folderId: string) => `POST ${DOCS}/folders/${folderId}/documents`;
const fileOf = (request: SentRequest) => (request.form!.get('file') as File).name;
const pdf = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

/** The file's row in the upload's list. */
function rowOf(dialog: HTMLElement, name: string) {
  const list = within(dialog).getByRole('list', { name: 'Files to upload' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

describe('bulk upload (02 §7 addFileMultipart)', () => {
  it('sends one request per file sharing the first answer’s batch id, and says per file what went wrong', async () => {
    stubXhr();
    let n = 0;
    const calls = documentsApi({
      routes: {
        [uploadsTo(board.id)]: (request) =>
          fileOf(request) === 'big.dwg'
            ? problem(413, 'DOC_FILE_SIZE', 'File is too large')
            : json({ uploadBatchId: BATCH, documents: [doc(++n, board.id, { name: fileOf(request) })] }, 201),
        [`DELETE ${DOCS}/housing-companies/${linden.id}/batches/${BATCH}`]: () => json({ deleted: 2 }),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Upload files' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files to Board' });
    await user.upload(within(dialog).getByLabelText('Choose files'), [
      pdf('minutes.pdf'),
      pdf('big.dwg'),
      pdf('budget.pdf'),
    ]);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Tags' }), 'meeting, 2026');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notify those who may read the folder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload 3 files' }));

    expect(await within(dialog).findByText('2 of 3 files uploaded. 1 file failed.')).toBeTruthy();
    const sent = calls.to(uploadsTo(board.id));
    expect(sent.map(fileOf)).toEqual(['minutes.pdf', 'big.dwg', 'budget.pdf']);
    // The first request starts the batch; the others join it.
    expect(sent.map((request) => request.query.get('uploadBatchId'))).toEqual([null, BATCH, BATCH]);
    for (const request of sent) {
      expect(request.query.get('tags')).toBe('meeting,2026');
      expect(request.query.get('notifyUsers')).toBe('true');
      expect(request.query.get('homeFolder')).toBeNull();
      expect(request.headers.get('Authorization')).toBe('Bearer access-1');
    }

    // Each file has its own bar and outcome; the refused one says why, in words.
    expect(within(rowOf(dialog, 'minutes.pdf')).getByText('Uploaded')).toBeTruthy();
    expect(within(rowOf(dialog, 'big.dwg')).getByText('The file is too large.')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('progressbar', { name: /^minutes\.pdf/ })
        .getAttribute('aria-valuenow'),
    ).toBe('100');

    // Undo deletes the batch.
    await user.click(within(dialog).getByRole('button', { name: 'Undo this upload' }));
    await waitFor(() =>
      expect(calls.to(`DELETE ${DOCS}/housing-companies/${linden.id}/batches/${BATCH}`)).toHaveLength(1),
    );
    expect(await screen.findByText('2 files removed')).toBeTruthy();
    expect(await within(dialog).findByText(/The upload was undone\./)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Undo this upload' })).toBeNull();

    // Closing loads the folder's files again.
    const listed = calls.to(`GET ${DOCS}/folders/${board.id}/documents`).length;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(calls.to(`GET ${DOCS}/folders/${board.id}/documents`).length).toBeGreaterThan(listed),
    );
  });

  it('asks for a category in the home folder, takes dropped files and shows each file’s progress', async () => {
    stubXhr();
    let answer: (response: Response) => void = () => undefined;
    const calls = documentsApi({
      routes: {
        [uploadsTo(home.id)]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${home.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Upload files' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files to Home manual' });
    fireEvent.drop(within(dialog).getByText('Drop files here, or').parentElement!, {
      dataTransfer: { files: [pdf('ground-floor.pdf', 400)] },
    });
    expect(within(dialog).getByText('ground-floor.pdf')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choose a category for a file in the home folder.',
    );
    expect(calls.to(uploadsTo(home.id))).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'blueprints');
    await user.click(within(dialog).getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(calls.to(uploadsTo(home.id))).toHaveLength(1));
    expect(calls.to(uploadsTo(home.id))[0]!.query.get('homeFolder')).toBe('blueprints');
    expect(calls.to(uploadsTo(home.id))[0]!.query.get('notifyUsers')).toBe('false');

    // Half of the file is sent while the answer is awaited.
    const bar = within(dialog).getByRole('progressbar', { name: /^ground-floor\.pdf/ });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(dialog).getByText('Uploading… 50 %')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Stop' })).toBeTruthy();

    answer(json({ uploadBatchId: BATCH, documents: [doc(1, home.id, { homeFolder: 'blueprints' })] }, 201));
    expect(await within(dialog).findByText('1 of 1 files uploaded.')).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('shows the service’s refusal of the whole folder at each file', async () => {
    stubXhr();
    documentsApi({
      routes: {
        [uploadsTo(board.id)]: () =>
          problem(403, 'DOC_UPLOAD_NOT_PERMITTED', 'You do not have permission to upload to this folder.'),
      },
    });
    renderAppAt(`/admin/documents/${linden.id}?folder=${board.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Upload files' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files to Board' });
    await user.upload(within(dialog).getByLabelText('Choose files'), [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    expect(await within(dialog).findByText('0 of 2 files uploaded. 2 files failed.')).toBeTruthy();
    expect(within(dialog).getAllByText('You do not have permission to upload to this folder.')).toHaveLength(
      2,
    );
    expect(within(dialog).queryByRole('button', { name: 'Undo this upload' })).toBeNull();
  });
});
