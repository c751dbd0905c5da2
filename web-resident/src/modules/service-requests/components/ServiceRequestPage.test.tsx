import type { ServiceRequestDetail } from '@porta/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../../testing/fake-xhr';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  attachment,
  detail,
  handlerRights,
  listPage,
  manager,
  REQUEST_ID,
  response,
  serviceRequest,
  srqId,
  toasts,
} from '../testing/service-request-fixtures';

const BASE = '/api/service-requests';
const PATH = `/support/service-requests/${REQUEST_ID}`;
const ITEM = `${BASE}/requests/${REQUEST_ID}`;
const features = featuresOn('service-requests');

const writes = (app: { requests: RecordedRequest[] }) =>
  app.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

function openRequest(request: ServiceRequestDetail | Response[], routes: SignedInOptions['routes'] = {}) {
  return startSignedIn(PATH, {
    features,
    routes: { [`GET ${ITEM}`]: Array.isArray(request) ? request : json(request), ...routes },
  });
}

/** A request the reader did not send and may not change (a public one of the housing company). */
const othersPublic = (overrides: Partial<ServiceRequestDetail> = {}) =>
  detail({
    public: true,
    sender: { ...manager, id: manager.id, name: 'Nina Neighbour', apartment: 'B 12', tel: null },
    isOwn: false,
    canEdit: false,
    canChangeStatus: false,
    canChangePublicity: false,
    canDelete: false,
    canRemind: false,
    ...overrides,
  });

/** A handler's view of a request sent by a resident (Olivia's fixture data as the sender). */
const handled = (overrides: Partial<ServiceRequestDetail> = {}) => detail({ ...handlerRights, ...overrides });

describe('the service request page', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:porta-file'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the request, its sender, content, attachments and responses oldest first', async () => {
    const photo = attachment(1, 'tap.jpg', 'image/jpeg');
    const manual = attachment(2, 'manual.pdf', 'application/pdf');
    const reply = attachment(3, 'invoice.pdf', 'application/pdf');
    const request = detail({ urgentRequest: true, attachments: [photo, manual] }, [
      response(1, { attachments: [reply] }),
      response(2, {
        isOwn: true,
        sender: { id: srqId(903), name: 'Olivia Owner', tel: null, apartmentId: null, apartment: 'A 1' },
      }),
    ]);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const app = openRequest(request, {
      [`GET ${photo.url}`]: () => new Response('jpg', { status: 200 }),
      [`GET ${manual.url}`]: () => new Response('pdf', { status: 200 }),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    await waitFor(() => expect(document.title).toBe('Dripping tap in the kitchen - Support - Porta'));
    const article = heading.closest('article')!;
    expect(within(article).getAllByText('Open').length).toBeGreaterThanOrEqual(1);
    expect(within(article).getAllByText('Urgent').length).toBeGreaterThanOrEqual(1);
    expect(within(article).getAllByText('Private').length).toBeGreaterThanOrEqual(1);
    expect(within(article).getByText('Maintenance dispatch')).toBeTruthy();
    expect(within(article).getByText('Olivia Owner')).toBeTruthy();
    expect(within(article).getByText('A 1')).toBeTruthy();
    expect(within(article).getByRole('link', { name: '+358 40 123 4567' }).getAttribute('href')).toBe(
      'tel:+358401234567',
    );
    expect(within(article).getByText('The kitchen tap drips all night.')).toBeTruthy();

    const files = within(article).getByRole('list', { name: 'Attachments' });
    const thumbnail = await within(files).findByRole('button', { name: 'Open image tap.jpg' });
    expect(within(thumbnail).getByRole('img', { name: 'tap.jpg' }).getAttribute('src')).toBe(
      'blob:porta-file',
    );
    // The image opens in the image viewer, not in a bare blob: tab (issue 17).
    await app.user.click(thumbnail);
    const viewer = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(await within(viewer).findByRole('img', { name: 'tap.jpg' })).toBeTruthy();
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('tap.jpg');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull();
    expect(document.activeElement).toBe(thumbnail);
    // Other files are fetched with the token when opened.
    await app.user.click(within(files).getByRole('link', { name: 'manual.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = app.requests.find((r) => r.path === manual.url)!;
    expect(download.authorization).toBe('Bearer stored-access-token');

    const responses = screen.getByRole('heading', { level: 2, name: 'Responses (2)' }).closest('section')!;
    const articles = within(responses).getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Response by Pekka Manager',
      'Your response',
    ]);
    expect(within(articles[0]!).getByText('Response number 1')).toBeTruthy();
    expect(
      within(articles[0]!).getByRole('list', { name: 'Attachments of the response by Pekka Manager' }),
    ).toBeTruthy();
    expect(within(articles[1]!).getByText('Olivia Owner, A 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to service requests' }).getAttribute('href')).toBe(
      '/support/service-requests',
    );
  });

  it('answers with a text and attachments; nothing is sent without a text', async () => {
    const xhr = stubXhr();
    const file = attachment(5, 'photo.png', 'image/png');
    const answered = detail({}, [
      response(1, { isOwn: true, content: '<p>It still drips.</p>', attachments: [file] }),
    ]);
    const app = openRequest(detail(), {
      [`POST ${ITEM}/responses`]: json(answered, 201),
      [`GET ${file.url}`]: () => new Response('png', { status: 200 }),
    });
    await screen.findByText('No responses yet.');
    const form = screen.getByRole('region', { name: 'Respond' });
    await app.user.click(within(form).getByRole('button', { name: 'Send response' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect(document.activeElement).toBe(within(form).getByLabelText('Write a response'));
    expect(writes(app)).toEqual([]);

    await app.user.type(within(form).getByLabelText('Write a response'), 'It still drips.');
    await userEvent
      .setup()
      .upload(within(form).getByLabelText('Attach files'), new File(['png'], 'photo.png'));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    act(() => xhr.requests[0]!.respond(201, file));
    await within(form).findByText('Uploaded');
    await app.user.click(within(form).getByRole('button', { name: 'Send response' }));
    await waitFor(() => expect(toasts().textContent).toContain('Response sent'));
    expect(await screen.findByRole('article', { name: 'Your response' })).toBeTruthy();
    expect((within(form).getByLabelText('Write a response') as HTMLTextAreaElement).value).toBe('');
    expect(within(form).queryByRole('list', { name: 'Attached files' })).toBeNull();
    expect(writes(app)).toEqual([
      ['POST', `${ITEM}/responses?lang=en`, { content: '<p>It still drips.</p>', attachmentIds: [file.id] }],
    ]);
  });

  it("lets the sender only close the request, and shows the server's message when that fails", async () => {
    const closed = serviceRequest({
      statusKey: 'closed',
      closed: true,
      closedAt: '2026-03-05T10:00:00.000Z',
      canChangeStatus: false,
      canRemind: false,
      canDelete: false,
      canEdit: false,
    });
    const app = openRequest(detail(), {
      [`PUT ${ITEM}`]: [
        problem(409, 'SRQ_CLOSE_FAILED', 'Service request could not be closed'),
        json(closed),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const actions = screen.getByRole('region', { name: 'Manage the request' });
    expect(within(actions).queryByLabelText('Status')).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Change status' })).toBeNull();
    await app.user.click(within(actions).getByRole('button', { name: 'Close request' }));
    expect((await within(actions).findByRole('alert')).textContent).toBe(
      'Service request could not be closed',
    );

    await app.user.click(within(actions).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(toasts().textContent).toContain('Service request closed'));
    expect(within(actions).queryByRole('button', { name: 'Close request' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Respond' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(writes(app)).toEqual([
      ['PUT', `${ITEM}?lang=en`, { statusKey: 'closed', sendNotification: false }],
      ['PUT', `${ITEM}?lang=en`, { statusKey: 'closed', sendNotification: false }],
    ]);
  });

  it('lets a handler move the status, telling the sender or not', async () => {
    const app = openRequest(handled(), {
      [`PUT ${ITEM}`]: json(serviceRequest({ ...handlerRights, statusKey: 'inprogress' })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const actions = screen.getByRole('region', { name: 'Manage the request' });
    expect(within(actions).queryByRole('button', { name: 'Close request' })).toBeNull();
    const status = within(actions).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Open', 'In progress', 'Closed', 'Declined']);
    const change = within(actions).getByRole('button', { name: 'Change status' });
    expect(change.hasAttribute('disabled')).toBe(true);
    await app.user.selectOptions(status, 'In progress');
    const notify = within(actions).getByRole('checkbox', { name: 'Notify the sender' });
    expect(notify).toHaveProperty('checked', true);
    await app.user.click(notify);
    await app.user.click(change);
    await waitFor(() => expect(toasts().textContent).toContain('Status changed'));
    await waitFor(() =>
      expect(
        within(within(actions).getByLabelText('Status'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['In progress', 'Open', 'Closed', 'Declined']),
    );
    expect(writes(app)).toEqual([
      ['PUT', `${ITEM}?lang=en`, { statusKey: 'inprogress', sendNotification: false }],
    ]);
  });

  it('offers a handler only reopening a closed request, and no answer form', async () => {
    openRequest(
      handled({
        statusKey: 'declined',
        closed: true,
        closedAt: '2026-03-05T10:00:00.000Z',
        canRespond: false,
        canRemind: false,
        canForward: false,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Declined', 'Open']);
    expect(screen.queryByRole('region', { name: 'Respond' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
  });

  it('shows no actions to a reader without rights, who may still answer', async () => {
    openRequest(othersPublic());
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    expect(screen.queryByRole('region', { name: 'Manage the request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Respond' })).toBeTruthy();
  });

  it('makes a request public or private; a refusal shows the server message', async () => {
    const app = openRequest(detail(), {
      [`PUT ${ITEM}`]: [
        json(serviceRequest({ public: true })),
        problem(409, 'SRQ_PUBLICITY_UPDATE_FAILED', 'Publicity update failed'),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const toggle = screen.getByRole('switch', { name: 'Public' });
    expect(toggle).toHaveProperty('checked', false);
    await app.user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Public' })).toHaveProperty('checked', true),
    );
    await app.user.click(screen.getByRole('switch', { name: 'Public' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Publicity update failed');
    expect(screen.getByRole('switch', { name: 'Public' })).toHaveProperty('checked', true);
    expect(writes(app)).toEqual([
      ['PUT', `${ITEM}?lang=en`, { public: true }],
      ['PUT', `${ITEM}?lang=en`, { public: false }],
    ]);
  });

  it('keeps a request sent to a resident private', async () => {
    openRequest(detail({ targetedToUser: true }));
    const toggle = await screen.findByRole('switch', { name: 'Public' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('A request sent to a resident cannot be made public.')).toBeTruthy();
  });

  it("sends a reminder, and shows the server's message when it is too soon", async () => {
    const app = openRequest(
      [json(detail()), json(detail({ canRemind: false, lastReminderAt: '2026-03-03T08:00:00.000Z' }))],
      {
        [`POST ${ITEM}/reminder`]: [
          problem(429, 'SRQ_REMINDER_TOO_SOON', 'A reminder was sent less than an hour ago.'),
          json({
            remindedAt: '2026-03-03T08:00:00.000Z',
            nextReminderAt: '2026-03-03T09:00:00.000Z',
            recipients: 1,
          }),
        ],
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    await app.user.click(screen.getByRole('button', { name: 'Send reminder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A reminder was sent less than an hour ago.');
    await app.user.click(screen.getByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(toasts().textContent).toContain('Reminder sent'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes after confirming, then shows the list read again', async () => {
    const app = openRequest(detail(), {
      [`DELETE ${ITEM}`]: () => new Response(null, { status: 204 }),
      [`GET ${BASE}/requests`]: json(
        listPage([serviceRequest({ id: srqId(3), subject: 'Another request' })]),
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const remove = screen.getByRole('button', { name: 'Delete request' });
    await app.user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete this service request?' });
    expect(
      within(dialog).getByText('The request, its responses and its attachments will be removed.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(writes(app)).toEqual([]);

    await app.user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete this service request?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { level: 1, name: 'Service requests' });
    await waitFor(() => expect(app.path()).toBe('/support/service-requests'));
    expect(await screen.findByRole('link', { name: 'Another request' })).toBeTruthy();
    await waitFor(() => expect(toasts().textContent).toContain('Service request deleted'));
    expect(writes(app)).toEqual([['DELETE', `${ITEM}?lang=en`, undefined]]);
  });

  it('shows the not-found state for a request that is not there or not the reader’s', async () => {
    const app = openRequest([problem(404, 'SRQ_NOT_FOUND', 'Service request not found or already closed')]);
    await screen.findByRole('heading', { level: 1, name: 'Service request' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This service request could not be found. It may have been deleted.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    app.unmount();

    const other = startSignedIn('/support/service-requests/not-an-id', { features });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This service request could not be found. It may have been deleted.',
    );
    expect(other.calls().some((call) => call.includes('/requests/'))).toBe(false);
  });
});
