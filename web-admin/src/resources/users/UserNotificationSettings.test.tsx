import type { NotificationSettings, Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  json,
  meOf,
  mockFetch,
  problem,
  type SentRequest,
  tokens,
} from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const olli = adminUser(3, { firstName: 'Olli', lastName: 'Owner', email: 'olli.owner@example.com' });
const SETTINGS = `/api/notifications/admin/users/${olli.id}/settings`;
const PAGE = `/admin/user/notifications/${olli.id}`;

/** What the service holds for Olli: comments on news off, no e-mails, push on. */
const stored: NotificationSettings = {
  settings: [
    { key: 'PUBLIC_DISCUSSIONS', active: true },
    { key: 'PUBLIC_DISCUSSIONS_REPLY', active: true },
    { key: 'NEIGHBOUR_MESSAGES', active: true },
    { key: 'NEIGHBOUR_MESSAGES_REPLY', active: true },
    { key: 'NEWS_COMMENT', active: false },
    { key: 'ALL_NEWS_POSTS', active: true },
    { key: 'CALENDAR_EVENTS', active: true },
    { key: 'ADVERTISEMENT', active: true },
    { key: 'DOCUMENT_UPLOAD', active: true },
  ],
  emailNotificationsDisabled: true,
  pushNotificationsDisabled: false,
};

const LABELS = [
  'New public discussions',
  'Replies in public discussions',
  'Messages from neighbours',
  'Replies to neighbour messages',
  'Comments on news',
  'All news posts',
  'Calendar events',
  'Advertisements',
  'New documents',
];

function api(
  roles: Role[],
  settings: { get?: (r: SentRequest) => Response; put?: (r: SentRequest) => Response } = {},
) {
  return mockFetch({
    'GET /api/identity/me': () => json(meOf(roles)),
    [`GET /api/identity/admin/users/${olli.id}`]: () => json(olli),
    [`GET /api/identity/admin/users/${olli.id}/roles`]: () =>
      json({ global: [], housingCompanies: [], apartments: [], scheduledChanges: [] }),
    [`GET ${SETTINGS}`]: settings.get ?? (() => json(stored)),
    [`PUT ${SETTINGS}`]: settings.put ?? ((r) => json(r.body)),
  });
}

/** The on/off switch with this label. */
function toggle(name: string): HTMLInputElement {
  return screen.getByRole('switch', { name }) as HTMLInputElement;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe("a user's notification settings (03 §2 /admin/user/notifications/{id}, §3)", () => {
  it("shows the user and the stored settings, e-mail and push as 'on' switches", async () => {
    const calls = api(['yitProject']);
    renderAppAt(PAGE, session);

    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeTruthy();
    expect(await screen.findByText('Olli Owner')).toBeTruthy();
    expect(screen.getByText('olli.owner@example.com')).toBeTruthy();
    await screen.findByRole('switch', { name: 'Comments on news' });

    for (const label of LABELS) expect(toggle(label).checked, label).toBe(label !== 'Comments on news');
    expect(toggle('E-mail notifications on').checked).toBe(false);
    expect(toggle('Push notifications on').checked).toBe(true);
    expect(calls.to(`GET ${SETTINGS}`)[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('saves every key and the channels as disabled flags, with a confirmation', async () => {
    const calls = api(['admin']);
    renderAppAt(PAGE, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Calendar events' }));
    await user.click(toggle('Comments on news'));
    await user.click(toggle('E-mail notifications on'));
    await user.click(toggle('Push notifications on'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.to(`PUT ${SETTINGS}`)).toHaveLength(1));
    const sent = calls.to(`PUT ${SETTINGS}`)[0]!;
    expect(sent.body).toEqual({
      settings: [
        { key: 'PUBLIC_DISCUSSIONS', active: true },
        { key: 'PUBLIC_DISCUSSIONS_REPLY', active: true },
        { key: 'NEIGHBOUR_MESSAGES', active: true },
        { key: 'NEIGHBOUR_MESSAGES_REPLY', active: true },
        { key: 'NEWS_COMMENT', active: true },
        { key: 'ALL_NEWS_POSTS', active: true },
        { key: 'CALENDAR_EVENTS', active: false },
        { key: 'ADVERTISEMENT', active: true },
        { key: 'DOCUMENT_UPLOAD', active: true },
      ],
      emailNotificationsDisabled: false,
      pushNotificationsDisabled: true,
    });
    expect(sent.headers.get('Authorization')).toBe('Bearer access-1');
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    // The form now shows what the service stored.
    expect(toggle('Calendar events').checked).toBe(false);
    expect(toggle('E-mail notifications on').checked).toBe(true);
  });

  it("shows the spec's text when saving fails, and keeps the changes", async () => {
    const calls = api(['yitMarketing'], { put: () => problem(500, 'INTERNAL', 'Something went wrong') });
    renderAppAt(PAGE, session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Advertisements' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings saving failed.')).toBeTruthy();
    expect(calls.to(`PUT ${SETTINGS}`)).toHaveLength(1);
    expect(screen.queryByText('Notification settings saved')).toBeNull();
    expect(toggle('Advertisements').checked).toBe(false);
  });

  it("shows the spec's text when the settings cannot be loaded, and loads again on request", async () => {
    let fail = true;
    const calls = api(['admin'], {
      get: () => (fail ? problem(404, 'NTF_USER_NOT_FOUND', 'Not here') : json(stored)),
    });
    renderAppAt(PAGE, session);
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Notification settings could not be saved or loaded.');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('switch', { name: 'Comments on news' })).toBeTruthy();
    expect(calls.to(`GET ${SETTINGS}`)).toHaveLength(2);
  });
});

describe('the notification settings link on the user page', () => {
  it('leads a global user manager to the settings page', async () => {
    api(['yitBusinessAdmin']);
    renderAppAt(`/admin/users/${olli.id}/show`, session);
    const user = userEvent.setup();

    const link = await screen.findByRole('link', { name: 'Notification settings' });
    expect(link.getAttribute('href')).toBe(PAGE);
    await user.click(link);

    await waitFor(() => expect(window.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('switch', { name: 'Comments on news' })).toBeTruthy();
  });

  it('is hidden from a reader the service would refuse, who cannot open the page either', async () => {
    const calls = api(['yitUser']);
    const { unmount } = renderAppAt(`/admin/users/${olli.id}/show`, session);

    expect(await screen.findByText(olli.email)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Notification settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notification settings' })).toBeNull();
    unmount();

    renderAppAt(PAGE, session);
    expect(await screen.findByText(/not found/i)).toBeTruthy();
    expect(calls.to(`GET ${SETTINGS}`)).toHaveLength(0);
  });
});
