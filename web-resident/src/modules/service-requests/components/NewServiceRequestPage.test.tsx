import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { IDS } from '../../../testing/fixtures';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  attachment,
  detail,
  NEIGHBOUR_ID,
  PARTNER_COMPANY_ID,
  serviceRequest,
  srqId,
  toasts,
  types,
} from '../testing/service-request-fixtures';

const BASE = '/api/service-requests';
const PATH = '/support/service-requests/new';
const features = featuresOn('service-requests');
const CREATED_ID = srqId(77);

const posts = (app: { requests: RecordedRequest[] }) =>
  app.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`${BASE}/requests`));

function openForm(routes: SignedInOptions['routes'] = {}) {
  const created = serviceRequest({ id: CREATED_ID, subject: 'Maintenance dispatch' });
  return startSignedIn(PATH, {
    features,
    routes: {
      [`GET ${BASE}/types`]: json(types()),
      [`GET ${BASE}/targets`]: json({
        items: [
          { userId: NEIGHBOUR_ID, name: 'Nina Neighbour', apartment: 'B 12' },
          { userId: srqId(902), name: 'Board Chair', apartment: null },
        ],
      }),
      [`POST ${BASE}/requests`]: json(created, 201),
      [`GET ${BASE}/requests/${CREATED_ID}`]: json(detail({ ...created })),
      ...routes,
    },
  });
}

/** Wait for the nth upload (1-based) to reach the fake XMLHttpRequest. */
async function upload(xhr: typeof FakeXhr, n: number): Promise<FakeXhr> {
  await waitFor(() => expect(xhr.requests.length).toBeGreaterThanOrEqual(n));
  return xhr.requests[n - 1]!;
}

describe('/support/service-requests/new', () => {
  it("says 'No request types selectable' when the housing company has no types", async () => {
    openForm({ [`GET ${BASE}/types`]: json({ items: [], partnerCompanies: [] }) });
    await screen.findByRole('heading', { level: 1, name: 'New service request' });
    expect((await screen.findByRole('alert')).textContent).toBe('No request types selectable');
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('sends nothing while a required field is empty, and says why (02 §5)', async () => {
    const app = openForm();
    await screen.findByRole('heading', { level: 1, name: 'New service request' });
    await waitFor(() => expect(document.title).toBe('New service request - Support - Porta'));
    const send = await screen.findByRole('button', { name: 'Send request' });
    await app.user.click(send);
    expect(screen.getByRole('alert').textContent).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText('Type'));
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');

    // The partner type needs a partner company.
    expect(screen.queryByLabelText('Partner company')).toBeNull();
    await app.user.selectOptions(screen.getByLabelText('Type'), 'Partner');
    await app.user.type(screen.getByLabelText('Description'), 'The oven does not heat.');
    await app.user.click(send);
    expect(screen.getByText('A partner must be chosen when contacting partners')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Partner company'));
    await app.user.selectOptions(screen.getByLabelText('Partner company'), 'Demo Kitchen Partners Oy');
    expect(screen.queryByText('A partner must be chosen when contacting partners')).toBeNull();

    // Sending to a resident (private requests only) needs the resident.
    expect(screen.getByRole('radio', { name: 'Private' })).toHaveProperty('checked', true);
    await app.user.click(screen.getByRole('checkbox', { name: 'Send to a resident' }));
    const resident = await screen.findByLabelText('Resident');
    expect(
      within(resident)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a resident', 'Nina Neighbour, B 12', 'Board Chair']);
    await app.user.click(send);
    expect(
      screen.getByText('Target user must be defined when sending service request to resident'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(resident);
    // A public request is not sent to a resident.
    await app.user.click(screen.getByRole('radio', { name: 'Public' }));
    expect(screen.queryByRole('checkbox', { name: 'Send to a resident' })).toBeNull();
    expect(screen.queryByLabelText('Resident')).toBeNull();
    expect(posts(app)).toEqual([]);

    await app.user.click(send);
    await screen.findByRole('heading', { level: 1, name: 'Maintenance dispatch' });
    expect(posts(app).map((r) => r.body)).toEqual([
      expect.objectContaining({
        typeId: 'partner',
        partnerCompanyId: PARTNER_COMPANY_ID,
        public: true,
        targetedToUser: false,
        targetUserId: null,
      }),
    ]);
  });

  it('sends the request with everything chosen and opens it, with a toast', async () => {
    const xhr = stubXhr();
    const app = openForm();
    const uploader = userEvent.setup({ applyAccept: false });
    const typeField = await screen.findByLabelText('Type');
    expect(
      within(typeField)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a type', 'Maintenance dispatch', 'Common-area fault', 'Partner']);
    await app.user.selectOptions(typeField, 'Maintenance dispatch');
    expect(screen.getByLabelText('Subject').getAttribute('placeholder')).toBe('Maintenance dispatch');
    await app.user.type(screen.getByLabelText('Description'), 'The tap drips.{Enter}{Enter}Since <Monday>.');
    await app.user.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    await app.user.click(
      screen.getByRole('checkbox', { name: 'Visible to the other residents of my apartment' }),
    );
    await app.user.click(screen.getByRole('checkbox', { name: 'Send to a resident' }));
    await app.user.selectOptions(await screen.findByLabelText('Resident'), 'Nina Neighbour, B 12');
    const phone = screen.getByLabelText('Phone') as HTMLInputElement;
    expect(phone.value).toBe('+358 40 123 4567');
    await app.user.clear(phone);
    await app.user.type(phone, ' 040 555 ');

    await uploader.upload(screen.getByLabelText('Attach files'), new File(['%PDF'], 'plan.pdf'));
    const sent = await upload(xhr, 1);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`${BASE}/attachments?housingCompanyId=${IDS.demoHc}&lang=en`);
    expect(sent.headers.authorization).toBe('Bearer stored-access-token');
    expect(sent.fileName).toBe('plan.pdf');
    const file = attachment(1, 'plan.pdf', 'application/pdf');
    act(() => sent.respond(201, file));
    const chosen = screen.getByRole('list', { name: 'Attached files' });
    await within(chosen).findByText('Uploaded');

    await app.user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { level: 1, name: 'Maintenance dispatch' });
    expect(app.path()).toBe(`/support/service-requests/${CREATED_ID}`);
    await waitFor(() => expect(toasts().textContent).toContain('Service request sent'));
    expect(posts(app).map((r) => [r.path, r.body])).toEqual([
      [
        `${BASE}/requests?lang=en`,
        {
          housingCompanyId: IDS.demoHc,
          typeId: 'maintenance_dispatch',
          subject: 'Maintenance dispatch',
          content: '<p>The tap drips.</p><p>Since &lt;Monday&gt;.</p>',
          public: false,
          urgentRequest: true,
          visibleInApartment: true,
          apartmentId: IDS.demoApt,
          senderTel: '040 555',
          targetedToUser: true,
          targetUserId: NEIGHBOUR_ID,
          partnerCompanyId: null,
          attachmentIds: [file.id],
        },
      ],
    ]);
  });

  it('shows each upload with its progress, refuses files with the reason in words, and waits to send', async () => {
    const xhr = stubXhr();
    const app = openForm();
    const uploader = userEvent.setup({ applyAccept: false });
    await app.user.selectOptions(await screen.findByLabelText('Type'), 'Common-area fault');
    await app.user.type(screen.getByLabelText('Subject'), 'Broken lamp');
    await app.user.type(screen.getByLabelText('Description'), 'The stairwell lamp is broken.');

    const huge = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 36_700_161 });
    const picker = screen.getByLabelText('Attach files');
    expect(picker.getAttribute('accept')).toContain('.pdf');
    expect(picker.getAttribute('accept')).not.toContain('.zip');
    await uploader.upload(picker, [
      new File(['%PDF'], 'plan.pdf'),
      new File(['MZ'], 'setup.exe'),
      new File(['%PDF'], 'a\\b.pdf'),
      huge,
      new File(['<svg>'], 'fake.png'),
    ]);
    const chosen = screen.getByRole('list', { name: 'Attached files' });
    const row = (name: string) => within(chosen).getByText(name).closest('li') as HTMLElement;
    // Refused before uploading (the service's first checks, 02 §5).
    expect(within(row('setup.exe')).getByRole('alert').textContent).toBe(
      'Files of this type cannot be attached.',
    );
    expect(within(row('a\\b.pdf')).getByRole('alert').textContent).toBe(
      'The file name contains characters that are not allowed.',
    );
    expect(within(row('photo.jpg')).getByRole('alert').textContent).toBe(
      'The file is empty or larger than 35 MB.',
    );
    // Only the two that passed go up.
    const plan = await upload(xhr, 1);
    const fake = await upload(xhr, 2);
    expect([plan.fileName, fake.fileName]).toEqual(['plan.pdf', 'fake.png']);

    act(() => plan.progress(512, 2048));
    const bar = within(row('plan.pdf')).getByRole('progressbar', { name: 'Uploading plan.pdf' });
    expect(bar.getAttribute('value')).toBe('25');
    expect(within(row('plan.pdf')).getByText('Uploading… 25 %')).toBeTruthy();

    // The service refuses what the bytes are not (01 §8 mime_type).
    act(() =>
      fake.respond(400, { type: 'about:blank', title: 'mime_type', status: 400, code: 'SRQ_MIME_TYPE' }),
    );
    expect((await within(row('fake.png')).findByRole('alert')).textContent).toBe(
      "The file's content does not match its type.",
    );
    // A refused file can be taken off.
    await app.user.click(within(row('setup.exe')).getByRole('button', { name: 'Remove setup.exe' }));
    expect(within(chosen).queryByText('setup.exe')).toBeNull();

    // Sending waits for the upload under way.
    await app.user.click(screen.getByRole('button', { name: 'Send request' }));
    const waiting = screen.getByRole('button', { name: 'Waiting for attachments…' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    expect(posts(app)).toEqual([]);
    act(() => plan.progress(2048, 2048));
    expect(bar.getAttribute('value')).toBe('100');
    const file = attachment(1, 'plan.pdf', 'application/pdf');
    act(() => plan.respond(201, file));
    await screen.findByRole('heading', { level: 1, name: 'Maintenance dispatch' });
    expect(posts(app).map((r) => (r.body as { attachmentIds: string[] }).attachmentIds)).toEqual([[file.id]]);
    expect(posts(app).map((r) => (r.body as { subject: string }).subject)).toEqual(['Broken lamp']);
  });

  it("shows the server's message when the request is refused, and keeps what was written", async () => {
    const app = openForm({
      [`POST ${BASE}/requests`]: [
        problem(
          400,
          'SRQ_TARGET_USER_INVALID',
          'Target user must be defined when sending service request to resident',
        ),
        problem(503, 'SOMETHING_NEW', 'The service is resting. Try again in a minute.'),
      ],
    });
    await app.user.selectOptions(await screen.findByLabelText('Type'), 'Maintenance dispatch');
    await app.user.type(screen.getByLabelText('Subject'), 'Noise');
    await app.user.type(screen.getByLabelText('Description'), 'Loud ventilation.');
    await app.user.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Target user must be defined when sending service request to resident',
    );
    await app.user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The service is resting. Try again in a minute.'),
    );
    expect(app.path()).toBe(PATH);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Noise');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Loud ventilation.');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('maintenance_dispatch');
    expect(posts(app)).toHaveLength(2);
  });
});
