import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { communityId, NEIGHBOUR_ID, neighbourList } from '../testing/community-fixtures';

const features = featuresOn('neighbours', 'area-discussion');

describe('/community/my-neighbours', () => {
  it('lists every apartment with its public residents and a way to message them', async () => {
    const app = startSignedIn('/community/my-neighbours', {
      features,
      routes: {
        'GET /api/community/neighbours': json(
          neighbourList([
            { id: communityId(800), no: 'A 1', residents: [{ id: IDS.user, firstName: 'Olivia' }] },
            { id: communityId(801), no: 'A 2', residents: [] },
            {
              id: communityId(802),
              no: 'B 12',
              residents: [
                { id: NEIGHBOUR_ID, firstName: 'Nina' },
                { id: communityId(901), firstName: 'Rami' },
              ],
            },
          ]),
        ),
      },
    });
    const list = await screen.findByRole('list', { name: 'Apartments' });
    await waitFor(() => expect(document.title).toBe('My neighbours - Community - Porta'));
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Apartment A 1', 'Apartment A 2', 'Apartment B 12']);
    const b12 = within(list).getByRole('list', { name: 'Residents of apartment B 12' });
    const send = within(b12).getByRole('link', { name: 'Send message to Nina' });
    expect(send.textContent).toBe('Send message');
    expect(send.getAttribute('href')).toBe(`/community/private-messages/new?to=${NEIGHBOUR_ID}`);
    expect(within(b12).getByRole('link', { name: 'Send message to Rami' })).toBeTruthy();
    // An apartment without public profiles says so; the reader is not offered to message themselves.
    const a2 = within(list).getByRole('heading', { name: 'Apartment A 2' }).closest('li')!;
    expect(within(a2).getByText('No residents with a public profile')).toBeTruthy();
    const a1 = within(list).getByRole('list', { name: 'Residents of apartment A 1' });
    expect(within(a1).getByText('You')).toBeTruthy();
    expect(within(a1).queryByRole('link')).toBeNull();
    expect(app.requests.find((r) => r.path.startsWith('/api/community/neighbours'))?.path).toBe(
      `/api/community/neighbours?housingCompanyId=${IDS.demoHc}&lang=en`,
    );
  });

  it('shows a failure with a retry, and an empty housing company', async () => {
    const app = startSignedIn('/community/my-neighbours', {
      features,
      routes: {
        'GET /api/community/neighbours': [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(neighbourList([])),
        ],
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Content could not be loaded. Please refresh.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No apartments listed yet')).toBeTruthy();
  });
});
