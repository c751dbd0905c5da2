import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { APT_FOLDER_ID, doc, docId, downloadLink } from '../testing/document-fixtures';

const BASE = '/api/documents';
const features = featuresOn('documents');
const ID = docId(100);

describe('/documents/download/:id', () => {
  it('asks a download link for its document and opens it, keeping the link at hand', async () => {
    const file = doc({ id: ID, apartmentId: IDS.demoApt, folderId: APT_FOLDER_ID });
    const link = downloadLink({ fileName: 'floor-plan-a1.pdf', count: 1 });
    const app = startSignedIn(`/documents/download/${ID}`, {
      features,
      routes: {
        [`GET ${BASE}/documents/${ID}`]: json(file),
        [`POST ${BASE}/housing-companies/${IDS.demoHc}/downloads`]: json(link, 201),
      },
    });
    expect(await screen.findByText('Your download of Floor plan A 1 starts…')).toBeTruthy();
    await waitFor(() => expect(app.leaveApp).toHaveBeenCalledWith(link.url));
    expect(app.leaveApp).toHaveBeenCalledTimes(1);
    const posts = app.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      [`${BASE}/housing-companies/${IDS.demoHc}/downloads`, { ids: [ID] }],
    ]);
    const fallback = screen.getByRole('link', { name: 'Download floor-plan-a1.pdf' });
    expect(fallback.getAttribute('href')).toBe(link.url);
    expect(fallback.getAttribute('download')).toBe('floor-plan-a1.pdf');
    expect(screen.getByRole('link', { name: 'Go to the folder' }).getAttribute('href')).toBe(
      `/my-apartment/documents?folder=${APT_FOLDER_ID}`,
    );
    await waitFor(() => expect(document.title).toBe('Download - Documents - Porta'));
  });

  it('shows the refusal in words when the file is not there or not the user’s', async () => {
    const app = startSignedIn(`/documents/download/${ID}`, {
      features,
      routes: { [`GET ${BASE}/documents/${ID}`]: problem(404, 'DOC_NOT_FOUND', 'File not found') },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('File not found');
    expect(app.leaveApp).not.toHaveBeenCalled();
    expect(app.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to documents' }).getAttribute('href')).toBe('/documents');
  });

  it('an address that names no document asks nothing', async () => {
    const app = startSignedIn('/documents/download/not-an-id', { features });
    expect((await screen.findByRole('alert')).textContent).toBe('File not found');
    expect(app.requests.some((r) => r.path.startsWith(BASE))).toBe(false);
  });
});
