import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  docId,
  folderList,
  HOME_ID,
  page,
  projectFolders,
  video,
  videoList,
} from '../testing/document-fixtures';

const BASE = '/api/documents';
const FOLDERS = `${BASE}/housing-companies/${IDS.demoHc}/folders`;
const VIDEOS = `${BASE}/housing-companies/${IDS.demoHc}/videos`;

const welcome = video();
const sauna = video({
  id: docId(701),
  codename: 'sauna',
  title: 'Sauna booking',
  source: 'vimeo',
  identifier: '76979871',
  fullUrl: 'https://vimeo.com/76979871',
  embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1',
});
const tour = video({
  id: docId(702),
  codename: 'tour',
  title: 'Yard tour',
  source: 'url',
  identifier: 'https://videos.example.com/tour.mp4',
  fullUrl: 'https://videos.example.com/tour.mp4',
  embedUrl: null,
});

function openLibrary(videos: NonNullable<SignedInOptions['routes']>[string], path = '/documents') {
  return startSignedIn(path, {
    features: featuresOn('documentsv2'),
    routes: {
      [`GET ${FOLDERS}`]: json(projectFolders()),
      [`GET ${BASE}/folders/${HOME_ID}/documents`]: json(page([])),
      [`GET ${VIDEOS}`]: videos,
    },
  });
}

const videoSection = () => screen.findByRole('region', { name: 'Introduction videos' });

describe('introduction videos beside the folders (02 §2)', () => {
  it('lists the company’s videos in the user’s language; a YouTube video plays in a dialog from youtube-nocookie.com', async () => {
    const app = openLibrary(json(videoList([welcome, sauna, tour])));
    const section = await videoSection();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Welcome home', 'Sauna booking', 'Yard tour']);
    expect(app.requests.filter((r: RecordedRequest) => r.path.startsWith(VIDEOS)).map((r) => r.path)).toEqual(
      [`${VIDEOS}?lang=en`],
    );
    // No player (nor a picture of another site) is loaded before the user asks.
    expect(document.querySelector('iframe')).toBeNull();

    const play = within(section).getByRole('button', { name: 'Play video: Welcome home' });
    await app.user.click(play);
    const dialog = screen.getByRole('dialog', { name: 'Welcome home' });
    const player = within(dialog).getByTitle('Video: Welcome home') as HTMLIFrameElement;
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGh_-1');
    expect(player.getAttribute('sandbox')).toContain('allow-scripts');
    expect(player.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    const site = within(dialog).getByRole('link', { name: 'Open on YouTube' });
    expect(site.getAttribute('href')).toBe('https://www.youtube.com/watch?v=AbCdEfGh_-1');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close video' }));

    // Escape closes it; focus goes back to the video's button.
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(play);
    expect(document.querySelector('iframe')).toBeNull();

    await app.user.click(within(section).getByRole('button', { name: 'Play video: Sauna booking' }));
    const vimeo = screen.getByRole('dialog', { name: 'Sauna booking' });
    expect(within(vimeo).getByTitle('Video: Sauna booking').getAttribute('src')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
    await app.user.click(within(vimeo).getByRole('button', { name: 'Close video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens a video at an address in a new tab, not embedded', async () => {
    openLibrary(json(videoList([tour])));
    const section = await videoSection();
    const link = within(section).getByRole('link', { name: 'Yard tour (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://videos.example.com/tour.mp4');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('shows nothing when there are none, nor for a company without a building-taxonomy term', async () => {
    for (const answer of [
      json(videoList([])),
      problem(
        409,
        'DOC_VIDEO_TAXONOMY_MISSING',
        'Kentico taxonomy term for this project could not be determined.',
      ),
    ]) {
      const app = openLibrary(answer);
      await screen.findByRole('tree', { name: 'Folders' });
      await waitFor(() => expect(app.requests.some((r) => r.path.startsWith(VIDEOS))).toBe(true));
      expect(screen.queryByRole('region', { name: 'Introduction videos' })).toBeNull();
      expect(screen.queryByText(/taxonomy/)).toBeNull();
      app.unmount();
    }
  });

  it('says when the list could not be loaded (02 §8), and loads it again', async () => {
    const app = openLibrary([problem(403, 'FORBIDDEN', 'Not allowed'), json(videoList([welcome]))]);
    const section = await videoSection();
    expect(within(section).getByText(/The videos could not be loaded\./)).toBeTruthy();
    await app.user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('button', { name: 'Play video: Welcome home' })).toBeTruthy();
  });

  it('lists the videos under an empty folder list too, and not in the apartment’s documents', async () => {
    const app = startSignedIn('/documents', {
      features: featuresOn('documentsv2'),
      routes: { [`GET ${FOLDERS}`]: json(folderList([])), [`GET ${VIDEOS}`]: json(videoList([welcome])) },
    });
    expect(await screen.findByText('No folders to show')).toBeTruthy();
    expect(await videoSection()).toBeTruthy();
    app.unmount();

    const apartment = startSignedIn('/my-apartment/documents', {
      features: featuresOn('documentsv2'),
      routes: { [`GET ${FOLDERS}`]: json(folderList([])), [`GET ${VIDEOS}`]: json(videoList([welcome])) },
    });
    expect(await screen.findByText('No folders to show')).toBeTruthy();
    expect(apartment.requests.some((r) => r.path.startsWith(VIDEOS))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Introduction videos' })).toBeNull();
  });
});
