import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import { communityId, conversation, message, page, recipient, toasts } from '../testing/community-fixtures';

const PATH = '/community/private-messages/new';
const features = featuresOn('neighbours');
const nina = recipient(0, 'Nina', ['B 12']);
const rami = recipient(1, 'Rami', ['C 3', 'C 4']);
const kaisa = recipient(2, 'Kaisa');

function openForm(path = PATH, routes: SignedInOptions['routes'] = {}) {
  return startSignedIn(path, {
    features,
    routes: {
      'GET /api/community/conversations/recipients': json({ items: [kaisa, nina, rami] }),
      ...routes,
    },
  });
}

const posts = (app: { requests: RecordedRequest[] }) => app.requests.filter((r) => r.method === 'POST');

describe('/community/private-messages/new', () => {
  it('sends nothing without a recipient and a message', async () => {
    const app = openForm();
    const group = await screen.findByRole('group', { name: 'Recipients' });
    await waitFor(() => expect(document.title).toBe('New private message - Community - Porta'));
    expect(within(group).getByText('No recipients chosen yet.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect(within(group).getByText('Choose at least one recipient.')).toBeTruthy();
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    // The title is optional.
    expect(screen.getByLabelText('Title (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(within(group).getByRole('checkbox', { name: 'Kaisa' }));
    expect(posts(app)).toEqual([]);

    await app.user.click(within(group).getByRole('checkbox', { name: 'Nina (B 12)' }));
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(within(group).queryByText('Choose at least one recipient.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Message'));
    expect(posts(app)).toEqual([]);
  });

  it('comes with ?to= chosen; a search narrows the list; sent, the conversation opens', async () => {
    const created = conversation({
      id: communityId(450),
      title: 'Parking',
      participants: [
        { id: IDS.user, firstName: 'Olivia' },
        { id: nina.id, firstName: 'Nina' },
        { id: rami.id, firstName: 'Rami' },
      ],
    });
    const app = openForm(`${PATH}?to=${nina.id}`, {
      'POST /api/community/conversations': json(created, 201),
      [`GET /api/community/conversations/${created.id}`]: json(created),
      [`GET /api/community/conversations/${created.id}/messages`]: json(
        page([message(1, { conversationId: created.id })]),
      ),
    });
    const group = await screen.findByRole('group', { name: 'Recipients' });
    expect((within(group).getByRole('checkbox', { name: 'Nina (B 12)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(group).getByText('Chosen: Nina')).toBeTruthy();

    await app.user.type(within(group).getByLabelText('Search by name or apartment'), 'c 4');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(1);
    await app.user.click(within(group).getByRole('checkbox', { name: 'Rami (C 3, C 4)' }));
    // Those the search hides stay chosen.
    expect(within(group).getByText('Chosen: Nina and Rami')).toBeTruthy();
    await app.user.clear(within(group).getByLabelText('Search by name or apartment'));
    await app.user.type(within(group).getByLabelText('Search by name or apartment'), 'zz');
    expect(within(group).getByText('No one matches the search.')).toBeTruthy();

    await app.user.type(screen.getByLabelText('Title (optional)'), ' Parking ');
    await app.user.type(screen.getByLabelText('Message'), 'Whose car is in my spot?');
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByRole('heading', { level: 1, name: 'Parking' });
    expect(app.path()).toBe(`/community/private-messages/${created.id}`);
    expect(toasts().textContent).toContain('Message sent');
    expect(screen.getByText('With Nina and Rami')).toBeTruthy();
    expect(posts(app).map((r) => r.body)).toEqual([
      {
        type: 'private',
        housingCompanyId: IDS.demoHc,
        title: 'Parking',
        body: '<p>Whose car is in my spot?</p>',
        participantIds: [nina.id, rami.id],
      },
    ]);
  });

  it("drops a ?to= of someone one cannot message and shows the server's refusal", async () => {
    const app = openForm(`${PATH}?to=${communityId(999)}`, {
      'POST /api/community/conversations': problem(
        400,
        'COM_PARTICIPANT_INVALID',
        'Private messages go to neighbours of the same housing company who have a public profile.',
      ),
    });
    const group = await screen.findByRole('group', { name: 'Recipients' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    await app.user.click(within(group).getByRole('checkbox', { name: 'Kaisa' }));
    await app.user.type(screen.getByLabelText('Message'), 'Hello');
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'Private messages go to neighbours of the same housing company who have a public profile.',
      ),
    ).toBeTruthy();
    expect(app.path()).toBe(`${PATH}?to=${communityId(999)}`);
    expect(posts(app)[0]?.body).toMatchObject({ title: null, participantIds: [kaisa.id] });
  });

  it('says when there is no one to message', async () => {
    openForm(PATH, { 'GET /api/community/conversations/recipients': json({ items: [] }) });
    expect(
      await screen.findByText(
        'None of your neighbours has a public profile yet, so there is no one to message.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
  });
});
