import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { APT_FOLDER_ID, BLUEPRINTS_ID, doc, docId } from '../testing/document-fixtures';

const LATEST = `/api/documents/housing-companies/${IDS.demoHc}/documents/latest`;
const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);

describe('the dashboard’s latest documents', () => {
  it('shows the two latest documents, each leading to its folder', async () => {
    const app = startSignedIn('/', {
      features: featuresOn('documentsv2'),
      routes: {
        [`GET ${LATEST}`]: json([
          doc({
            id: docId(401),
            name: 'Sauna rules',
            folderId: BLUEPRINTS_ID,
            path: 'Home manual / Blueprints',
          }),
          doc({
            id: docId(402),
            name: 'Water meter reading',
            folderId: APT_FOLDER_ID,
            apartmentId: IDS.demoApt,
            path: 'Apartment documents',
            created: '2026-02-27T09:00:00.000Z',
          }),
        ]),
      },
    });
    const box = await screen.findByRole('region', { name: 'Latest documents' });
    const items = await within(box).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(box).getByRole('link', { name: 'Sauna rules' }).getAttribute('href')).toBe(
      `/documents?folder=${BLUEPRINTS_ID}`,
    );
    expect(within(box).getByRole('link', { name: 'Water meter reading' }).getAttribute('href')).toBe(
      `/my-apartment/documents?folder=${APT_FOLDER_ID}`,
    );
    expect(within(items[0]!).getByText('Home manual / Blueprints')).toBeTruthy();
    expect(within(items[1]!).getByText('27 Feb 2026')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'All documents' }).getAttribute('href')).toBe('/documents');
    const asked = app.requests.filter((r) => r.path.startsWith(`${LATEST}?`)).map(query);
    expect(asked).toEqual([{ apartmentId: IDS.demoApt, limit: '2', lang: 'en' }]);
  });

  it('is not on the dashboard without a documents feature', async () => {
    const app = startSignedIn('/');
    await screen.findByRole('region', { name: 'Latest news' });
    expect(screen.queryByRole('region', { name: 'Latest documents' })).toBeNull();
    expect(app.requests.some((r) => r.path.startsWith(LATEST))).toBe(false);
  });

  it('says there are none yet when the list is empty or cannot be read', async () => {
    startSignedIn('/', { features: featuresOn('documents') });
    const box = await screen.findByRole('region', { name: 'Latest documents' });
    expect(await within(box).findByText('No documents yet')).toBeTruthy();
  });
});
