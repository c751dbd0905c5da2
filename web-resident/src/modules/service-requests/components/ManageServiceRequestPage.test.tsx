import type { ServiceRequestDetail } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { renderApp } from '../../../testing/render-app';
import { featuresOn, startSignedIn } from '../../../testing/signed-in';
import {
  attachment,
  detail,
  HANDLER_ID,
  REQUEST_ID,
  response,
  serviceRequest,
  toasts,
} from '../testing/service-request-fixtures';

const TOKEN = '1790000000.c2lnbmVkLWxpbmstbWFj';
const PATH = `/service-requests/manage/${REQUEST_ID}/${HANDLER_ID}/${TOKEN}`;
const API = `/api/service-requests/manage/${REQUEST_ID}/${HANDLER_ID}/${TOKEN}`;

/** The request as the link's recipient sees it: they answer and move the status, nothing else. */
const asRecipient = (overrides: Partial<ServiceRequestDetail> = {}, responses = [response(1)]) =>
  detail(
    {
      isOwn: false,
      canEdit: false,
      canChangeStatus: true,
      canChangePublicity: false,
      canRespond: true,
      canDelete: false,
      canAddRecipient: false,
      canForward: false,
      canRemind: false,
      canChangeInternalId: false,
      canChangeType: false,
      attachments: [attachment(1, 'tap.jpg', 'image/jpeg')],
      ...overrides,
    },
    responses,
  );

/** The page opened signed out (no stored session), answered by `routes`. */
function openSignedOut(routes: Parameters<typeof mockFetch>[0]) {
  const api = mockFetch({
    'GET /api/identity/login-options': json({ password: true, b2c: false }),
    ...routes,
  });
  return { ...api, ...renderApp(PATH), user: userEvent.setup() };
}

describe('/service-requests/manage/:id/:userId/:token (public)', () => {
  it('shows the request with its responses to a recipient who is not signed in', async () => {
    const app = openSignedOut({ [`GET ${API}`]: json(asRecipient()) });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    await waitFor(() => expect(document.title).toBe('Service request - Porta'));
    expect(app.path()).toBe(PATH);
    expect(screen.getByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(screen.getByText('Olivia Owner')).toBeTruthy();
    expect(screen.getByText('Maintenance dispatch')).toBeTruthy();
    // Attachments by name only: their addresses need signing in.
    const files = screen.getByRole('list', { name: 'Attachments' });
    expect(within(files).getByText('tap.jpg')).toBeTruthy();
    expect(within(files).queryByRole('link')).toBeNull();
    expect(screen.getByText('Sign in to Porta to open the attachments.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Response by Pekka Manager' })).toBeTruthy();
    // Not the signed-in layout, and no token sent.
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    const get = app.requests.find((r) => r.path.startsWith(API))!;
    expect(get.path).toBe(`${API}?lang=en`);
    expect(get.authorization).toBeNull();
    // No attachments can be added without signing in.
    const reply = screen.getByRole('region', { name: 'Respond' });
    expect(within(reply).queryByLabelText('Attach files')).toBeNull();
  });

  it('answers the request and moves its status, telling the sender or not', async () => {
    const answered = asRecipient({}, [
      response(1),
      response(2, { isOwn: true, content: '<p>A plumber comes on Monday.</p>' }),
    ]);
    const moved = asRecipient({ statusKey: 'inprogress' }, answered.responses);
    const app = openSignedOut({
      [`GET ${API}`]: json(asRecipient()),
      [`POST ${API}/responses`]: json(answered, 201),
      [`PUT ${API}`]: json(moved),
    });
    const reply = await screen.findByRole('region', { name: 'Respond' });
    await app.user.click(within(reply).getByRole('button', { name: 'Send response' }));
    expect(within(reply).getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    await app.user.type(within(reply).getByLabelText('Write a response'), 'A plumber comes on Monday.');
    await app.user.click(within(reply).getByRole('button', { name: 'Send response' }));
    expect(await screen.findByRole('article', { name: 'Your response' })).toBeTruthy();
    await waitFor(() => expect(toasts().textContent).toContain('Response sent'));
    expect((within(reply).getByLabelText('Write a response') as HTMLTextAreaElement).value).toBe('');

    const status = screen.getByRole('region', { name: 'Status of the request' });
    await app.user.selectOptions(within(status).getByLabelText('Status'), 'In progress');
    expect(within(status).getByRole('checkbox', { name: 'Notify the sender' })).toHaveProperty(
      'checked',
      true,
    );
    await app.user.click(within(status).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(toasts().textContent).toContain('Status changed'));
    expect(
      within(screen.getByRole('article', { name: 'Dripping tap in the kitchen' })).getAllByText('In progress')
        .length,
    ).toBeGreaterThan(0);

    expect(
      app.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body, r.authorization]),
    ).toEqual([
      ['POST', `${API}/responses?lang=en`, { content: '<p>A plumber comes on Monday.</p>' }, null],
      ['PUT', `${API}?lang=en`, { statusKey: 'inprogress', sendNotification: true }, null],
    ]);
  });

  it('shows no answer form once the request is closed, but the status can still move', async () => {
    openSignedOut({
      [`GET ${API}`]: json(
        asRecipient({
          statusKey: 'closed',
          closed: true,
          closedAt: '2026-03-05T10:00:00.000Z',
          canRespond: false,
        }),
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    expect(screen.queryByRole('region', { name: 'Respond' })).toBeNull();
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Closed', 'Open']);
  });

  it("says 'The link is not valid or has expired.' for a link that is not good", async () => {
    const app = openSignedOut({
      [`GET ${API}`]: problem(404, 'SRQ_MANAGE_LINK_INVALID', 'The link is not valid or has expired.'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Service request' });
    expect((await screen.findByRole('alert')).textContent).toBe('The link is not valid or has expired.');
    expect(screen.queryByRole('region', { name: 'Respond' })).toBeNull();
    expect(app.path()).toBe(PATH);
  });

  it('treats any 404 as a link that is not good', async () => {
    openSignedOut({ [`GET ${API}`]: problem(404, 'NOT_FOUND', 'Not Found') });
    expect((await screen.findByRole('alert')).textContent).toBe('The link is not valid or has expired.');
  });

  it('opens outside the signed-in layout for a signed-in user too, and wins over the old addresses', async () => {
    const app = startSignedIn(PATH, {
      features: featuresOn('service-requests'),
      routes: { [`GET ${API}`]: json(asRecipient({ subject: serviceRequest().subject })) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    expect(app.path()).toBe(PATH);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});
