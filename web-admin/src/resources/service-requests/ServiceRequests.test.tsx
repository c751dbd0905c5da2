import type {
  ServiceRequestAttachment,
  ServiceRequestDetail,
  ServiceRequestResponse,
} from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../common/dates';
import { catchDownloads, expectCsvDownloaded } from '../../testing/downloads';
import {
  adminUser,
  type Handler,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  problem,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { fill, renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const SRQ = '/api/service-requests';
const LIST = `${SRQ}/admin/requests`;
const linden = housingCompany(1, { name: 'Linden Court' });
const uuid = (n: number) => `0195f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

function attachment(
  n: number,
  fileName: string,
  size = 2048,
  overrides: Partial<ServiceRequestAttachment> = {},
): ServiceRequestAttachment {
  return {
    id: uuid(500 + n),
    url: `${SRQ}/attachments/${uuid(500 + n)}`,
    fileName,
    mimeType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg',
    size,
    canRemove: false,
    ...overrides,
  };
}

function response(n: number, overrides: Partial<ServiceRequestResponse> = {}): ServiceRequestResponse {
  return {
    id: uuid(300 + n),
    serviceRequestId: uuid(1),
    content: `<p>Answer ${n}</p>`,
    sender: { id: uuid(200 + n), name: `Writer ${n}`, tel: null, apartmentId: null, apartment: null },
    attachments: [],
    createdAt: `2026-11-2${n}T09:00:00.000Z`,
    editedAt: null,
    isDeleted: false,
    isOwn: false,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

function request(n: number, overrides: Partial<ServiceRequestDetail> = {}): ServiceRequestDetail {
  return {
    id: uuid(n),
    internalId: 'PM-2026-17',
    housingCompanyId: linden.id,
    typeId: 'common_area_fault',
    subject: 'Leaking pipe in the sauna',
    content: '<p>Water on the <strong>floor</strong></p>',
    statusKey: 'open',
    closed: false,
    public: false,
    visibleInApartment: true,
    urgentRequest: true,
    targetedToUser: false,
    targetUserId: null,
    partnerCompanyId: null,
    sender: {
      id: uuid(100),
      name: 'Olga Owner',
      tel: '+358 40 123 4567',
      apartmentId: uuid(101),
      apartment: 'B 14',
    },
    recipients: [
      { userId: uuid(102), firstName: 'Maija' },
      { userId: uuid(103), firstName: 'Pekka' },
    ],
    attachments: [attachment(1, 'leak.jpg')],
    responseCount: 2,
    createdAt: '2026-11-20T08:15:00.000Z',
    updatedAt: '2026-11-20T08:15:00.000Z',
    closedAt: null,
    lastReminderAt: null,
    isOwn: false,
    canEdit: false,
    canChangeStatus: true,
    canChangePublicity: true,
    canRespond: true,
    canDelete: true,
    canAddRecipient: true,
    canForward: true,
    canRemind: true,
    canChangeInternalId: true,
    canChangeType: true,
    // Oldest first as the service sends them.
    responses: [
      response(1, { attachments: [attachment(2, 'invoice.pdf')] }),
      response(2, {
        sender: { id: uuid(202), name: 'Maija', tel: null, apartmentId: null, apartment: null },
      }),
    ],
    ...overrides,
  };
}

/** The service as the staff screens reach it: the list, one request, its changes and replies. */
function api(
  me: ReturnType<typeof meOf> = meOf(['yitUser']),
  one: ServiceRequestDetail = request(1),
  extra: Record<string, Handler> = {},
) {
  let current = one;
  const uploaded = attachment(9, 'meter.jpg', 3000);
  // Replies edited or deleted and files removed, as the service answers: the request again.
  const changeResponse = (id: string, change: (r: ServiceRequestResponse) => ServiceRequestResponse) => {
    current = { ...current, responses: current.responses.map((r) => (r.id === id ? change(r) : r)) };
    return json(current);
  };
  const changes: Record<string, Handler> = {};
  for (const r of one.responses) {
    const at = `${SRQ}/requests/${one.id}/responses/${r.id}`;
    changes[`PUT ${at}`] = (sent) =>
      changeResponse(r.id, (x) => ({
        ...x,
        content: (sent.body as { content: string }).content,
        editedAt: '2026-11-25T11:00:00.000Z',
      }));
    changes[`DELETE ${at}`] = () =>
      changeResponse(r.id, (x) => ({
        ...x,
        content: '',
        attachments: [],
        isDeleted: true,
        canEdit: false,
        canDelete: false,
      }));
    for (const file of r.attachments) {
      changes[`DELETE ${at}/attachments/${file.id}`] = () =>
        changeResponse(r.id, (x) => ({ ...x, attachments: x.attachments.filter((a) => a.id !== file.id) }));
    }
  }
  for (const file of one.attachments) {
    changes[`DELETE ${SRQ}/requests/${one.id}/attachments/${file.id}`] = () => {
      current = { ...current, attachments: current.attachments.filter((a) => a.id !== file.id) };
      return json(current);
    };
  }
  const calls = mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [linden]),
    [`GET /api/identity/admin/housing-companies/${linden.id}`]: () => json(linden),
    [`GET ${LIST}`]: () => {
      const { responses: _responses, ...row } = current;
      return listOf(
        'service-requests',
        [row, { ...row, id: uuid(2), subject: 'Sauna booking', urgentRequest: false }],
        137,
      );
    },
    [`GET ${LIST}/${one.id}`]: () => json(current),
    [`PUT ${SRQ}/requests/${one.id}`]: (sent) => {
      const body = sent.body as {
        statusKey?: ServiceRequestDetail['statusKey'];
        public?: boolean;
        internalId?: string | null;
        typeId?: ServiceRequestDetail['typeId'];
        partnerCompanyId?: string;
      };
      const statusKey = body.statusKey ?? current.statusKey;
      const closed = statusKey === 'closed' || statusKey === 'declined';
      current = {
        ...current,
        statusKey,
        closed,
        closedAt: closed ? '2026-11-25T10:00:00.000Z' : null,
        public: body.public ?? current.public,
        internalId: body.internalId === undefined ? current.internalId : body.internalId,
        typeId: body.typeId ?? current.typeId,
        partnerCompanyId: body.typeId ? (body.partnerCompanyId ?? null) : current.partnerCompanyId,
      };
      const { responses: _responses, ...row } = current;
      return json(row);
    },
    [`POST ${SRQ}/attachments`]: () => json(uploaded, 201),
    [`GET ${SRQ}/types`]: () =>
      json({
        items: (['fit_out', 'common_area_fault', 'partner'] as const).map((key) => ({
          key,
          name: key,
          needsPartner: key === 'partner',
        })),
        partnerCompanies: [
          { id: uuid(700), name: 'Demo Kitchen Partners Oy' },
          { id: uuid(701), name: 'Demo Huolto Oy' },
        ],
      }),
    [`POST ${SRQ}/requests/${one.id}/responses`]: (sent) => {
      const body = sent.body as { content: string; attachmentIds: string[] };
      const added = response(5, {
        content: body.content,
        sender: { id: uuid(1), name: 'Anna Admin', tel: null, apartmentId: null, apartment: null },
        attachments: body.attachmentIds.includes(uploaded.id) ? [uploaded] : [],
        isOwn: true,
      });
      current = {
        ...current,
        responses: [...current.responses, added],
        responseCount: current.responseCount + 1,
      };
      return json(current, 201);
    },
    [`GET ${SRQ}/requests/export`]: () =>
      new Response('\uFEFFid,internalId,createdAt\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="service-requests-2026-11-25.csv"',
        },
      }),
    [`GET ${SRQ}/attachments/${uuid(501)}`]: () =>
      new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), {
        status: 200,
        headers: { 'content-type': 'image/jpeg', 'content-disposition': "inline; filename*=UTF-8''leak.jpg" },
      }),
    ...changes,
    ...extra,
  });
  return calls;
}

const filterOf = (sent: SentRequest) =>
  JSON.parse(sent.query.get('filter') ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('service requests list (/admin/service-requests)', () => {
  it('lists the requests newest first and narrows them by housing company, view, type, status and words', async () => {
    const calls = api();
    renderAppAt('/admin/service-requests', session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Leaking pipe in the sauna')).toBeTruthy();
    expect(within(row).getByText('Common-area fault')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(within(row).getByText('Olga Owner')).toBeTruthy();
    expect(within(row).getByText('B 14')).toBeTruthy();
    expect(await within(row).findByText('Linden Court')).toBeTruthy();
    const first = calls.to(`GET ${LIST}`)[0]!;
    expect(JSON.parse(first.query.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(JSON.parse(first.query.get('range')!)).toEqual([0, 24]);

    await fill(user, screen.getByRole('combobox', { name: 'Housing company' }), 'Linden');
    await user.click(await screen.findByRole('option', { name: 'Linden Court' }));
    await user.click(screen.getByLabelText('Show'));
    await user.click(await screen.findByRole('option', { name: 'Pending (open or in progress)' }));
    await user.click(screen.getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Common-area fault' }));
    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'pipe');

    await waitFor(
      () =>
        expect(filterOf(calls.to(`GET ${LIST}`).at(-1)!)).toEqual({
          housingCompanyId: linden.id,
          view: 'pending',
          typeId: 'common_area_fault',
          statusKey: 'inprogress',
          q: 'pipe',
        }),
      { timeout: 3000 },
    );
  });

  it('opens a request from its row', async () => {
    const calls = api();
    renderAppAt('/admin/service-requests', session);
    const user = userEvent.setup();

    await user.click(await screen.findByText('Leaking pipe in the sauna'));
    await waitFor(() => expect(calls.to(`GET ${LIST}/${uuid(1)}`)).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'Responses' })).toBeTruthy();
  });

  it("downloads the CSV of the list's filters, named by the server", async () => {
    const calls = api();
    const downloads = catchDownloads();
    renderAppAt('/admin/service-requests', session);
    const user = userEvent.setup();

    await screen.findByText('Leaking pipe in the sauna');
    await user.click(screen.getByLabelText('Show'));
    await user.click(await screen.findByRole('option', { name: 'Closed (closed or declined)' }));
    await user.click(screen.getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Rental service' }));
    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'sauna');
    await waitFor(() =>
      expect(filterOf(calls.to(`GET ${LIST}`).at(-1)!)).toEqual({
        view: 'closed',
        typeId: 'rental_service',
        statusKey: 'declined',
        q: 'sauna',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await expectCsvDownloaded(downloads, 'service-requests-2026-11-25.csv');
    const sent = calls.to(`GET ${SRQ}/requests/export`)[0]!;
    expect(Object.fromEntries(sent.query)).toEqual({
      filter: 'closed',
      type: 'rental_service',
      statusKey: 'declined',
      q: 'sauna',
    });
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('says so when the export is refused', async () => {
    api(meOf(['yitUser']), request(1), {
      [`GET ${SRQ}/requests/export`]: () =>
        problem(403, 'SRQ_EXPORT_NOT_PERMITTED', 'Not authorised to see this content.'),
    });
    catchDownloads();
    renderAppAt('/admin/service-requests', session);
    const user = userEvent.setup();

    await screen.findByText('Leaking pipe in the sauna');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Not authorised to see this content.')).toBeTruthy();
  });
});

describe("a housing company's service requests (/admin/housing-companies/:id/show/service-requests)", () => {
  it("lists only that company's requests and opens one", async () => {
    const calls = api(meOf(['admin']));
    renderAppAt(`/admin/housing-companies/${linden.id}/show/service-requests`, session);
    const user = userEvent.setup();

    const tab = await screen.findByRole('tab', { name: 'Service requests' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Sauna booking')).toBeTruthy();
    // The company is the page's: no column for it.
    expect(within(table).queryByText('Housing company')).toBeNull();
    const sent = calls.to(`GET ${LIST}`)[0]!;
    expect(filterOf(sent)).toEqual({ housingCompanyId: linden.id });
    expect(JSON.parse(sent.query.get('sort')!)).toEqual(['createdAt', 'DESC']);

    await user.click(within(table).getByText('Leaking pipe in the sauna'));
    await waitFor(() => expect(calls.to(`GET ${LIST}/${uuid(1)}`)).toHaveLength(1));
  });

  it('is not a tab for staff who do not handle service requests', async () => {
    api(meOf(['contributor'], {}, [myHousingCompany(1, ['contentPublisher'])]));
    renderAppAt(`/admin/housing-companies/${linden.id}/show`, session);
    expect(await screen.findByRole('tab', { name: 'Apartments' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Service requests' })).toBeNull();
  });
});

describe('a service request (/admin/service-requests/:id/show)', () => {
  it('shows every field, the content as HTML, the attachments and the responses oldest first', async () => {
    const calls = api();
    const { saved, createObjectURL } = catchDownloads();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const responses = await screen.findByRole('region', { name: 'Responses' });
    for (const text of [
      'PM-2026-17',
      'Common-area fault',
      'Open',
      'Olga Owner',
      'B 14',
      '+358 40 123 4567',
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByText('Maija, Pekka')).toBeTruthy();
    expect(await screen.findByText('Linden Court')).toBeTruthy();
    expect(screen.getByText('floor').tagName).toBe('STRONG');

    // The responses (not their attachments' list items).
    const items = within(responses)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      expect.stringMatching(/^Writer 1, 21\.11\.2026/),
      expect.stringMatching(/^Maija, 22\.11\.2026/),
    ]);
    expect(within(items[0]!).getByText('Answer 1')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'invoice.pdf' }).getAttribute('href')).toBe(
      `${SRQ}/attachments/${uuid(502)}`,
    );

    // The request's own attachment: fetched with the token, saved under its name.
    await user.click(screen.getByRole('link', { name: 'leak.jpg' }));
    await waitFor(() => expect(saved).toContain('leak.jpg'));
    const sent = calls.to(`GET ${SRQ}/attachments/${uuid(501)}`)[0]!;
    expect(sent.headers.get('authorization')).toBe('Bearer access-1');
    expect(createObjectURL.mock.calls[0]![0].size).toBe(4);
  });

  it('moves the status and tells the sender when asked', async () => {
    const calls = api();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const handling = await screen.findByRole('region', { name: 'Handling' });
    const change = within(handling).getByRole('button', { name: 'Change status' });
    expect((change as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(handling).getByRole('combobox', { name: 'New status' }), 'Closed');
    await user.click(within(handling).getByRole('checkbox', { name: 'Notify the sender' }));
    await user.click(change);

    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[0]!.body).toEqual({
      statusKey: 'closed',
      sendNotification: true,
    });
    expect(await screen.findByText('Status changed to Closed')).toBeTruthy();
    await waitFor(() => expect(calls.to(`GET ${LIST}/${uuid(1)}`).length).toBeGreaterThan(1));
    expect(await screen.findByText('25.11.2026 12:00')).toBeTruthy();
  });

  it('changes the status without telling the sender by default, and shows a refusal', async () => {
    const calls = api(meOf(['yitUser']), request(1), {
      [`PUT ${SRQ}/requests/${uuid(1)}`]: () =>
        problem(409, 'SRQ_STATUS_UPDATE_FAILED', 'Status update failed'),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const handling = await screen.findByRole('region', { name: 'Handling' });
    await user.selectOptions(within(handling).getByRole('combobox', { name: 'New status' }), 'In progress');
    await user.click(within(handling).getByRole('button', { name: 'Change status' }));

    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[0]!.body).toEqual({
      statusKey: 'inprogress',
      sendNotification: false,
    });
    expect(await screen.findByText('Status update failed')).toBeTruthy();
  });

  it('makes a private request public and back', async () => {
    const calls = api();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const handling = await screen.findByRole('region', { name: 'Handling' });
    await user.click(within(handling).getByRole('button', { name: 'Make public' }));
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[0]!.body).toEqual({ public: true });
    expect(await screen.findByText('The request is now public')).toBeTruthy();

    await user.click(await within(handling).findByRole('button', { name: 'Make private' }));
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(2));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[1]!.body).toEqual({ public: false });
  });

  it('sends the request the way of another type, with the partner company a partner request needs', async () => {
    const calls = api();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const handling = await screen.findByRole('region', { name: 'Handling' });
    const change = within(handling).getByRole('button', { name: 'Change type' });
    const type = within(handling).getByRole('combobox', { name: 'New type' });
    // The types its housing company offers, once asked for.
    await waitFor(() => expect((type as HTMLSelectElement).disabled).toBe(false));
    expect(calls.to(`GET ${SRQ}/types`)[0]!.query.get('housingCompanyId')).toBe(linden.id);
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Fit out', 'Common-area fault', 'Partner']);
    expect((change as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(type, 'Partner');
    // A partner request waits for its partner company.
    expect((change as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(
      within(handling).getByRole('combobox', { name: 'Partner company' }),
      'Demo Huolto Oy',
    );
    await user.click(change);
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[0]!.body).toEqual({
      typeId: 'partner',
      partnerCompanyId: uuid(701),
    });
    expect(await screen.findByText('Type changed to Partner')).toBeTruthy();

    // Back to an ordinary type: no partner company is sent.
    await user.selectOptions(within(handling).getByRole('combobox', { name: 'New type' }), 'Fit out');
    expect(within(handling).queryByRole('combobox', { name: 'Partner company' })).toBeNull();
    await user.click(within(handling).getByRole('button', { name: 'Change type' }));
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(2));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[1]!.body).toEqual({ typeId: 'fit_out' });
  });

  it('says why the types could not be loaded, and keeps the rest of the handling', async () => {
    api(meOf(['yitUser']), request(1), {
      [`GET ${SRQ}/types`]: () => problem(503, 'SERVICE_UNAVAILABLE', 'Identity did not answer.'),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);

    const handling = await screen.findByRole('region', { name: 'Handling' });
    expect((await within(handling).findByRole('alert')).textContent).toBe('Identity did not answer.');
    expect(within(handling).queryByRole('button', { name: 'Change type' })).toBeNull();
    expect(within(handling).getByRole('button', { name: 'Change status' })).toBeTruthy();
  });

  it("sets and clears the handlers' internal id", async () => {
    const calls = api();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const handling = await screen.findByRole('region', { name: 'Handling' });
    const field = within(handling).getByRole('textbox', { name: 'Internal id' });
    const save = within(handling).getByRole('button', { name: 'Save internal id' });
    expect((field as HTMLInputElement).value).toBe('PM-2026-17');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, ' PM-2026-18 {Enter}');
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[0]!.body).toEqual({ internalId: 'PM-2026-18' });
    expect(await screen.findByText('Internal id saved')).toBeTruthy();

    await user.clear(within(handling).getByRole('textbox', { name: 'Internal id' }));
    await user.click(within(handling).getByRole('button', { name: 'Save internal id' }));
    await waitFor(() => expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)).toHaveLength(2));
    expect(calls.to(`PUT ${SRQ}/requests/${uuid(1)}`)[1]!.body).toEqual({ internalId: null });
  });

  it('does not offer to make public a request sent to a resident', async () => {
    api(meOf(['yitUser']), request(1, { targetedToUser: true, targetUserId: uuid(104) }));
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);

    const handling = await screen.findByRole('region', { name: 'Handling' });
    expect(within(handling).getByText('A request sent to a resident cannot be made public.')).toBeTruthy();
    expect(within(handling).queryByRole('button', { name: 'Make public' })).toBeNull();
  });

  it('replies with an attachment uploaded first', async () => {
    const calls = api();
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const reply = await screen.findByRole('region', { name: 'Reply' });
    await user.upload(
      within(reply).getByLabelText('Attach files'),
      new File(['jpg'], 'meter.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(reply).findByText('meter.jpg (3 kB)')).toBeTruthy();
    const upload = calls.to(`POST ${SRQ}/attachments`)[0]!;
    expect(upload.query.get('housingCompanyId')).toBe(linden.id);
    expect((upload.form!.get('file') as File).name).toBe('meter.jpg');
    expect(upload.headers.get('authorization')).toBe('Bearer access-1');

    await fill(
      user,
      within(reply).getByRole('textbox', { name: 'Your reply' }),
      'We fixed it <today>.\n\nThanks!',
    );
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));

    await waitFor(() => expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/responses`)).toHaveLength(1));
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/responses`)[0]!.body).toEqual({
      content: '<p>We fixed it &lt;today&gt;.</p><p>Thanks!</p>',
      attachmentIds: [uuid(509)],
    });
    expect(await screen.findByText('Reply sent')).toBeTruthy();
    const responses = screen.getByRole('region', { name: 'Responses' });
    expect(await within(responses).findByText('We fixed it <today>.')).toBeTruthy();
    expect(within(responses).getByRole('link', { name: 'meter.jpg' })).toBeTruthy();
    expect((within(reply).getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    expect(within(reply).queryByText('meter.jpg (3 kB)')).toBeNull();
  });

  it("shows the server's message when a reply is refused, and keeps what was typed and attached", async () => {
    const calls = api(meOf(['yitUser']), request(1), {
      [`POST ${SRQ}/requests/${uuid(1)}/responses`]: () =>
        problem(400, 'SRQ_SOMETHING_NEW', 'The reply could not be stored right now'),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const reply = await screen.findByRole('region', { name: 'Reply' });
    await user.upload(
      within(reply).getByLabelText('Attach files'),
      new File(['jpg'], 'meter.jpg', { type: 'image/jpeg' }),
    );
    await within(reply).findByText('meter.jpg (3 kB)');
    await fill(user, within(reply).getByRole('textbox', { name: 'Your reply' }), 'On our way');
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('The reply could not be stored right now')).toBeTruthy();
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/responses`)).toHaveLength(1);
    expect((within(reply).getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe(
      'On our way',
    );
    expect(within(reply).getByText('meter.jpg (3 kB)')).toBeTruthy();
    expect((within(reply).getByRole('button', { name: 'Send reply' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says in words why a file was refused, and sends nothing with it', async () => {
    const calls = api(meOf(['yitUser']), request(1), {
      [`POST ${SRQ}/attachments`]: () => problem(400, 'SRQ_FILE_EXTENSION', 'file_extension'),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const reply = await screen.findByRole('region', { name: 'Reply' });
    await user.upload(within(reply).getByLabelText('Attach files'), new File(['x'], 'run.exe'));
    const alert = await within(reply).findByRole('alert');
    expect(alert.textContent).toBe('This file extension is not allowed.');
    await fill(user, within(reply).getByRole('textbox', { name: 'Your reply' }), 'See the photo');
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/responses`)).toHaveLength(1));
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/responses`)[0]!.body).toMatchObject({
      attachmentIds: [],
    });
  });

  /** The request's page with two users of Linden Court to pick, found by the start of their first name. */
  function recipientsApi(forward: () => Response = () => json(request(1))) {
    const maija = adminUser(1, { firstName: 'Maija', lastName: 'Manager', email: 'maija@demo.porta.test' });
    const heikki = adminUser(2, { firstName: 'Heikki', lastName: 'Huolto', email: 'heikki@demo.porta.test' });
    const { responses: _responses, ...row } = request(1);
    const calls = api(meOf(['yitUser']), request(1), {
      'GET /api/identity/admin/users': (sent) => {
        const q = String(filterOf(sent).q ?? '').toLowerCase();
        return listOf(
          'users',
          [maija, heikki].filter((u) => !q || u.firstName.toLowerCase().startsWith(q)),
        );
      },
      [`POST ${SRQ}/requests/${uuid(1)}/recipients`]: () => json(row),
      [`POST ${SRQ}/requests/${uuid(1)}/forward`]: forward,
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    return { calls, maija, heikki };
  }

  it('adds a recipient found by name among the users of the housing company', async () => {
    const { calls, heikki } = recipientsApi();
    const user = userEvent.setup();

    const recipients = await screen.findByRole('region', { name: 'Recipients' });
    const add = within(recipients).getByRole('button', { name: 'Add as recipient' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect((within(recipients).getByRole('button', { name: 'Forward' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const picker = within(recipients).getByRole('combobox', { name: 'User of the housing company' });
    await user.type(picker, 'Hei');
    // The users of the request's housing company are asked for by the words typed, once typing stops.
    const searches = () => calls.to('GET /api/identity/admin/users').map(filterOf);
    await waitFor(() => expect(searches().map((f) => f.q)).toContain('Hei'));
    expect(searches().every((f) => f.housingCompanyId === linden.id)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('option', { name: /Maija/ })).toBeNull());
    await user.click(await screen.findByRole('option', { name: 'Heikki Huolto (heikki@demo.porta.test)' }));
    await user.click(add);
    expect(await screen.findByText('Heikki Huolto added as a recipient')).toBeTruthy();
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/recipients`).map((c) => c.body)).toEqual([
      { userId: heikki.id },
    ]);
    expect((picker as HTMLInputElement).value).toBe('');
  });

  it('forwards to a user picked by keyboard, and shows a refusal keeping the choice', async () => {
    let forwards = 0;
    const { calls, maija } = recipientsApi(() =>
      ++forwards === 1
        ? json(request(1))
        : problem(400, 'SRQ_TARGET_USER_INVALID', 'The user cannot receive this service request.'),
    );
    const user = userEvent.setup();

    const recipients = await screen.findByRole('region', { name: 'Recipients' });
    const forward = within(recipients).getByRole('button', { name: 'Forward' });
    const picker = within(recipients).getByRole('combobox', { name: 'User of the housing company' });
    await user.click(picker);
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Maija Manager (maija@demo.porta.test)' });
    await user.keyboard('{Enter}');
    await user.click(forward);
    expect(await screen.findByText('Request forwarded to Maija Manager')).toBeTruthy();
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/forward`).map((c) => c.body)).toEqual([
      { targetUserId: maija.id },
    ]);

    await user.click(picker);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: /Heikki/ }));
    await user.click(forward);
    expect(await screen.findByText('The user cannot receive this service request.')).toBeTruthy();
    expect((picker as HTMLInputElement).value).toBe('Heikki Huolto (heikki@demo.porta.test)');
  });

  it('offers recipients only to those who may list the users and where the request allows it', async () => {
    api(meOf(['contributor'], {}, [myHousingCompany(1, ['rentalManager'])]));
    const first = renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    await screen.findByRole('region', { name: 'Responses' });
    expect(screen.queryByRole('region', { name: 'Recipients' })).toBeNull();
    first.unmount();

    api(meOf(['yitUser']), request(1, { canAddRecipient: false, canForward: true }));
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const recipients = await screen.findByRole('region', { name: 'Recipients' });
    expect(within(recipients).queryByRole('button', { name: 'Add as recipient' })).toBeNull();
    expect(within(recipients).getByRole('button', { name: 'Forward' })).toBeTruthy();
  });

  it('reminds the recipients and says how many were told', async () => {
    const calls = api(meOf(['yitUser']), request(1), {
      [`POST ${SRQ}/requests/${uuid(1)}/reminder`]: () =>
        json({
          remindedAt: '2026-11-25T10:00:00.000Z',
          nextReminderAt: '2026-11-25T11:00:00.000Z',
          recipients: 2,
        }),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send a reminder' }));
    expect(await screen.findByText('Reminder sent to 2 recipients')).toBeTruthy();
    expect(calls.to(`POST ${SRQ}/requests/${uuid(1)}/reminder`)).toHaveLength(1);
  });

  it("shows the server's refusal of a reminder, and when the next one may be sent", async () => {
    api(meOf(['yitUser']), request(1), {
      [`POST ${SRQ}/requests/${uuid(1)}/reminder`]: () =>
        problem(429, 'SRQ_REMINDER_TOO_SOON', 'A reminder was sent less than an hour ago.'),
    });
    const first = renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send a reminder' }));
    expect(await screen.findByText('A reminder was sent less than an hour ago.')).toBeTruthy();
    first.unmount();

    const sentAt = new Date(Date.now() - 10 * 60_000);
    api(meOf(['yitUser']), request(1, { canRemind: false, lastReminderAt: sentAt.toISOString() }));
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const next = formatDateTime(new Date(sentAt.getTime() + 3_600_000).toISOString());
    expect(await screen.findByText(`Next reminder possible at ${next}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a reminder' })).toBeNull();
  });

  it('deletes the request after a confirmation, and goes back to the list', async () => {
    const calls = api(meOf(['yitUser']), request(1), {
      [`DELETE ${SRQ}/requests/${uuid(1)}`]: () => new Response(null, { status: 204 }),
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('The request, its responses and attachments are deleted for good.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(`DELETE ${SRQ}/requests/${uuid(1)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Request deleted')).toBeTruthy();
    expect(calls.to(`DELETE ${SRQ}/requests/${uuid(1)}`)).toHaveLength(1);
    await waitFor(() => expect(calls.to(`GET ${LIST}`).length).toBeGreaterThan(0));
  });

  it('offers no action the request does not allow', async () => {
    api(
      meOf(['yitUser']),
      request(1, {
        statusKey: 'closed',
        closed: true,
        closedAt: '2026-11-24T10:00:00.000Z',
        canChangeStatus: false,
        canChangePublicity: false,
        canRespond: false,
        canRemind: false,
        canDelete: false,
        canChangeInternalId: false,
        canAddRecipient: false,
        canForward: false,
        canChangeType: false,
      }),
    );
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);

    await screen.findByRole('region', { name: 'Responses' });
    expect(screen.queryByRole('button', { name: 'Send a reminder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save internal id' })).toBeNull();
    expect(screen.getByText('The request is closed: it can no longer be answered.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Handling' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recipients' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make public' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
  });

  it('offers only the publicity when the status may not be changed', async () => {
    api(meOf(['yitUser']), request(1, { canChangeStatus: false, canRespond: false }));
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);

    const handling = await screen.findByRole('region', { name: 'Handling' });
    expect(within(handling).getByRole('button', { name: 'Make public' })).toBeTruthy();
    expect(within(handling).queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reply' })).toBeNull();
  });
});

describe('changing replies and attachments (/admin/service-requests/:id/show)', () => {
  const own = (overrides: Partial<ServiceRequestResponse> = {}) =>
    response(2, {
      content: '<p>Coming on Monday.</p><p>Maija</p>',
      sender: { id: uuid(1), name: 'Anna Admin', tel: null, apartmentId: null, apartment: null },
      isOwn: true,
      canEdit: true,
      canDelete: true,
      ...overrides,
    });
  const responseItems = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.tagName === 'OL');

  it('edits its own reply in place, says so, and keeps the text when refused', async () => {
    const one = request(1, { responses: [response(1), own()] });
    const refusal = 'Only the writer can edit the reply while the request is not closed.';
    const put = `PUT ${SRQ}/requests/${uuid(1)}/responses/${uuid(302)}`;
    // The first save is refused with the service's message, the next one goes through.
    let shown = one;
    const calls = api(meOf(['yitUser']), one, {
      [`GET ${LIST}/${uuid(1)}`]: () => json(shown),
      [put]: (sent) => {
        if (calls.to(put).length === 1) return problem(403, 'SRQ_RESPONSE_NOT_EDITABLE', refusal);
        const { content } = sent.body as { content: string };
        shown = {
          ...one,
          responses: [
            one.responses[0]!,
            { ...one.responses[1]!, content, editedAt: '2026-11-25T11:00:00.000Z' },
          ],
        };
        return json(shown);
      },
    });
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const responses = await screen.findByRole('region', { name: 'Responses' });
    const [theirs, mine] = responseItems(responses);
    expect(within(theirs!).queryByRole('button', { name: 'Edit reply' })).toBeNull();
    expect(within(theirs!).queryByRole('button', { name: 'Delete reply' })).toBeNull();
    await user.click(within(mine!).getByRole('button', { name: 'Edit reply' }));
    const field = within(mine!).getByRole('textbox', { name: 'Edit the reply' }) as HTMLTextAreaElement;
    expect(field.value).toBe('Coming on Monday.\n\nMaija');
    expect(document.activeElement).toBe(field);
    // Escape leaves it as it was.
    await user.keyboard('{Escape}');
    expect(within(mine!).queryByRole('textbox', { name: 'Edit the reply' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(mine!).getByRole('button', { name: 'Edit reply' })),
    );
    expect(calls.to(put)).toHaveLength(0);

    await user.keyboard('{Enter}');
    await user.clear(within(mine!).getByRole('textbox', { name: 'Edit the reply' }));
    expect((within(mine!).getByRole('button', { name: 'Save reply' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await fill(user, within(mine!).getByRole('textbox', { name: 'Edit the reply' }), 'Coming on Tuesday.');
    await user.click(within(mine!).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(
      (within(mine!).getByRole('textbox', { name: 'Edit the reply' }) as HTMLTextAreaElement).value,
    ).toBe('Coming on Tuesday.');
    await user.click(within(mine!).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Reply updated')).toBeTruthy();
    expect(calls.to(put).map((sent) => sent.body)).toEqual([
      { content: '<p>Coming on Tuesday.</p>' },
      { content: '<p>Coming on Tuesday.</p>' },
    ]);
    expect(await within(mine!).findByText('Coming on Tuesday.')).toBeTruthy();
    expect(within(mine!).getByText(/\(edited\)/)).toBeTruthy();
    expect(document.activeElement).toBe(within(mine!).getByRole('button', { name: 'Edit reply' }));
  });

  it("deletes another's reply after a confirmation: it keeps its place", async () => {
    const one = request(1, {
      responses: [response(1, { canDelete: true, attachments: [attachment(2, 'invoice.pdf')] }), own()],
    });
    const calls = api(meOf(['yitUser']), one);
    const del = `DELETE ${SRQ}/requests/${uuid(1)}/responses/${uuid(301)}`;
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    const responses = await screen.findByRole('region', { name: 'Responses' });
    const first = responseItems(responses)[0]!;
    expect(within(first).queryByRole('button', { name: 'Edit reply' })).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Delete reply' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the reply?' });
    expect(
      within(dialog).getByText(
        'The reply and its attachments are removed. The others see that a reply was deleted.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(del)).toHaveLength(0);

    await user.click(within(first).getByRole('button', { name: 'Delete reply' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the reply?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }));
    expect(await screen.findByText('Reply deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.to(del)).toHaveLength(1);
    expect(await within(responses).findByText('This reply has been deleted.')).toBeTruthy();
    const items = responseItems(responses);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).queryByText('Answer 1')).toBeNull();
    expect(within(items[0]!).queryByRole('link', { name: 'invoice.pdf' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
  });

  it("removes the request's and a reply's file after a confirmation, only where allowed", async () => {
    const one = request(1, {
      attachments: [attachment(1, 'leak.jpg', 2048, { canRemove: true }), attachment(3, 'plan.pdf')],
      responses: [response(1, { attachments: [attachment(2, 'invoice.pdf', 2048, { canRemove: true })] })],
    });
    const calls = api(meOf(['yitUser']), one);
    renderAppAt(`/admin/service-requests/${uuid(1)}/show`, session);
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'leak.jpg' });
    expect(screen.queryByRole('button', { name: 'Remove plan.pdf' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove leak.jpg' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the attachment?' });
    expect(within(dialog).getByText('leak.jpg is removed for good.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Attachment removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'leak.jpg' })).toBeNull());
    expect(screen.getByRole('link', { name: 'plan.pdf' })).toBeTruthy();
    expect(calls.to(`DELETE ${SRQ}/requests/${uuid(1)}/attachments/${uuid(501)}`)).toHaveLength(1);

    const responses = screen.getByRole('region', { name: 'Responses' });
    await user.click(within(responses).getByRole('button', { name: 'Remove invoice.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the attachment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(responses).queryByRole('link', { name: 'invoice.pdf' })).toBeNull());
    // Its button is gone: focus stays in the reply, on its (now empty) list of files.
    await waitFor(() => expect(responseItems(responses)[0]!.contains(document.activeElement)).toBe(true));
    expect(
      calls.to(`DELETE ${SRQ}/requests/${uuid(1)}/responses/${uuid(301)}/attachments/${uuid(502)}`),
    ).toHaveLength(1);
    expect(within(responses).getByText('Answer 1')).toBeTruthy();
  });
});

describe('who gets the service requests', () => {
  /** The entries of the side menu, by their text. */
  async function menuEntries(): Promise<string[]> {
    await screen.findByText('Welcome, Anna Admin!');
    const menu = document.querySelector('.RaMenu-open, .RaMenu-closed');
    if (!menu) throw new Error('No menu');
    return within(menu as HTMLElement)
      .getAllByRole('menuitem')
      .map((item) => item.textContent ?? '');
  }

  it("is in the menu of a housing company's maintenance manager", async () => {
    api(meOf(['contributor'], {}, [myHousingCompany(1, ['maintenanceManager'])]));
    renderAppAt('/admin', session);
    expect(await menuEntries()).toContain('Service requests');
  });

  it('is not in the menu of a content publisher, nor routed for a partner', async () => {
    api(meOf(['contributor'], {}, [myHousingCompany(1, ['contentPublisher'])]));
    const first = renderAppAt('/admin', session);
    expect(await menuEntries()).not.toContain('Service requests');
    first.unmount();

    const calls = api(meOf(['partner']));
    renderAppAt('/admin/service-requests', session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to(`GET ${LIST}`)).toHaveLength(0);
  });
});
