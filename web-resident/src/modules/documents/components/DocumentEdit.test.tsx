import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import { doc, docId, HOME_ID, page, projectFolders, videoList } from '../testing/document-fixtures';

const BASE = '/api/documents';
const FOLDERS = `${BASE}/housing-companies/${IDS.demoHc}/folders`;
const VIDEOS = `${BASE}/housing-companies/${IDS.demoHc}/videos`;
const FILES = `${BASE}/folders/${HOME_ID}/documents`;

const locked = doc();
const mine = doc({
  id: docId(300),
  name: 'My notes',
  fileName: 'notes.pdf',
  tags: ['sauna', '2026'],
  canUpdate: true,
});
const PATCH_MINE = `${BASE}/documents/${mine.id}`;

/** The library on the Home manual folder, with `routes` added or replaced. */
function openLibrary(routes: SignedInOptions['routes'] = {}, homeFolder = false) {
  return startSignedIn('/documents', {
    features: featuresOn('documentsv2'),
    routes: {
      [`GET ${FOLDERS}`]: json(projectFolders({ homeFolder })),
      [`GET ${FILES}`]: json(page([mine, locked])),
      [`GET ${VIDEOS}`]: json(videoList([])),
      ...routes,
    },
  });
}

const patches = (app: { requests: RecordedRequest[] }) => app.requests.filter((r) => r.method === 'PATCH');
const fileList = () => screen.findByRole('list', { name: 'Files in Home manual' });
const row = (list: HTMLElement, name: string) =>
  within(list).getByRole('link', { name }).closest('li') as HTMLElement;

/** Open the edit dialog of the file named `name`. */
async function openEdit(app: ReturnType<typeof openLibrary>, name: string) {
  const list = await fileList();
  const button = within(row(list, name)).getByRole('button', { name: `Edit ${name}` });
  await app.user.click(button);
  return { list, button, dialog: screen.getByRole('dialog', { name: 'Edit file' }) };
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label) as HTMLInputElement;

describe('editing a file in the library', () => {
  it('offers Edit only on a file whose canUpdate is on; the dialog takes focus and Escape gives it back', async () => {
    const app = openLibrary();
    const list = await fileList();
    expect(within(row(list, 'Floor plan A 1')).queryByRole('button', { name: /Edit/ })).toBeNull();
    const { button, dialog } = await openEdit(app, 'My notes');
    expect(button.getAttribute('title')).toBe('Edit My notes');
    expect(document.activeElement).toBe(field(dialog, 'Name'));
    expect(field(dialog, 'Name').value).toBe('My notes');
    expect(field(dialog, 'Tags').value).toBe('sauna, 2026');
    // Not the home folder: no category to choose.
    expect(within(dialog).queryByLabelText('Category')).toBeNull();
    expect(within(dialog).getByText(/Up to 20 tags, each at most 50 characters/)).toBeTruthy();

    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(patches(app)).toEqual([]);
  });

  it('sends only the changed name, then shows the new name in the row and says it was saved', async () => {
    let saved = false;
    const renamed = { ...mine, name: 'Sauna rules' };
    const app = openLibrary({
      [`GET ${FILES}`]: () => json(page([saved ? renamed : mine, locked])),
      [`PATCH ${PATCH_MINE}`]: () => {
        saved = true;
        return json(renamed);
      },
    });
    const { list, dialog } = await openEdit(app, 'My notes');
    await app.user.clear(field(dialog, 'Name'));
    await app.user.type(field(dialog, 'Name'), '  Sauna rules ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(app).map((r) => [r.path, r.body])).toEqual([
      [`${PATCH_MINE}?lang=en`, { name: 'Sauna rules' }],
    ]);
    expect(within(list).getByRole('link', { name: 'Sauna rules' })).toBeTruthy();
    expect(within(list).queryByRole('link', { name: 'My notes' })).toBeNull();
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(row(list, 'Sauna rules')).getByRole('button', { name: 'Edit Sauna rules' }),
    );
  });

  it('sends only the changed tags, split at commas, and nothing when nothing changed', async () => {
    const app = openLibrary({ [`PATCH ${PATCH_MINE}`]: json({ ...mine, tags: ['sauna', 'rules'] }) });
    let { dialog } = await openEdit(app, 'My notes');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches(app)).toEqual([]);

    ({ dialog } = await openEdit(app, 'My notes'));
    await app.user.clear(field(dialog, 'Tags'));
    await app.user.type(field(dialog, 'Tags'), 'sauna,, rules , sauna');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(app).map((r) => r.body)).toEqual([{ tags: ['sauna', 'rules'] }]);
  });

  it('refuses a blank name, too many tags and too long a tag without asking the server', async () => {
    const app = openLibrary({ [`PATCH ${PATCH_MINE}`]: json(mine) });
    const { dialog } = await openEdit(app, 'My notes');
    const name = field(dialog, 'Name');
    await app.user.clear(name);
    await app.user.type(name, '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(name.maxLength).toBe(200);

    await app.user.type(name, 'Notes');
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    const tags = field(dialog, 'Tags');
    await app.user.clear(tags);
    await app.user.type(tags, Array.from({ length: 21 }, (_, i) => `t${i}`).join(','));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Too many tags: give at most 20.')).toBeTruthy();
    expect(document.activeElement).toBe(tags);

    const long = 'x'.repeat(51);
    await app.user.clear(tags);
    await app.user.type(tags, `ok, ${long}`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(`The tag “${long}” is too long: at most 50 characters.`)).toBeTruthy();
    expect(patches(app)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit file' })).toBeTruthy();
  });

  it('in the home folder requires a category and sends it', async () => {
    const app = openLibrary(
      { [`PATCH ${PATCH_MINE}`]: json({ ...mine, homeFolder: 'apartment_manuals' }) },
      true,
    );
    const { dialog } = await openEdit(app, 'My notes');
    const category = within(dialog).getByLabelText('Category') as HTMLSelectElement;
    expect(category.value).toBe('');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a category for a file in the home folder.')).toBeTruthy();
    expect(document.activeElement).toBe(category);
    expect(patches(app)).toEqual([]);

    await app.user.selectOptions(category, 'Apartment manuals');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(app).map((r) => r.body)).toEqual([{ homeFolder: 'apartment_manuals' }]);
  });

  it('shows a refusal in its words inside the dialog and keeps what was typed', async () => {
    let answer: (response: Response) => void = () => {};
    const app = openLibrary({
      [`PATCH ${PATCH_MINE}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { list, dialog } = await openEdit(app, 'My notes');
    await app.user.clear(field(dialog, 'Name'));
    await app.user.type(field(dialog, 'Name'), 'Sauna rules');
    await app.user.type(field(dialog, 'Tags'), ', rules');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // While saving: the button says so and refuses clicks, and Escape does not close.
    const saving = await within(dialog).findByRole('button', { name: 'Saving…' });
    expect(saving).toHaveProperty('disabled', true);
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit file' })).toBe(dialog);
    answer(problem(403, 'DOC_UPDATE_NOT_PERMITTED', 'Forbidden'));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Moving the file failed');
    expect(patches(app).map((r) => r.body)).toEqual([
      { name: 'Sauna rules', tags: ['sauna', '2026', 'rules'] },
    ]);
    expect(field(dialog, 'Name').value).toBe('Sauna rules');
    expect(field(dialog, 'Tags').value).toBe('sauna, 2026, rules');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(within(list).getByRole('link', { name: 'My notes' })).toBeTruthy();
  });
});
