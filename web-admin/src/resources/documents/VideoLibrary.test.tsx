import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, problem, tokens } from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';
import { board, DOCS, documentsApi, linden, STARTUP, video } from './testing';

let session: SessionClient;

// The page is a lazy import, transformed on demand: loaded here, the first test's queries do not
// wait for it on a busy machine.
beforeAll(() => import('./VideoLibrary'), 90_000);

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

const VIDEOS = `${DOCS}/housing-companies/${linden.id}/videos`;
const welcome = video(1, { title: 'Welcome home', codename: 'welcome_home' });
const sauna = video(2, {
  title: 'Sauna booking',
  source: 'vimeo',
  identifier: '76979871',
  fullUrl: 'https://vimeo.com/76979871',
  embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
  documentFolderKey: 'hc_board',
});

/** The table of the company's videos. */
const table = () => screen.findByRole('table', { name: 'Introduction videos' }, STARTUP);

describe('introduction videos (03 §2 /admin/videos/{hcExtId})', () => {
  it('opens the spec’s address by the company’s external id and lists its videos in order', async () => {
    const calls = documentsApi({ videos: [welcome, sauna] });
    renderAppAt('/admin/videos/LINDEN', session);

    const videos = await table();
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/videos/${linden.id}`));
    expect(calls.to(`GET ${VIDEOS}`)[0]!.query.get('lang')).toBe('en');
    const rows = within(videos).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Welcome homewelcome_home',
      'Sauna bookingvideo_2',
    ]);
    expect(within(rows[1]!).getByText('Vimeo')).toBeTruthy();
    // Shown beside the board's folder, named by its path.
    expect(within(rows[1]!).getByText(board.path)).toBeTruthy();
    expect(within(rows[0]!).getByText('No folder in particular')).toBeTruthy();
    const page = within(rows[0]!).getByRole('link', { name: 'Open Welcome home in a new tab' });
    expect(page.getAttribute('href')).toBe(welcome.fullUrl);
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Documents of this housing company' }).getAttribute('href')).toBe(
      `/admin/documents/${linden.id}`,
    );
  });

  it('adds a video from a pasted YouTube address, with a title in other languages and a folder', async () => {
    const added = video(3, { title: 'Yard tour', identifier: 'ZyXwVuTsRq9' });
    const calls = documentsApi({ routes: { [`POST ${VIDEOS}`]: () => json(added, 201) } });
    renderAppAt(`/admin/videos/${linden.id}`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('No introduction videos yet.', undefined, STARTUP)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an introduction video' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Yard tour');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Suomi (fi)' }), 'Pihakierros');
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'Video' }),
      'https://www.youtube.com/watch?v=ZyXwVuTsRq9&t=42',
    );
    const folder = within(dialog).getByRole('combobox', { name: 'Shown beside' });
    expect(
      within(folder)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim()),
    ).toEqual(['No folder in particular', 'Home manual', 'Board', 'Minutes', 'CRM import']);
    await user.selectOptions(folder, 'hc_board');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`POST ${VIDEOS}`)).toHaveLength(1));
    expect(calls.to(`POST ${VIDEOS}`)[0]!.body).toEqual({
      title: 'Yard tour',
      translations: { fi: 'Pihakierros' },
      source: 'youtube',
      identifier: 'ZyXwVuTsRq9',
      documentFolderKey: 'hc_board',
    });
    expect(await screen.findByText('Video Yard tour added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(`GET ${VIDEOS}`).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a malformed id before sending, and says in words that the video exists already', async () => {
    const calls = documentsApi({
      routes: { [`POST ${VIDEOS}`]: () => problem(409, 'DOC_VIDEO_EXISTS', 'Video already exists') },
    });
    renderAppAt(`/admin/videos/${linden.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Add video' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Add an introduction video' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Sauna');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Source' }), 'vimeo');
    const id = within(dialog).getByRole('textbox', { name: 'Video' });
    await fill(user, id, 'sauna-video');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('The video id (digits), or paste its Vimeo address.')).toBeTruthy();
    expect(calls.to(`POST ${VIDEOS}`)).toHaveLength(0);

    await user.clear(id);
    await fill(user, id, 'https://vimeo.com/76979871');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This video has been added to the housing company already.'),
    ).toBeTruthy();
    expect(calls.to(`POST ${VIDEOS}`)[0]!.body).toMatchObject({ source: 'vimeo', identifier: '76979871' });
  });

  it('changes a video and deletes one only after it is confirmed', async () => {
    const calls = documentsApi({
      videos: [welcome, sauna],
      routes: {
        [`PUT ${DOCS}/videos/${welcome.id}`]: (request) =>
          json({ ...welcome, ...(request.body as object), title: 'Welcome!' }),
        [`DELETE ${DOCS}/videos/${sauna.id}`]: () => new Response(null, { status: 204 }),
      },
    });
    renderAppAt(`/admin/videos/${linden.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Welcome home' }, STARTUP));
    const dialog = await screen.findByRole('dialog', { name: 'Edit video Welcome home' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await fill(user, title, 'Welcome!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.to(`PUT ${DOCS}/videos/${welcome.id}`)).toHaveLength(1));
    expect(calls.to(`PUT ${DOCS}/videos/${welcome.id}`)[0]!.body).toEqual({
      title: 'Welcome!',
      translations: {},
      source: 'youtube',
      identifier: welcome.identifier,
      documentFolderKey: null,
      position: 1,
    });
    expect(await screen.findByText('Video Welcome! saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const remove = `DELETE ${DOCS}/videos/${sauna.id}`;
    await user.click(screen.getByRole('button', { name: 'Delete Sauna booking' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Sauna booking?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(remove)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Sauna booking' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Sauna booking?' });
    expect(within(confirm).getByText(/The video itself stays where it is/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.to(remove)).toHaveLength(1));
    expect(await screen.findByText('Video Sauna booking deleted')).toBeTruthy();
  });

  it('says what a company without a building taxonomy term needs, and offers no adding', async () => {
    documentsApi({
      routes: {
        [`GET ${VIDEOS}`]: () =>
          problem(
            409,
            'DOC_VIDEO_TAXONOMY_MISSING',
            'Kentico taxonomy term for this project could not be determined.',
          ),
      },
    });
    renderAppAt(`/admin/videos/${linden.id}`, session);

    expect(
      await screen.findByText(
        'Kentico taxonomy term for this project could not be determined.',
        undefined,
        STARTUP,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Give the housing company a building taxonomy term/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add video' })).toBeNull();
  });

  it('lists without changes for a viewer who does not run the company’s documents', async () => {
    documentsApi({ manages: false, videos: [welcome] });
    renderAppAt(`/admin/videos/${linden.id}`, session);

    expect(await table()).toBeTruthy();
    expect(screen.getByText(/Only those who manage this housing company’s documents/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Welcome home' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Welcome home' })).toBeNull();
  });

  it('is linked from the company’s documents', async () => {
    documentsApi({ videos: [welcome] });
    renderAppAt(`/admin/documents/${linden.id}`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Introduction videos' }, STARTUP));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/videos/${linden.id}`));
    expect(await table()).toBeTruthy();
  });
});
