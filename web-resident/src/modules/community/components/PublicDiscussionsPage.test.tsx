import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import { communityId, discussion, page, toasts } from '../testing/community-fixtures';

const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);
const listRequests = (app: { requests: RecordedRequest[] }) =>
  app.requests
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/community/discussions?'))
    .map(query);
const posts = (app: { requests: RecordedRequest[] }) =>
  app.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/community/discussions'));

const features = featuresOn('public-discussion', 'neighbours');
const many = Array.from({ length: 30 }, (_, i) =>
  discussion({ id: communityId(200 + i), title: `Topic ${i + 1}`, commentCount: i }),
);

describe('/community/public-discussions', () => {
  it('lists 25 discussions a page and loads the next page on request', async () => {
    const app = startSignedIn('/community/public-discussions', {
      features,
      routes: {
        'GET /api/community/discussions': (request: RecordedRequest) => {
          const skip = Number(query(request).skip);
          return json(page(many.slice(skip, skip + 25), { total: 30, skip }));
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Discussions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    await waitFor(() => expect(document.title).toBe('Public discussions - Community - Porta'));
    const first = within(list).getByRole('link', { name: 'Topic 1' });
    expect(first.getAttribute('href')).toBe(`/community/public-discussions/${communityId(200)}`);
    expect(within(list).getAllByText('Nina')).toHaveLength(25);
    expect(within(list).getAllByText('Apartment B 12')).toHaveLength(25);
    expect(within(list).getByText('Comments: 3')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 30')).toBeTruthy();
    // The community's other sections that are on.
    const nav = screen.getByRole('navigation', { name: 'Community sections' });
    expect(within(nav).getByRole('link', { name: 'Private messages' }).getAttribute('href')).toBe(
      '/community/private-messages',
    );
    expect(within(nav).queryByRole('link', { name: 'Area discussions' })).toBeNull();

    await app.user.click(screen.getByRole('button', { name: 'Load more discussions' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load more discussions' })).toBeNull();
    expect(listRequests(app)).toEqual([
      { housingCompanyId: IDS.demoHc, skip: '0', limit: '25', lang: 'en' },
      { housingCompanyId: IDS.demoHc, skip: '25', limit: '25', lang: 'en' },
    ]);
  });

  it('says there are no discussions yet and how to start one', async () => {
    startSignedIn('/community/public-discussions', {
      features,
      routes: { 'GET /api/community/discussions': json(page([])) },
    });
    expect(
      await screen.findByText(
        'No discussions yet. Start the first one: ask your neighbours something or share news from the building.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Discussions' })).toBeNull();
  });

  it('shows a failed list with a retry', async () => {
    const app = startSignedIn('/community/public-discussions', {
      features,
      routes: {
        'GET /api/community/discussions': [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(page([discussion()])),
        ],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Content could not be loaded. Please refresh.');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Bicycle storage' })).toBeTruthy();
  });

  it('sends nothing without a title and a message, then publishes and opens the new discussion', async () => {
    const created = discussion({ id: communityId(77), title: 'Sauna evening', isOwn: true, canEdit: true });
    const app = startSignedIn('/community/public-discussions', {
      features,
      routes: {
        'GET /api/community/discussions': json(page([])),
        'POST /api/community/discussions': json(created, 201),
        [`GET /api/community/discussions/${created.id}`]: json(created),
        [`GET /api/community/discussions/${created.id}/comments`]: json(page([])),
      },
    });
    await screen.findByText(
      'No discussions yet. Start the first one: ask your neighbours something or share news from the building.',
    );
    const newButton = screen.getByRole('button', { name: 'New discussion' });
    await app.user.click(newButton);
    expect(newButton.getAttribute('aria-expanded')).toBe('true');
    let form = screen.getByRole('region', { name: 'Start a new discussion' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'));
    // Cancel closes the form and gives focus back to the button; opening it again starts afresh.
    await app.user.type(within(form).getByLabelText('Title'), 'Draft');
    await app.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Start a new discussion' })).toBeNull();
    expect(document.activeElement).toBe(newButton);
    await app.user.click(newButton);
    form = screen.getByRole('region', { name: 'Start a new discussion' });
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('');

    await app.user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);
    expect(within(form).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(posts(app)).toEqual([]);

    await app.user.type(within(form).getByLabelText('Title'), 'Sauna evening');
    await app.user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(posts(app)).toEqual([]);
    expect(document.activeElement).toBe(within(form).getByLabelText('Message'));

    await app.user.type(
      within(form).getByLabelText('Message'),
      'Friday at six.{Enter}{Enter}Bring a towel <3',
    );
    await app.user.click(within(form).getByRole('button', { name: 'Publish' }));

    await screen.findByRole('heading', { level: 1, name: 'Sauna evening' });
    expect(app.path()).toBe(`/community/public-discussions/${created.id}`);
    expect(posts(app).map((r) => r.body)).toEqual([
      {
        housingCompanyId: IDS.demoHc,
        title: 'Sauna evening',
        body: '<p>Friday at six.</p><p>Bring a towel &lt;3</p>',
      },
    ]);
    expect(toasts().textContent).toContain('Discussion added');
  });
});
