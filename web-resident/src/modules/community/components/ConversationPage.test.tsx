import type { Conversation, Message } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  AREA,
  areaConversation,
  CONVERSATION_ID,
  communityId,
  conversation,
  expectSavingErrorFor2Seconds,
  me,
  message,
  ownMessage,
  page,
  toasts,
} from '../testing/community-fixtures';

const PATH = `/community/private-messages/${CONVERSATION_ID}`;
const CONVERSATION = `/api/community/conversations/${CONVERSATION_ID}`;
const MESSAGES = `${CONVERSATION}/messages`;
const features = featuresOn('neighbours', 'area-discussion');

const skipOf = (request: RecordedRequest) =>
  Number(new URL(request.path, 'http://localhost').searchParams.get('skip'));

/** The conversation page over answers for the conversation and its messages (pages of 25). */
function openConversation(
  {
    item = conversation(),
    messages = [message(1)],
    routes = {},
    path = PATH,
  }: { item?: Conversation; messages?: Message[]; routes?: SignedInOptions['routes']; path?: string } = {},
  options: SignedInOptions = {},
) {
  return startSignedIn(path, {
    features,
    ...options,
    routes: {
      [`GET ${CONVERSATION}`]: json(item),
      [`GET ${MESSAGES}`]: (request: RecordedRequest) => {
        const skip = skipOf(request);
        return json(page(messages.slice(skip, skip + 25), { total: messages.length, skip }));
      },
      ...routes,
    },
  });
}

const messageEl = (m: Message) => document.getElementById(`message-${m.id}`) as HTMLElement;
const menuOf = (element: HTMLElement, name: string) =>
  within(element).getByRole('button', { name: `Actions for the message from ${name}` });

describe('a private conversation', () => {
  it('shows whom it is with and its messages oldest first, 25 at a time', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => message(i + 1));
    const app = openConversation({ messages });
    await screen.findByRole('heading', { level: 1, name: 'Nina' });
    await waitFor(() => expect(document.title).toBe('Nina - Community - Porta'));
    // Named by whom the reader talks with; who started it.
    expect(screen.queryByText('With Nina')).toBeNull();
    const started = document.querySelector<HTMLElement>('.conversation .community-meta')!;
    expect(within(started).getByText('Nina')).toBeTruthy();
    expect(within(started).getByText('Apartment B 12')).toBeTruthy();
    await screen.findByText('Message number 1');
    const first = messageEl(messages[0]!);
    expect(first.getAttribute('aria-label')).toBe('Message from Nina');
    expect(within(first).getByText('Apartment B 12')).toBeTruthy();
    expect(screen.getAllByRole('article', { name: 'Message from Nina' })).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to private messages' }).getAttribute('href')).toBe(
      '/community/private-messages',
    );

    await app.user.click(screen.getByRole('button', { name: 'Show more messages' }));
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: 'Message from Nina' })).toHaveLength(30),
    );
    expect(screen.queryByRole('button', { name: 'Show more messages' })).toBeNull();
    expect(
      app.requests.filter((r) => r.method === 'GET' && r.path.startsWith(MESSAGES)).map((r) => r.path),
    ).toEqual([`${MESSAGES}?skip=0&limit=25&lang=en`, `${MESSAGES}?skip=25&limit=25&lang=en`]);
  });

  it('highlights own messages and offers reporting only on the others', async () => {
    const mine = ownMessage(1);
    const theirs = message(2);
    const app = openConversation({ messages: [mine, theirs] });
    const own = await screen.findByRole('article', { name: 'Your message' });
    expect(own.classList.contains('comment--own')).toBe(true);
    expect(within(own).getByText('You')).toBeTruthy();
    await app.user.click(menuOf(own, 'Olivia'));
    expect(within(own).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(messageEl(theirs).classList.contains('comment--own')).toBe(false);
  });

  it('edits an own message; a failed save shows the error for 2 seconds', async () => {
    const mine = ownMessage(1, { body: '<p>Hello</p>' });
    const saved = { ...mine, body: '<p>Hello there</p>', edited: true };
    const app = openConversation({
      messages: [mine],
      routes: {
        [`PUT /api/community/messages/${mine.id}`]: [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(saved),
        ],
      },
    });
    const element = await screen.findByRole('article', { name: 'Your message' });
    await app.user.click(menuOf(element, 'Olivia'));
    await app.user.click(within(element).getByRole('button', { name: 'Edit' }));
    const field = within(element).getByLabelText('Edit your message') as HTMLTextAreaElement;
    expect(field.value).toBe('Hello');
    expect(document.activeElement).toBe(field);
    await app.user.type(field, ' there');

    await expectSavingErrorFor2Seconds(element);

    await app.user.click(within(element).getByRole('button', { name: 'Save' }));
    await within(element).findByText('Hello there');
    expect(within(element).getByText('(edited)')).toBeTruthy();
    expect(app.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { body: '<p>Hello there</p>' },
      { body: '<p>Hello there</p>' },
    ]);
  });

  it('deletes an own message after confirming; it keeps its place with the deleted look', async () => {
    const mine = ownMessage(1);
    const app = openConversation({
      messages: [message(0), mine],
      routes: {
        [`DELETE /api/community/messages/${mine.id}`]: json({
          ...mine,
          body: '',
          isDeleted: true,
          canEdit: false,
          canDelete: false,
        }),
      },
    });
    const element = await screen.findByRole('article', { name: 'Your message' });
    await app.user.click(menuOf(element, 'Olivia'));
    await app.user.click(within(element).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this message?' });
    expect(within(dialog).getByText('The message will be shown as deleted.')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('This message has been deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const deleted = messageEl(mine);
    expect(deleted.getAttribute('aria-label')).toBe('Deleted message');
    expect(deleted.classList.contains('comment--deleted')).toBe(true);
    expect(deleted.querySelector('header, footer')).toBeNull();
    expect(within(deleted).queryByText('Olivia')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(deleted));
  });

  it("sends a message: 'Message sent', the messages read again; a refusal shows the server's message", async () => {
    const sent = ownMessage(2, { body: '<p>Yes, it is free</p>' });
    let listed = [message(1)];
    const app = openConversation({
      routes: {
        [`GET ${MESSAGES}`]: () => json(page(listed)),
        [`POST ${MESSAGES}`]: [
          problem(403, 'COM_USER_BANNED', 'You have been banned from commenting.'),
          problem(409, 'CONFLICT', 'The conversation was closed.'),
          () => {
            listed = [message(1), sent];
            return json(sent, 201);
          },
        ],
      },
    });
    await screen.findByText('Message number 1');
    const field = screen.getByLabelText('Write a message') as HTMLTextAreaElement;
    // Nothing is sent without a text.
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      screen.getByText(
        'Error on validating the form. Please check you have entered value on each required field.',
      ),
    ).toBeTruthy();
    expect(app.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await app.user.type(field, 'Yes, it is free');
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts().textContent).toContain('You have been banned from commenting.'));
    expect(toasts().querySelector('.toast--error')).not.toBeNull();
    expect(field.value).toBe('Yes, it is free');
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts().textContent).toContain('The conversation was closed.'));
    expect(field.value).toBe('Yes, it is free');

    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts().textContent).toContain('Message sent'));
    expect(await screen.findByRole('article', { name: 'Your message' })).toBeTruthy();
    expect(field.value).toBe('');
    expect(app.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])[2]).toEqual([
      `${MESSAGES}?lang=en`,
      { body: '<p>Yes, it is free</p>' },
    ]);
  });

  it('reports a message with its address', async () => {
    const theirs = message(1);
    const app = openConversation({
      messages: [theirs],
      routes: { 'POST /api/community/reports': json({ id: communityId(600) }, 201) },
    });
    const element = await screen.findByRole('article', { name: 'Message from Nina' });
    await app.user.click(menuOf(element, 'Nina'));
    await app.user.click(within(element).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report inappropriate content' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you. Your report has been sent to the moderators.');
    expect(app.requests.find((r) => r.path === '/api/community/reports')?.body).toEqual({
      housingCompanyId: IDS.demoHc,
      targetObject: theirs.id,
      targetType: 'message',
      targetHref: `${PATH}?_hc=DEMO-1#message-${theirs.id}`,
      reportType: 'improper_or_inappropriate_content',
      description: '',
    });
  });

  it('brings a linked message into view', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => message(i + 1));
    const target = messages[27]!;
    openConversation({ messages, path: `${PATH}#message-${target.id}` });
    await waitFor(() => expect(document.activeElement).toBe(messageEl(target)));
    expect(messageEl(target).classList.contains('comment--target')).toBe(true);
  });

  it("edits the title of one's own conversation", async () => {
    const own = conversation({ author: me, isOwn: true, canEdit: true, canDelete: true });
    const app = openConversation({
      item: own,
      routes: { [`PUT ${CONVERSATION}`]: json({ ...own, title: 'Sauna', edited: true }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nina' });
    await app.user.click(screen.getByRole('button', { name: 'Actions for the conversation' }));
    await app.user.click(screen.getByRole('button', { name: 'Edit title' }));
    const title = screen.getByLabelText('Title (optional)');
    expect(document.activeElement).toBe(title);
    await app.user.type(title, '  Sauna ');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sauna' });
    expect(document.activeElement).toBe(heading);
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({ title: 'Sauna' });
  });

  it("shows the server's message when the conversation cannot be deleted", async () => {
    const own = conversation({ author: me, isOwn: true, canEdit: true, canDelete: true });
    const app = openConversation({
      item: own,
      routes: {
        [`DELETE ${CONVERSATION}`]: [
          problem(409, 'COM_CONVERSATION_HAS_REPLIES', 'A conversation with replies cannot be deleted.'),
          () => new Response(null, { status: 204 }),
        ],
        'GET /api/community/conversations': json(page([])),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nina' });
    await app.user.click(screen.getByRole('button', { name: 'Actions for the conversation' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this conversation?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    expect(await within(dialog).findByText('A conversation with replies cannot be deleted.')).toBeTruthy();
    expect(app.path()).toBe(PATH);

    await app.user.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
    await screen.findByText('No conversations yet.');
    expect(app.path()).toBe('/community/private-messages');
    expect(toasts().textContent).toContain('Conversation deleted');
  });

  it('says when the conversation cannot be found', async () => {
    openConversation({
      routes: {
        [`GET ${CONVERSATION}`]: problem(
          404,
          'COM_CONVERSATION_NOT_FOUND',
          'Content could not be loaded. Please refresh.',
        ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This conversation could not be found. It may have been deleted.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Private messages' })).toBeTruthy();
  });
});

describe('an area discussion', () => {
  it('shows its title, area and messages, the writers labelled by the area', async () => {
    const item = areaConversation();
    const writer = item.author;
    openConversation({
      item,
      path: `/community/area-discussions/${CONVERSATION_ID}`,
      messages: [message(1, { author: writer }), ownMessage(2, { author: { ...me, label: writer.label } })],
    });
    await screen.findByRole('heading', { level: 1, name: 'Street works in the spring' });
    expect(screen.getByText(`Area: ${AREA.name}`)).toBeTruthy();
    expect(screen.queryByText(/^With /)).toBeNull();
    const first = await screen.findByRole('article', { name: 'Message from Nina' });
    expect(within(first).getByText(AREA.name)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Your message' })).getByText(AREA.name)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to area discussions' }).getAttribute('href')).toBe(
      '/community/area-discussions',
    );
  });
});
