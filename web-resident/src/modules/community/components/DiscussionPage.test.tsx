import type { Comment } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  comment,
  communityId,
  DISCUSSION_ID,
  discussion,
  expectSavingErrorFor2Seconds,
  likes,
  NEIGHBOUR_ID,
  ownComment,
  page,
  toasts,
} from '../testing/community-fixtures';

const PATH = `/community/public-discussions/${DISCUSSION_ID}`;
const COMMENTS = `/api/community/discussions/${DISCUSSION_ID}/comments`;
const features = featuresOn('public-discussion');

const parentOf = (request: RecordedRequest) =>
  new URL(request.path, 'http://localhost').searchParams.get('parentId');

/**
 * The discussion page over answers for the discussion, its top-level comments (`top`, one answer
 * or several in turn) and the replies of each comment (`replies` by parent id).
 */
function openDiscussion(
  {
    top = [],
    replies = {},
    routes = {},
    path = PATH,
  }: {
    top?: Comment[] | Comment[][];
    replies?: Record<string, Comment[] | Comment[][]>;
    routes?: SignedInOptions['routes'];
    path?: string;
  } = {},
  options: SignedInOptions = {},
) {
  const answers = (list: Comment[] | Comment[][]) =>
    (Array.isArray(list[0]) ? (list as Comment[][]) : [list as Comment[]]).map((items) => json(page(items)));
  const topAnswers = answers(top);
  const replyAnswers = Object.fromEntries(Object.entries(replies).map(([id, list]) => [id, answers(list)]));
  const used = new Map<string, number>();
  const next = (key: string, list: Response[]) => {
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    return list[Math.min(n, list.length - 1)]!.clone();
  };
  const app = startSignedIn(path, {
    features,
    ...options,
    routes: {
      [`GET /api/community/discussions/${DISCUSSION_ID}`]: json(discussion()),
      [`GET ${COMMENTS}`]: (request: RecordedRequest) => {
        const parent = parentOf(request);
        if (!parent) return next('top', topAnswers);
        const list = replyAnswers[parent];
        return list ? next(parent, list) : json(page([]));
      },
      ...routes,
    },
  });
  return app;
}

const commentEl = (c: Comment) => document.getElementById(`comment-${c.id}`) as HTMLElement;
const commentRequests = (app: { requests: RecordedRequest[] }, parentId: string | null) =>
  app.requests.filter((r) => r.method === 'GET' && r.path.startsWith(COMMENTS) && parentOf(r) === parentId);

describe('the discussion page', () => {
  it('shows the discussion and its comments, each as #comment-<id>', async () => {
    const first = comment(1);
    openDiscussion({ top: [first] });
    await screen.findByRole('heading', { level: 1, name: 'Bicycle storage' });
    await waitFor(() => expect(document.title).toBe('Bicycle storage - Community - Porta'));
    expect(screen.getByText('Who has the key to the bicycle storage?')).toBeTruthy();
    const element = await screen.findByRole('article', { name: 'Comment by Nina' });
    expect(element.id).toBe(`comment-${first.id}`);
    expect(within(element).getByText('Comment number 1')).toBeTruthy();
    expect(within(element).getByText('Apartment B 12')).toBeTruthy();
  });

  it("adds a comment: 'Comment added', the list read again, nothing sent without a text", async () => {
    const added = ownComment(2, { body: '<p>Hello neighbours</p>' });
    const app = openDiscussion({
      top: [[comment(1)], [comment(1), added]],
      routes: { [`POST ${COMMENTS}`]: json(added, 201) },
    });
    await screen.findByRole('article', { name: 'Comment by Nina' });
    const field = screen.getByLabelText('Write a comment');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(
      screen.getByText(
        'Error on validating the form. Please check you have entered value on each required field.',
      ),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(app.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await app.user.type(field, 'Hello neighbours');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(toasts().textContent).toContain('Comment added'));
    expect(await screen.findByRole('article', { name: 'Your comment' })).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(app.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      [`${COMMENTS}?lang=en`, { body: '<p>Hello neighbours</p>', parentId: null, imageIds: [] }],
    ]);
    expect(commentRequests(app, null).length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message in an error toast when a comment is refused", async () => {
    const app = openDiscussion({
      routes: {
        [`POST ${COMMENTS}`]: problem(409, 'CONFLICT', 'The discussion was closed by a moderator.'),
      },
    });
    await screen.findByText('No comments yet. Be the first to comment.');
    await app.user.type(screen.getByLabelText('Write a comment'), 'Anyone?');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(toasts().textContent).toContain('The discussion was closed by a moderator.'));
    expect(toasts().querySelector('.toast--error')).not.toBeNull();
    // The text stays for another try.
    expect((screen.getByLabelText('Write a comment') as HTMLTextAreaElement).value).toBe('Anyone?');
  });

  it('uploads the chosen images with the comment; a file failing the checks is refused', async () => {
    const image = {
      id: communityId(500),
      url: `/api/community/images/${communityId(500)}`,
      fileName: 'yard.png',
      mimeType: 'image/png',
      size: 2048,
    };
    const app = openDiscussion({
      routes: {
        'POST /api/community/images': json(image, 201),
        [`POST ${COMMENTS}`]: json(ownComment(3, { images: [image] }), 201),
        [`GET ${image.url}`]: () => new Response('png', { status: 200 }),
      },
    });
    await screen.findByText('No comments yet. Be the first to comment.');
    const picker = screen.getByLabelText('Add images');
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 35_000_001 });
    await app.user.upload(picker, huge);
    expect(screen.getByText(/The image could not be accepted/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chosen images' })).toBeNull();

    await app.user.upload(picker, new File(['png'], 'yard.png', { type: 'image/png' }));
    expect(screen.queryByText(/The image could not be accepted/)).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Chosen images' })).getByText('yard.png')).toBeTruthy();
    await app.user.type(screen.getByLabelText('Write a comment'), 'Look at this');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(toasts().textContent).toContain('Comment added'));
    const posts = app.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([
      `/api/community/images?housingCompanyId=${IDS.demoHc}&lang=en`,
      `${COMMENTS}?lang=en`,
    ]);
    expect(posts[1]?.body).toEqual({ body: '<p>Look at this</p>', parentId: null, imageIds: [image.id] });
  });

  it('shows the general image message when the service refuses the image', async () => {
    const app = openDiscussion({
      routes: { 'POST /api/community/images': problem(400, 'COM_MIME_TYPE', 'mime_type') },
    });
    await screen.findByText('No comments yet. Be the first to comment.');
    await app.user.upload(
      screen.getByLabelText('Add images'),
      new File(['gif'], 'fake.png', { type: 'image/png' }),
    );
    await app.user.type(screen.getByLabelText('Write a comment'), 'Picture');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(toasts().textContent).toContain('The image could not be accepted'));
    expect(app.requests.some((r) => r.method === 'POST' && r.path.startsWith(COMMENTS))).toBe(false);
  });

  it('highlights own comments and marks them for assistive technology', async () => {
    const mine = ownComment(1);
    const theirs = comment(2);
    openDiscussion({ top: [mine, theirs] });
    const own = await screen.findByRole('article', { name: 'Your comment' });
    expect(own.classList.contains('comment--own')).toBe(true);
    expect(within(own).getByText('You')).toBeTruthy();
    expect(commentEl(theirs).classList.contains('comment--own')).toBe(false);
  });

  it('shows a deleted comment without its header and footer', async () => {
    const gone = comment(1, { isDeleted: true, body: '' });
    openDiscussion({ top: [gone] });
    const element = await screen.findByRole('article', { name: 'Deleted comment' });
    expect(element.classList.contains('comment--deleted')).toBe(true);
    expect(within(element).getByText('This comment has been deleted.')).toBeTruthy();
    expect(within(element).queryByText('Nina')).toBeNull();
    expect(within(element).queryByRole('button', { name: 'Like' })).toBeNull();
    expect(within(element).queryByRole('button', { name: /Actions/ })).toBeNull();
    expect(element.querySelector('header, footer')).toBeNull();
  });

  it('edits an own comment; a failed save shows the error for 2 seconds', async () => {
    const mine = ownComment(1, { body: '<p>First line<br>second line</p>' });
    const saved = { ...mine, body: '<p>Changed</p>', edited: true };
    const app = openDiscussion({
      top: [mine],
      routes: {
        [`PUT /api/community/comments/${mine.id}`]: [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(saved),
        ],
      },
    });
    const element = await screen.findByRole('article', { name: 'Your comment' });
    await app.user.click(within(element).getByRole('button', { name: 'Actions for the comment by Olivia' }));
    await app.user.click(within(element).getByRole('button', { name: 'Edit' }));
    const field = within(element).getByLabelText('Edit your comment') as HTMLTextAreaElement;
    expect(field.value).toBe('First line\nsecond line');
    expect(document.activeElement).toBe(field);
    await app.user.clear(field);
    await app.user.type(field, 'Changed');

    await expectSavingErrorFor2Seconds(element);

    // Still editing: saving again succeeds and shows the comment.
    await app.user.click(within(element).getByRole('button', { name: 'Save' }));
    await within(element).findByText('Changed');
    expect(within(element).queryByLabelText('Edit your comment')).toBeNull();
    expect(within(element).getByText('(edited)')).toBeTruthy();
    expect(app.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { body: '<p>Changed</p>' },
      { body: '<p>Changed</p>' },
    ]);
  });

  it('deletes an own comment after confirming; it keeps its place with the deleted look', async () => {
    const mine = ownComment(1);
    const app = openDiscussion({
      top: [mine],
      routes: {
        [`DELETE /api/community/comments/${mine.id}`]: json({
          ...mine,
          isDeleted: true,
          body: '',
          canEdit: false,
          canDelete: false,
        }),
      },
    });
    const element = await screen.findByRole('article', { name: 'Your comment' });
    await app.user.click(within(element).getByRole('button', { name: 'Actions for the comment by Olivia' }));
    await app.user.click(within(element).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this comment?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('This comment has been deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(commentEl(mine)));
    expect(commentEl(mine).getAttribute('aria-label')).toBe('Deleted comment');
  });

  it('toggles the replies; posting a reply reads the replies again', async () => {
    const parent = comment(1, { childMessageCount: 1 });
    const reply = comment(11, {
      parentId: parent.id,
      body: '<p>A reply</p>',
      author: { ...parent.author, firstName: 'Rami' },
    });
    const mine = ownComment(12, { parentId: parent.id, body: '<p>My reply</p>' });
    const app = openDiscussion({
      top: [parent],
      replies: { [parent.id]: [[reply], [reply, mine]] },
      routes: { [`POST ${COMMENTS}`]: json(mine, 201) },
    });
    const element = await screen.findByRole('article', { name: 'Comment by Nina' });
    const toggle = within(element).getByRole('button', { name: 'Replies (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Write a reply')).toBeNull();

    await app.user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const replies = await screen.findByRole('region', { name: 'Replies to the comment by Nina' });
    await within(replies).findByText('A reply');
    expect(commentRequests(app, parent.id)).toHaveLength(1);

    await app.user.type(within(replies).getByLabelText('Write a reply'), 'My reply');
    await app.user.click(within(replies).getByRole('button', { name: 'Send reply' }));
    await within(replies).findByText('My reply');
    await waitFor(() => expect(toasts().textContent).toContain('Comment added'));
    expect(commentRequests(app, parent.id)).toHaveLength(2);
    expect(app.requests.find((r) => r.method === 'POST')?.body).toEqual({
      body: '<p>My reply</p>',
      parentId: parent.id,
      imageIds: [],
    });
    // The count on the toggle follows.
    expect(within(element).getByRole('button', { name: 'Replies (2)' })).toBeTruthy();

    await app.user.click(within(element).getByRole('button', { name: 'Replies (2)' }));
    expect(screen.queryByRole('region', { name: 'Replies to the comment by Nina' })).toBeNull();
  });

  it('toggles a like and lists up to 10 names, then the others as a number', async () => {
    const liked = comment(1, {
      likes: likes({
        count: 15,
        names: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10'],
        remainder: 5,
      }),
    });
    const plain = comment(2);
    const app = openDiscussion({
      top: [liked, plain],
      routes: {
        [`POST /api/community/comments/${plain.id}/likes`]: [
          json(likes({ count: 1, likedByMe: true, names: ['Olivia'] })),
          json(likes()),
        ],
      },
    });
    await screen.findAllByRole('article', { name: 'Comment by Nina' });
    expect(
      within(commentEl(liked)).getByText('Liked by A1, A2, A3, A4, A5, A6, A7, A8, A9, A10 and 5 others'),
    ).toBeTruthy();

    const button = within(commentEl(plain)).getByRole('button', { name: 'Like' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await app.user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(within(commentEl(plain)).getByText('Liked by Olivia')).toBeTruthy();
    await app.user.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(within(commentEl(plain)).queryByText(/Liked by/)).toBeNull();
  });

  it('reports a comment: the reason defaults, closing resets the form, sending thanks', async () => {
    const theirs = comment(1, { canBan: true });
    const app = openDiscussion({
      top: [theirs],
      routes: {
        'POST /api/community/reports': [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json({ id: communityId(600) }, 201),
        ],
      },
    });
    const element = await screen.findByRole('article', { name: 'Comment by Nina' });
    const menuButton = within(element).getByRole('button', { name: 'Actions for the comment by Nina' });
    await app.user.click(menuButton);
    // The ban action leads to the user's page in the staff app.
    expect(within(element).getByRole('link', { name: 'Ban user' }).getAttribute('href')).toBe(
      `/admin/users/${NEIGHBOUR_ID}/show`,
    );
    await app.user.click(within(element).getByRole('button', { name: 'Report' }));
    let dialog = screen.getByRole('dialog', { name: 'Report inappropriate content' });
    const reason = () => within(dialog).getByLabelText('Reason') as HTMLSelectElement;
    expect(reason().value).toBe('improper_or_inappropriate_content');
    expect([...reason().options].map((o) => o.text)).toEqual([
      'Improper or inappropriate content',
      'Content breaches your privacy',
      'Racist or discriminatory content',
      'Copyright-protected content',
      'Other reason',
    ]);
    await app.user.selectOptions(reason(), 'other_reason');
    await app.user.type(within(dialog).getByLabelText('Description'), 'Spam');
    // Escape closes it and gives focus back to the menu button; the next one starts afresh.
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    await app.user.click(menuButton);
    await app.user.click(within(element).getByRole('button', { name: 'Report' }));
    dialog = screen.getByRole('dialog', { name: 'Report inappropriate content' });
    expect(reason().value).toBe('improper_or_inappropriate_content');
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('');

    await app.user.selectOptions(reason(), 'content_breach_your_privacy');
    await app.user.type(within(dialog).getByLabelText('Description'), 'My address is in it');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The report could not be sent. Please try again.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you. Your report has been sent to the moderators.');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    const reports = app.requests.filter((r) => r.path === '/api/community/reports').map((r) => r.body);
    expect(reports[1]).toEqual({
      housingCompanyId: IDS.demoHc,
      targetObject: theirs.id,
      targetType: 'comment',
      targetHref: `/community/public-discussions/${DISCUSSION_ID}?_hc=DEMO-1#comment-${theirs.id}`,
      reportType: 'content_breach_your_privacy',
      description: 'My address is in it',
    });
    await app.user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('subscribes to the discussion and keeps the answer', async () => {
    const app = openDiscussion({
      routes: {
        [`POST /api/community/discussions/${DISCUSSION_ID}/subscription`]: json({ subscribed: true }),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Notify me of new comments' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await app.user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(app.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/community/discussions/${DISCUSSION_ID}/subscription?lang=en`,
    ]);
  });

  it('shows the subscription right after commenting (commenting subscribes the writer)', async () => {
    const added = ownComment(2, { body: '<p>Count me in</p>' });
    const app = openDiscussion({
      top: [[], [added]],
      routes: {
        // The server subscribes the writer when they comment: the discussion read again says so.
        [`GET /api/community/discussions/${DISCUSSION_ID}`]: [
          json(discussion()),
          json(discussion({ subscribed: true, commentCount: 1 })),
        ],
        [`POST ${COMMENTS}`]: json(added, 201),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Notify me of new comments' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await app.user.type(screen.getByLabelText('Write a comment'), 'Count me in');
    await app.user.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(toasts().textContent).toContain('Comment added'));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    // Nothing toggled it: the state is the server's.
    expect(app.requests.some((r) => r.path.includes('/subscription'))).toBe(false);
  });

  it('brings a linked reply into view: its replies open, it takes focus and is highlighted', async () => {
    const parent = comment(1, { childMessageCount: 2 });
    const other = comment(2);
    const target = comment(21, { parentId: parent.id, body: '<p>The linked reply</p>' });
    const app = openDiscussion({
      path: `${PATH}#comment-${target.id}`,
      top: [parent, other],
      replies: { [parent.id]: [comment(20, { parentId: parent.id }), target] },
    });
    await screen.findByText('The linked reply');
    const element = commentEl(target);
    expect(element).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(element));
    expect(element.classList.contains('comment--target')).toBe(true);
    expect(
      within(commentEl(parent)).getByRole('button', { name: 'Replies (2)' }).getAttribute('aria-expanded'),
    ).toBe('true');
    // Only the commented comment's replies were read.
    expect(commentRequests(app, other.id)).toHaveLength(0);
  });

  it('brings a linked top-level comment into view from a notification link', async () => {
    const target = comment(3);
    const notificationId = communityId(700);
    const app = openDiscussion({
      // As the bell's links read: notification_id before the hash.
      path: `${PATH}?notification_id=${notificationId}#comment-${target.id}`,
      top: [comment(1), comment(2), target],
    });
    await waitFor(() => expect(document.activeElement).toBe(commentEl(target)));
    await waitFor(() => expect(app.path()).toBe(PATH));
    await waitFor(() => expect(commentEl(target).classList.contains('comment--target')).toBe(true));
  });

  it('edits and deletes an own discussion', async () => {
    const own = discussion({
      isOwn: true,
      canEdit: true,
      canDelete: true,
      author: { ...discussion().author, firstName: 'Olivia' },
    });
    const app = openDiscussion({
      routes: {
        [`GET /api/community/discussions/${DISCUSSION_ID}`]: json(own),
        [`PUT /api/community/discussions/${DISCUSSION_ID}`]: json({
          ...own,
          title: 'Bicycle storage key',
          edited: true,
        }),
        [`DELETE /api/community/discussions/${DISCUSSION_ID}`]: () => new Response(null, { status: 204 }),
        'GET /api/community/discussions': json(page([])),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Bicycle storage' });
    // Own: no report action.
    await app.user.click(screen.getByRole('button', { name: 'Actions for the discussion' }));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Edit discussion' }));
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Bicycle storage');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Who has the key to the bicycle storage?',
    );
    await app.user.type(title, ' key');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bicycle storage key' });
    expect(document.activeElement).toBe(heading);
    expect(app.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      title: 'Bicycle storage key',
      body: '<p>Who has the key to the bicycle storage?</p>',
    });

    await app.user.click(screen.getByRole('button', { name: 'Actions for the discussion' }));
    await app.user.click(screen.getByRole('button', { name: 'Delete discussion' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this discussion?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete discussion' }));
    await screen.findByText(
      'No discussions yet. Start the first one: ask your neighbours something or share news from the building.',
    );
    expect(app.path()).toBe('/community/public-discussions');
    expect(toasts().textContent).toContain('Discussion deleted');
  });

  it('says when the discussion cannot be found', async () => {
    openDiscussion({
      routes: {
        [`GET /api/community/discussions/${DISCUSSION_ID}`]: problem(
          404,
          'COM_DISCUSSION_NOT_FOUND',
          'Content could not be loaded. Please refresh.',
        ),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This discussion could not be found. It may have been deleted.',
    );
  });
});
