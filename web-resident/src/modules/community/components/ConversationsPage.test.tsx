import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { housingCompany, IDS, meResponse } from '../../../testing/fixtures';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import {
  AREA,
  areaConversation,
  communityId,
  conversation,
  message,
  page,
  toasts,
} from '../testing/community-fixtures';

const query = (request: RecordedRequest) =>
  Object.fromEntries(new URL(request.path, 'http://localhost').searchParams);
const listRequests = (app: { requests: RecordedRequest[] }) =>
  app.requests
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/community/conversations?'))
    .map(query);

const features = featuresOn('public-discussion', 'neighbours', 'area-discussion');
const RAMI = { id: communityId(901), firstName: 'Rami' };

describe('/community/private-messages', () => {
  it('lists the conversations 25 a page: whom with or the title, the newest message, counts', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      conversation({ id: communityId(400 + i), messageCount: i + 1 }),
    );
    many[0] = conversation({
      id: communityId(400),
      participants: [...conversation().participants, RAMI],
      messageCount: 3,
      newestMessage: {
        ...conversation().newestMessage!,
        body: '<p>See you <strong>there</strong>.</p><p>Second paragraph</p>',
      },
    });
    many[1] = conversation({
      id: communityId(401),
      title: 'Moving boxes',
      messageCount: 2,
      newestMessage: null,
    });
    const app = startSignedIn('/community/private-messages', {
      features,
      routes: {
        'GET /api/community/conversations': (request: RecordedRequest) => {
          const skip = Number(query(request).skip);
          return json(page(many.slice(skip, skip + 25), { total: 30, skip }));
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Private conversations' });
    await waitFor(() => expect(document.title).toBe('Private messages - Community - Porta'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    // Named by whom the reader talks with (not themselves), or by the title.
    const first = within(list).getByRole('link', { name: 'Nina and Rami' });
    expect(first.getAttribute('href')).toBe(`/community/private-messages/${communityId(400)}`);
    const titled = within(list).getByRole('link', { name: 'Moving boxes' }).closest('li')!;
    expect(within(titled).getByText('With Nina')).toBeTruthy();
    expect(within(titled).getByText('Messages: 2')).toBeTruthy();
    // The newest message as plain text, clamped by the style.
    const preview = first.closest('li')!.querySelector('.conversation-card__preview')!;
    expect(preview.textContent).toBe('Nina: See you there.\n\nSecond paragraph');
    expect(preview.querySelector('strong')).toBeNull();
    expect(within(first.closest('li')!).getByText('Messages: 3')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New message' }).getAttribute('href')).toBe(
      '/community/private-messages/new',
    );
    const nav = screen.getByRole('navigation', { name: 'Community sections' });
    expect(within(nav).getByRole('link', { name: 'My neighbours' })).toBeTruthy();

    await app.user.click(screen.getByRole('button', { name: 'Load more conversations' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(listRequests(app)).toEqual([
      { housingCompanyId: IDS.demoHc, type: 'private', skip: '0', limit: '25', lang: 'en' },
      { housingCompanyId: IDS.demoHc, type: 'private', skip: '25', limit: '25', lang: 'en' },
    ]);
  });

  it('says when there are no conversations yet and offers to write the first message', async () => {
    startSignedIn('/community/private-messages', {
      features,
      routes: { 'GET /api/community/conversations': json(page([])) },
    });
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write your first message' }).getAttribute('href')).toBe(
      '/community/private-messages/new',
    );
    expect(screen.queryByRole('list', { name: 'Private conversations' })).toBeNull();
  });

  it('shows a list that cannot be read as empty (02 §8), with a way to try again', async () => {
    const app = startSignedIn('/community/private-messages', {
      features,
      routes: {
        'GET /api/community/conversations': [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(page([conversation()])),
        ],
      },
    });
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Content could not be loaded. Please refresh.')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Nina' })).toBeTruthy();
    expect(screen.queryByText('No conversations yet.')).toBeNull();
  });
});

describe('/community/area-discussions', () => {
  const boardMember = meResponse({
    hcs: [housingCompany({ roles: ['boardMember'] })],
  });

  it("lists the area's discussions with their area; residents cannot start one", async () => {
    const deleted = areaConversation({
      id: communityId(411),
      title: 'Playground',
      newestMessage: { ...areaConversation().newestMessage!, isDeleted: true, body: '' },
    });
    const app = startSignedIn('/community/area-discussions', {
      features,
      routes: { 'GET /api/community/conversations': json(page([areaConversation(), deleted])) },
    });
    const list = await screen.findByRole('list', { name: 'Area discussions' });
    await waitFor(() => expect(document.title).toBe('Area discussions - Community - Porta'));
    const card = within(list).getByRole('link', { name: 'Street works in the spring' }).closest('li')!;
    expect(within(card).getByText(`Area: ${AREA.name}`)).toBeTruthy();
    expect(within(card).getByText(/is the sauna free on Friday/)).toBeTruthy();
    const other = within(list).getByRole('link', { name: 'Playground' }).closest('li')!;
    expect(within(other).getByText('This message has been deleted.')).toBeTruthy();
    expect(listRequests(app)[0]).toMatchObject({ type: 'area' });
    expect(screen.queryByRole('button', { name: 'New area discussion' })).toBeNull();
  });

  it('lets a board member start one: title and message required, then it opens', async () => {
    const created = areaConversation({ id: communityId(420), title: 'Spring cleaning', isOwn: true });
    const app = startSignedIn('/community/area-discussions', {
      features,
      me: boardMember,
      routes: {
        'GET /api/community/conversations': json(page([])),
        'POST /api/community/conversations': json(created, 201),
        [`GET /api/community/conversations/${created.id}`]: json(created),
        [`GET /api/community/conversations/${created.id}/messages`]: json(
          page([message(1, { conversationId: created.id, author: created.author })]),
        ),
      },
    });
    expect(await screen.findByText('No area discussions yet.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'New area discussion' }));
    const form = screen.getByRole('region', { name: 'Start a new area discussion' });
    await app.user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect(app.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await app.user.type(within(form).getByLabelText('Title'), 'Spring cleaning');
    await app.user.type(within(form).getByLabelText('Message'), 'Saturday at ten.');
    await app.user.click(within(form).getByRole('button', { name: 'Publish' }));
    await screen.findByRole('heading', { level: 1, name: 'Spring cleaning' });
    expect(app.path()).toBe(`/community/area-discussions/${created.id}`);
    expect(toasts().textContent).toContain('Area discussion added');
    expect(app.requests.find((r) => r.method === 'POST')?.body).toEqual({
      type: 'area',
      housingCompanyId: IDS.demoHc,
      title: 'Spring cleaning',
      body: '<p>Saturday at ten.</p>',
    });
    // The writers show as the area.
    const first = await screen.findByRole('article', { name: 'Message from Nina' });
    expect(within(first).getByText(AREA.name)).toBeTruthy();
  });

  it("shows the server's refusal when starting one is not allowed after all", async () => {
    const app = startSignedIn('/community/area-discussions', {
      features,
      me: meResponse({}, { roles: ['yitUser'] }),
      routes: {
        'GET /api/community/conversations': json(page([])),
        'POST /api/community/conversations': problem(
          403,
          'COM_AREA_MODERATORS_ONLY',
          'Area discussions are started by the moderators of the housing company.',
        ),
      },
    });
    await screen.findByText('No area discussions yet.');
    await app.user.click(screen.getByRole('button', { name: 'New area discussion' }));
    await app.user.type(screen.getByLabelText('Title'), 'Roads');
    await app.user.type(screen.getByLabelText('Message'), 'Closed in May.');
    await app.user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Area discussions are started by the moderators of the housing company.'),
    ).toBeTruthy();
    expect(app.path()).toBe('/community/area-discussions');
  });
});
