import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  APT_FOLDER_ID,
  BATCH_ID,
  BLUEPRINTS_ID,
  BOARD_ID,
  doc,
  docId,
  downloadLink,
  folder,
  folderList,
  HOME_ID,
  page,
  projectFolders,
  videoList,
} from '../testing/document-fixtures';

const BASE = '/api/documents';
const FOLDERS = `${BASE}/housing-companies/${IDS.demoHc}/folders`;
const DOWNLOADS = `${BASE}/housing-companies/${IDS.demoHc}/downloads`;
const VIDEOS = `${BASE}/housing-companies/${IDS.demoHc}/videos`;
const filesOf = (folderId: string) => `${BASE}/folders/${folderId}/documents`;
const features = featuresOn('documentsv2');

const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);
const gets = (app: { requests: RecordedRequest[] }, path: string) =>
  app.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === path);

const plan = doc();
const drawings = [
  doc({
    id: docId(201),
    name: 'Ground floor',
    fileName: 'ground-floor.dwg',
    extension: 'dwg',
    mimeType: 'application/acad',
    size: 1_048_576,
    folderId: BLUEPRINTS_ID,
    tags: ['architect', '2026'],
    homeFolder: 'blueprints',
  }),
  doc({ id: docId(202), name: 'First floor', fileName: 'first-floor.pdf', folderId: BLUEPRINTS_ID }),
  doc({ id: docId(203), name: 'Roof', fileName: 'roof.pdf', folderId: BLUEPRINTS_ID }),
];

function openLibrary(path = '/documents', routes: SignedInOptions['routes'] = {}) {
  return startSignedIn(path, {
    features,
    routes: {
      [`GET ${FOLDERS}`]: json(projectFolders()),
      [`GET ${filesOf(HOME_ID)}`]: json(page([plan])),
      [`GET ${filesOf(BLUEPRINTS_ID)}`]: json(page(drawings)),
      [`GET ${filesOf(BOARD_ID)}`]: json(page([])),
      [`GET ${VIDEOS}`]: json(videoList([])),
      ...routes,
    },
  });
}

/** The list of a folder's files. */
const fileList = (folderName: string) => screen.findByRole('list', { name: `Files in ${folderName}` });
const row = (list: HTMLElement, name: string) =>
  within(list).getByRole('link', { name }).closest('li') as HTMLElement;

/** Wait for the nth upload (1-based) to reach the fake XMLHttpRequest. */
async function upload(xhr: typeof FakeXhr, n: number): Promise<FakeXhr> {
  await waitFor(() => expect(xhr.requests.length).toBeGreaterThanOrEqual(n));
  return xhr.requests[n - 1]!;
}

describe('/documents', () => {
  it('shows the folder tree with counts and the first folder’s files; the tree opens and chooses by keyboard', async () => {
    const app = openLibrary();
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    await waitFor(() => expect(document.title).toBe('Documents - Porta'));
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(2);
    const home = within(tree).getByRole('treeitem', { name: 'Home manual, files: 1' });
    expect(within(tree).getByRole('treeitem', { name: 'Board, files: 0' })).toBeTruthy();
    expect(home.getAttribute('aria-selected')).toBe('true');
    expect(home.getAttribute('aria-expanded')).toBe('false');
    expect(home.tabIndex).toBe(0);
    // Blueprints is below Home manual, closed.
    expect(within(tree).queryByRole('treeitem', { name: /Blueprints/ })).toBeNull();

    const homeFiles = await fileList('Home manual');
    expect(within(homeFiles).getByRole('link', { name: 'Floor plan A 1' }).getAttribute('href')).toBe(
      `/documents/download/${plan.id}`,
    );
    expect(gets(app, FOLDERS).map(query)).toEqual([{ lang: 'en' }]);
    expect(query(gets(app, filesOf(HOME_ID))[0]!)).toEqual({ limit: '50', lang: 'en' });

    // Right opens Home manual, Down moves to Blueprints, Enter chooses it.
    home.focus();
    await app.user.keyboard('{ArrowRight}');
    expect(home.getAttribute('aria-expanded')).toBe('true');
    const blueprints = within(tree).getByRole('treeitem', { name: 'Blueprints, files: 3' });
    expect(blueprints.getAttribute('aria-level')).toBe('2');
    await app.user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(blueprints);
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(app.path()).toBe(`/documents?folder=${BLUEPRINTS_ID}`));
    expect(blueprints.getAttribute('aria-selected')).toBe('true');

    const list = await fileList('Blueprints');
    expect(screen.getByRole('heading', { level: 2, name: 'Blueprints' })).toBeTruthy();
    expect(screen.getByText('Home manual / Blueprints')).toBeTruthy();
    const ground = row(list, 'Ground floor');
    expect(within(ground).getByText('DWG')).toBeTruthy();
    expect(within(ground).getByText('1 024 k')).toBeTruthy();
    expect(within(ground).getByText('Added 2 Mar 2026')).toBeTruthy();
    const tags = within(ground).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Blueprints', 'architect', '2026']);
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.classList.contains('document-row')),
    ).toHaveLength(3);

    // Left goes back up to Home manual, a second Left closes it.
    await app.user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(home);
    await app.user.keyboard('{ArrowLeft}');
    expect(home.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).queryByRole('treeitem', { name: /Blueprints/ })).toBeNull();
  });

  it('opens the folder named in the address, with the folders above it open, and /documents/<id> too', async () => {
    openLibrary(`/documents/${BLUEPRINTS_ID}`);
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    const blueprints = await within(tree).findByRole('treeitem', { name: 'Blueprints, files: 3' });
    expect(blueprints.getAttribute('aria-selected')).toBe('true');
    expect(
      within(tree)
        .getByRole('treeitem', { name: /Home manual/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await fileList('Blueprints')).toBeTruthy();
  });

  it('on a phone folds the tree behind a button naming the folder, and folds it again once one is chosen', async () => {
    const app = openLibrary();
    const toggle = await screen.findByRole('button', { name: 'Folder: Home manual' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await app.user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      document.getElementById(toggle.getAttribute('aria-controls')!)?.querySelector('[role="tree"]'),
    ).toBeTruthy();
    await app.user.click(screen.getByText('Board'));
    await waitFor(() => expect(app.path()).toBe(`/documents?folder=${BOARD_ID}`));
    const folded = screen.getByRole('button', { name: 'Folder: Board' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(folded);
    expect(await screen.findByText('No documents in this folder yet')).toBeTruthy();
  });

  it('a folder not in the list says it could not be loaded and leads to the first folder', async () => {
    const app = openLibrary(`/documents?folder=${docId(77)}`);
    expect(await screen.findByText('Folder could not be loaded')).toBeTruthy();
    await app.user.click(screen.getByRole('link', { name: 'Show the first folder' }));
    await waitFor(() => expect(app.path()).toBe(`/documents?folder=${HOME_ID}`));
    expect(await fileList('Home manual')).toBeTruthy();
  });

  it('/my-apartment/documents lists the selected apartment’s folders', async () => {
    const app = startSignedIn('/my-apartment/documents', {
      features,
      routes: {
        [`GET ${FOLDERS}`]: json(
          folderList(
            [
              folder({
                id: APT_FOLDER_ID,
                key: 'apt_documents',
                name: 'Apartment documents',
                path: 'Apartment documents',
                scope: 'apartment',
                apartmentId: IDS.demoApt,
              }),
            ],
            { apartmentId: IDS.demoApt },
          ),
        ),
        [`GET ${filesOf(APT_FOLDER_ID)}`]: json(page([])),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apartment documents' })).toBeTruthy();
    expect(await screen.findByText('No documents in this folder yet')).toBeTruthy();
    expect(gets(app, FOLDERS).map(query)).toEqual([{ apartmentId: IDS.demoApt, lang: 'en' }]);
    const views = screen.getByRole('navigation', { name: 'Whose documents' });
    expect(within(views).getByRole('link', { name: 'Apartment A 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(views).getByRole('link', { name: 'Housing company' }).getAttribute('href')).toBe(
      '/documents',
    );
  });

  it('searches the folder with q once typing pauses, says when nothing matches and clears', async () => {
    const app = openLibrary('/documents', {
      [`GET ${filesOf(HOME_ID)}`]: (request: RecordedRequest) =>
        json(page(query(request).q === 'nothing' ? [] : [plan])),
    });
    await fileList('Home manual');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'nothing');
    expect(await screen.findByText('No files match “nothing”')).toBeTruthy();
    const asked = gets(app, filesOf(HOME_ID)).map((r) => query(r).q);
    expect(asked).toEqual([undefined, 'nothing']);
    await app.user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await fileList('Home manual')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search files' }) as HTMLInputElement).value).toBe('');
  });

  it('loads more files after the last one with the cursor', async () => {
    const more = doc({ id: docId(150), name: 'Older manual', fileName: 'older.pdf' });
    const app = openLibrary('/documents', {
      [`GET ${filesOf(HOME_ID)}`]: (request: RecordedRequest) =>
        json(query(request).after === 'cursor-1' ? page([more]) : page([plan], 'cursor-1')),
    });
    const list = await fileList('Home manual');
    await app.user.click(screen.getByRole('button', { name: 'Load more files' }));
    await within(list).findByRole('link', { name: 'Older manual' });
    expect(within(list).getByRole('link', { name: 'Floor plan A 1' })).toBeTruthy();
    expect(gets(app, filesOf(HOME_ID)).map((r) => query(r).after)).toEqual([undefined, 'cursor-1']);
    expect(screen.queryByRole('button', { name: 'Load more files' })).toBeNull();
  });

  it('downloads the chosen files as one link, the folder, and a file by its name, each by opening the link', async () => {
    const zip = downloadLink();
    const app = openLibrary(`/documents?folder=${BLUEPRINTS_ID}`, {
      [`POST ${DOWNLOADS}`]: json(zip, 201),
    });
    const list = await fileList('Blueprints');
    const selected = screen.getByRole('button', { name: 'Download selected' });
    expect(selected).toHaveProperty('disabled', true);
    await app.user.click(within(list).getByRole('checkbox', { name: 'Select Ground floor' }));
    await app.user.click(within(list).getByRole('checkbox', { name: 'Select Roof' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await app.user.click(selected);
    await waitFor(() => expect(app.leaveApp).toHaveBeenCalledWith(zip.url));
    const posts = () => app.requests.filter((r) => r.method === 'POST' && r.path === DOWNLOADS);
    expect(posts().map((r) => r.body)).toEqual([{ ids: [docId(201), docId(203)] }]);

    await app.user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getByText('Selected: 3')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('Selected: 0')).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Download folder' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.body).toEqual({ folderId: BLUEPRINTS_ID });

    await app.user.click(within(list).getByRole('link', { name: 'First floor' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.body).toEqual({ ids: [docId(202)] });
    await waitFor(() => expect(app.leaveApp).toHaveBeenCalledTimes(3));
    // The page stays (the link's answer is a download).
    expect(app.path()).toBe(`/documents?folder=${BLUEPRINTS_ID}`);
  });

  it('says why a download link was refused', async () => {
    const app = openLibrary('/documents', {
      [`POST ${DOWNLOADS}`]: problem(404, 'DOC_NOT_FOUND', 'File not found'),
    });
    const list = await fileList('Home manual');
    await app.user.click(within(list).getByRole('link', { name: 'Floor plan A 1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('File not found');
    expect(app.leaveApp).not.toHaveBeenCalled();
  });

  it('uploads each file in its own request sharing the first answer’s batch, shows refusals per file, then reads the folder again', async () => {
    const xhr = stubXhr();
    let count = 1;
    const app = openLibrary('/documents', {
      [`GET ${FOLDERS}`]: () => json(projectFolders({ canUpload: true, documentCount: count })),
      [`GET ${filesOf(HOME_ID)}`]: () => json(page(count > 1 ? [doc({ name: 'a' }), plan] : [plan])),
    });
    const uploader = userEvent.setup({ applyAccept: false });
    await fileList('Home manual');
    const open = screen.getByRole('button', { name: 'Upload files' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await app.user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Upload files to Home manual' });
    expect(within(panel).queryByLabelText('Category')).toBeNull();

    await uploader.upload(within(panel).getByLabelText('Files to upload'), [
      new File(['%PDF'], 'a.pdf'),
      new File(['%PDF'], 'b.pdf'),
      new File(['MZ'], 'setup.exe'),
      new File(['%PDF'], 'c.pdf'),
    ]);
    const chosen = within(panel).getByRole('list', { name: 'Chosen files' });
    const item = (name: string) => within(chosen).getByText(name).closest('li') as HTMLElement;
    // Refused here, before any upload.
    expect(within(item('setup.exe')).getByRole('alert').textContent).toBe('File type is not allowed');
    expect(within(item('a.pdf')).getByText('Waiting to upload')).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);

    await app.user.click(within(panel).getByRole('button', { name: 'Upload' }));
    const first = await upload(xhr, 1);
    expect(first.method).toBe('POST');
    expect(first.url).toBe(`${filesOf(HOME_ID)}?lang=en`);
    expect(first.headers.authorization).toBe('Bearer stored-access-token');
    expect(first.fileName).toBe('a.pdf');
    act(() => first.progress(256, 1024));
    expect(
      within(item('a.pdf')).getByRole('progressbar', { name: 'Uploading a.pdf' }).getAttribute('value'),
    ).toBe('25');
    // One at a time: the next waits for the batch of the first answer.
    expect(xhr.requests).toHaveLength(1);
    act(() => first.respond(201, { uploadBatchId: BATCH_ID, documents: [doc({ name: 'a' })] }));

    const second = await upload(xhr, 2);
    expect(second.fileName).toBe('b.pdf');
    expect(second.url).toBe(`${filesOf(HOME_ID)}?uploadBatchId=${BATCH_ID}&lang=en`);
    act(() =>
      second.respond(413, {
        type: 'about:blank',
        title: 'File is too large',
        status: 413,
        code: 'DOC_FILE_SIZE',
      }),
    );
    const third = await upload(xhr, 3);
    expect(third.fileName).toBe('c.pdf');
    expect(third.url).toBe(`${filesOf(HOME_ID)}?uploadBatchId=${BATCH_ID}&lang=en`);
    count = 3;
    act(() => third.respond(201, { uploadBatchId: BATCH_ID, documents: [doc({ name: 'c' })] }));

    expect((await within(item('b.pdf')).findByRole('alert')).textContent).toBe('File is too large');
    expect(within(item('a.pdf')).getByText('Uploaded')).toBeTruthy();
    expect(await within(item('c.pdf')).findByText('Uploaded')).toBeTruthy();
    expect(xhr.requests).toHaveLength(3);
    // The folder and its files are read again.
    await waitFor(() => expect(gets(app, filesOf(HOME_ID)).length).toBeGreaterThanOrEqual(2));
    await screen.findByRole('treeitem', { name: 'Home manual, files: 3' });
    expect(await screen.findByText('Files uploaded: 2')).toBeTruthy();
  });

  it('in the home folder asks for a category before uploading and sends it', async () => {
    const xhr = stubXhr();
    const app = openLibrary('/documents', {
      [`GET ${FOLDERS}`]: json(projectFolders({ canUpload: true, homeFolder: true })),
    });
    const uploader = userEvent.setup({ applyAccept: false });
    await fileList('Home manual');
    await app.user.click(screen.getByRole('button', { name: 'Upload files' }));
    const panel = screen.getByRole('region', { name: 'Upload files to Home manual' });
    await uploader.upload(within(panel).getByLabelText('Files to upload'), new File(['%PDF'], 'manual.pdf'));
    await app.user.click(within(panel).getByRole('button', { name: 'Upload' }));
    expect(within(panel).getByText('Choose a category for a file in the home folder.')).toBeTruthy();
    const category = within(panel).getByLabelText('Category');
    expect(document.activeElement).toBe(category);
    expect(xhr.requests).toHaveLength(0);

    await app.user.selectOptions(category, 'Apartment manuals');
    await app.user.click(within(panel).getByRole('button', { name: 'Upload' }));
    const sent = await upload(xhr, 1);
    expect(query({ path: sent.url } as RecordedRequest)).toEqual({
      homeFolder: 'apartment_manuals',
      lang: 'en',
    });
    act(() =>
      sent.respond(403, {
        type: 'about:blank',
        title: 'You do not have permission to upload to this folder.',
        status: 403,
        code: 'DOC_UPLOAD_NOT_PERMITTED',
      }),
    );
    const item = within(panel).getByText('manual.pdf').closest('li') as HTMLElement;
    expect((await within(item).findByRole('alert')).textContent).toBe(
      'You do not have permission to upload to this folder.',
    );
  });

  it('offers no upload where the folder’s canUpload is off', async () => {
    openLibrary();
    await fileList('Home manual');
    expect(screen.getByRole('button', { name: 'Download folder' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload files' })).toBeNull();
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
  });

  describe('thumbnails', () => {
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('shows a picture’s medium thumbnail, fetched with the token, and a file icon for other files', async () => {
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:porta-thumbnail'), revokeObjectURL: vi.fn() });
      const photoId = docId(160);
      const thumbnails = {
        medium: `${BASE}/documents/${photoId}/thumbnails/medium`,
        large: `${BASE}/documents/${photoId}/thumbnails/large`,
      };
      const photo = doc({
        id: photoId,
        name: 'Yard',
        fileName: 'yard.jpg',
        extension: 'jpg',
        mimeType: 'image/jpeg',
        thumbnails,
      });
      const app = openLibrary('/documents', {
        [`GET ${filesOf(HOME_ID)}`]: json(page([photo, plan])),
        [`GET ${thumbnails.medium}`]: () =>
          new Response('webp', { headers: { 'content-type': 'image/webp' } }),
      });
      const list = await fileList('Home manual');
      const picture = row(list, 'Yard');
      await waitFor(() =>
        expect(picture.querySelector('img.document-row__thumbnail')?.getAttribute('src')).toBe(
          'blob:porta-thumbnail',
        ),
      );
      // Decorative: the name beside it says what it is.
      expect(picture.querySelector('img')!.getAttribute('alt')).toBe('');
      expect(row(list, 'Floor plan A 1').querySelector('img')).toBeNull();
      expect(row(list, 'Floor plan A 1').querySelector('.document-row__icon svg')).toBeTruthy();
      const asked = app.requests.filter((r) => r.path === thumbnails.medium);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.authorization).toMatch(/^Bearer /);
      expect(app.requests.some((r) => r.path === thumbnails.large)).toBe(false);
    });

    it('keeps the file icon when the thumbnail cannot be fetched', async () => {
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:porta-thumbnail'), revokeObjectURL: vi.fn() });
      const photo = doc({
        id: docId(161),
        name: 'Gone',
        mimeType: 'image/png',
        thumbnails: {
          medium: `${BASE}/documents/${docId(161)}/thumbnails/medium`,
          large: `${BASE}/documents/${docId(161)}/thumbnails/large`,
        },
      });
      const app = openLibrary('/documents', {
        [`GET ${filesOf(HOME_ID)}`]: json(page([photo])),
        [`GET ${photo.thumbnails!.medium}`]: problem(404, 'DOC_THUMBNAIL_NOT_FOUND', 'Thumbnail not found'),
      });
      const list = await fileList('Home manual');
      await waitFor(() => expect(app.requests.some((r) => r.path === photo.thumbnails!.medium)).toBe(true));
      expect(row(list, 'Gone').querySelector('img')).toBeNull();
      expect(row(list, 'Gone').querySelector('.document-row__icon svg')).toBeTruthy();
    });
  });

  it('deletes a file the user may delete, after confirming', async () => {
    const own = doc({ id: docId(300), name: 'My notes', fileName: 'notes.pdf', canDelete: true });
    let deleted = false;
    const app = openLibrary('/documents', {
      [`GET ${filesOf(HOME_ID)}`]: () => json(page(deleted ? [plan] : [own, plan])),
      [`DELETE ${BASE}/documents/${own.id}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const list = await fileList('Home manual');
    expect(within(row(list, 'Floor plan A 1')).queryByRole('button', { name: /Delete/ })).toBeNull();
    await app.user.click(within(row(list, 'My notes')).getByRole('button', { name: 'Delete My notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this file?' });
    expect(dialog.textContent).toContain('“My notes” will be deleted');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'My notes' })).toBeNull());
    expect(app.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `${BASE}/documents/${own.id}`,
    ]);
    expect(await screen.findByText('File deleted')).toBeTruthy();
  });

  it('shows a loader, then a failed folder list with a retry', async () => {
    let answer: (response: Response) => void = () => {};
    const app = openLibrary('/documents', {
      [`GET ${FOLDERS}`]: [
        () => new Promise<Response>((resolve) => (answer = resolve)),
        json(projectFolders()),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Documents' });
    expect(await screen.findByRole('status')).toBeTruthy();
    answer(problem(500, 'INTERNAL', 'Something went wrong'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Content could not be loaded. Please refresh.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tree', { name: 'Folders' })).toBeTruthy();
  });

  it('says when there are no folders to show', async () => {
    openLibrary('/documents', { [`GET ${FOLDERS}`]: json(folderList([])) });
    expect(await screen.findByText('No folders to show')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('is closed when neither documents feature is on', async () => {
    const app = startSignedIn('/documents', { features: featuresOn() });
    await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' });
    expect(screen.queryByRole('tree')).toBeNull();
    expect(gets(app, FOLDERS)).toEqual([]);
  });
});
