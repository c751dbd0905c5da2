import type { ServiceRequestDetail } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { featuresOn, type SignedInOptions, startSignedIn } from '../../../testing/signed-in';
import {
  attachment,
  detail,
  handlerRights,
  olivia,
  REQUEST_ID,
  response,
  toasts,
} from '../testing/service-request-fixtures';

/**
 * Changing what was written on a request (ADR 0018): one's own response is edited in place and
 * deleted after confirming; a manager deletes others'; a file one added is removed after
 * confirming. What the server refuses shows its message, and what was typed stays.
 */

const BASE = '/api/service-requests';
const PATH = `/support/service-requests/${REQUEST_ID}`;
const ITEM = `${BASE}/requests/${REQUEST_ID}`;
const features = featuresOn('service-requests');

const writes = (app: { requests: RecordedRequest[] }) =>
  app.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

function openRequest(request: ServiceRequestDetail, routes: SignedInOptions['routes'] = {}) {
  return startSignedIn(PATH, { features, routes: { [`GET ${ITEM}`]: json(request), ...routes } });
}

const mine = (n: number, overrides = {}) =>
  response(n, {
    sender: { ...olivia, tel: null },
    isOwn: true,
    canEdit: true,
    canDelete: true,
    content: '<p>The tap still drips.</p>',
    ...overrides,
  });

describe('responses', () => {
  it('edits one’s own response in place, keeps the text and shows the server’s message when refused', async () => {
    const own = mine(1);
    const edited = {
      ...own,
      content: '<p>It drips only at night.</p>',
      editedAt: '2026-03-04T10:00:00.000Z',
    };
    const app = openRequest(detail({}, [response(2), own]), {
      [`PUT ${ITEM}/responses/${own.id}`]: [
        problem(409, 'SRQ_ALREADY_CLOSED', 'Service request not found or already closed'),
        json(detail({}, [response(2), edited])),
      ],
    });
    const article = await screen.findByRole('article', { name: 'Your response' });
    // Only one's own response offers editing.
    const others = screen.getByRole('article', { name: 'Response by Pekka Manager' });
    expect(within(others).queryByRole('button', { name: 'Edit response' })).toBeNull();
    expect(within(others).queryByRole('button', { name: 'Delete response' })).toBeNull();

    const edit = within(article).getByRole('button', { name: 'Edit response' });
    await app.user.click(edit);
    const field = within(article).getByLabelText(/Edit your response/) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('The tap still drips.');
    // Escape leaves the form unchanged, back on the button.
    await app.user.keyboard('{Escape}');
    expect(within(article).queryByLabelText(/Edit your response/)).toBeNull();
    expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'Edit response' }));
    expect(writes(app)).toEqual([]);

    await app.user.keyboard('{Enter}');
    const again = within(article).getByLabelText(/Edit your response/) as HTMLTextAreaElement;
    await app.user.clear(again);
    await app.user.click(within(article).getByRole('button', { name: 'Save changes' }));
    expect(within(article).getByText('This field is required')).toBeTruthy();
    expect(writes(app)).toEqual([]);

    await app.user.type(again, 'It drips only at night.');
    await app.user.click(within(article).getByRole('button', { name: 'Save changes' }));
    expect((await within(article).findByRole('alert')).textContent).toBe(
      'Service request not found or already closed',
    );
    expect(again.value).toBe('It drips only at night.');

    await app.user.click(within(article).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts().textContent).toContain('Response updated'));
    expect(within(article).queryByLabelText(/Edit your response/)).toBeNull();
    expect(within(article).getByText('It drips only at night.')).toBeTruthy();
    expect(within(article).getByText('(edited)')).toBeTruthy();
    expect(document.activeElement).toBe(within(article).getByRole('button', { name: 'Edit response' }));
    const put = [`${ITEM}/responses/${own.id}?lang=en`, { content: '<p>It drips only at night.</p>' }];
    expect(writes(app)).toEqual([
      ['PUT', ...put],
      ['PUT', ...put],
    ]);
  });

  it('deletes one’s own response after confirming: it keeps its place as deleted', async () => {
    const own = mine(1, { attachments: [attachment(1, 'drip.pdf', 'application/pdf', { canRemove: true })] });
    const deleted = {
      ...own,
      content: '',
      attachments: [],
      isDeleted: true,
      canEdit: false,
      canDelete: false,
    };
    const app = openRequest(detail({}, [own, response(2)]), {
      [`DELETE ${ITEM}/responses/${own.id}`]: json(detail({}, [deleted, response(2)])),
    });
    const article = await screen.findByRole('article', { name: 'Your response' });
    const remove = within(article).getByRole('button', { name: 'Delete response' });
    await app.user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete this response?' });
    expect(
      within(dialog).getByText(
        'Your response and its attachments will be removed. Others see that a response was deleted.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(writes(app)).toEqual([]);

    await app.user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete this response?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts().textContent).toContain('Response deleted'));
    const gone = await screen.findByRole('article', { name: 'Deleted response' });
    expect(within(gone).getByText('This response has been deleted.')).toBeTruthy();
    expect(within(gone).queryByRole('button')).toBeNull();
    expect(within(gone).queryByText('drip.pdf')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(gone));
    expect(screen.getAllByRole('article', { name: /Response by|Deleted response/ })).toHaveLength(2);
    expect(writes(app)).toEqual([['DELETE', `${ITEM}/responses/${own.id}?lang=en`, undefined]]);
  });

  it("lets a manager delete another's response, and shows a refusal in the dialog", async () => {
    const theirs = response(1, {
      sender: { ...olivia, name: 'Nina Neighbour' },
      canDelete: true,
    });
    const app = openRequest(detail({ ...handlerRights, sender: olivia }, [theirs]), {
      [`DELETE ${ITEM}/responses/${theirs.id}`]: [
        problem(
          403,
          'SRQ_RESPONSE_NOT_DELETABLE',
          'Only the writer, while the request is not closed, or a manager can delete the reply.',
        ),
      ],
    });
    const article = await screen.findByRole('article', { name: 'Response by Nina Neighbour' });
    expect(within(article).queryByRole('button', { name: 'Edit response' })).toBeNull();
    await app.user.click(within(article).getByRole('button', { name: 'Delete response' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this response?' });
    expect(
      within(dialog).getByText(
        'The response and its attachments will be removed. Others see that a response was deleted.',
      ),
    ).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only the writer, while the request is not closed, or a manager can delete the reply.',
    );
    expect(screen.getByRole('article', { name: 'Response by Nina Neighbour' })).toBeTruthy();
  });
});

describe('attachments', () => {
  it('removes a file one added to the request after confirming; others have no Remove button', async () => {
    const own = attachment(1, 'leak.pdf', 'application/pdf', { canRemove: true });
    const theirs = attachment(2, 'manual.pdf', 'application/pdf');
    const app = openRequest(detail({ attachments: [own, theirs] }), {
      [`DELETE ${ITEM}/attachments/${own.id}`]: json(detail({ attachments: [theirs] })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' });
    const files = screen.getByRole('list', { name: 'Attachments' });
    expect(within(files).queryByRole('button', { name: 'Remove manual.pdf' })).toBeNull();
    const remove = within(files).getByRole('button', { name: 'Remove leak.pdf' });
    expect(remove.textContent).toBe('Remove');
    remove.focus();
    await app.user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Remove this attachment?' });
    expect(within(dialog).getByText('leak.pdf will be removed for good.')).toBeTruthy();
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts().textContent).toContain('Attachment removed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Attachments' })).queryByText('leak.pdf')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Dripping tap in the kitchen' }),
      ),
    );
    expect(writes(app)).toEqual([['DELETE', `${ITEM}/attachments/${own.id}?lang=en`, undefined]]);
  });

  it("removes a file from one's response by the response's address, and shows a refusal", async () => {
    const file = attachment(3, 'reply.pdf', 'application/pdf', { canRemove: true });
    const own = mine(1, { attachments: [file] });
    const app = openRequest(detail({}, [own]), {
      [`DELETE ${ITEM}/responses/${own.id}/attachments/${file.id}`]: [
        problem(409, 'SRQ_ALREADY_CLOSED', 'Service request not found or already closed'),
        json(detail({}, [{ ...own, attachments: [] }])),
      ],
    });
    const article = await screen.findByRole('article', { name: 'Your response' });
    await app.user.click(within(article).getByRole('button', { name: 'Remove reply.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this attachment?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Service request not found or already closed',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(article).queryByText('reply.pdf')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(article));
    const path = `${ITEM}/responses/${own.id}/attachments/${file.id}?lang=en`;
    expect(writes(app)).toEqual([
      ['DELETE', path, undefined],
      ['DELETE', path, undefined],
    ]);
  });
});
