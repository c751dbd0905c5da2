import { defaultNotificationSettings, type NotificationSettings } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, problem, type RecordedRequest } from '../../../testing/fetch-mock';
import { meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';

const SETTINGS = '/api/notifications/settings';

const stored: NotificationSettings = {
  settings: defaultNotificationSettings().settings.map((s) =>
    s.key === 'CALENDAR_EVENTS' ? { ...s, active: false } : s,
  ),
  emailNotificationsDisabled: true,
  pushNotificationsDisabled: false,
};

function open(routes: Parameters<typeof startSignedIn>[1] = {}) {
  return startSignedIn('/my-notifications', routes);
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('notification settings page', () => {
  it('loads the settings into labelled switches, grouped, with the channels shown as switched on when used', async () => {
    let answer: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const app = open({ routes: { [`GET ${SETTINGS}`]: () => answered } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification settings' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    answer(json(stored));
    await screen.findByRole('switch', { name: 'New public discussions' });
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Notification settings - Porta'));

    const community = within(screen.getByRole('group', { name: 'Community' }));
    expect(
      community.getAllByRole('switch').map((s) => (s as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'New public discussions',
      'Replies to my posts in public discussions',
      'Messages from neighbours',
      'Replies to my messages to neighbours',
    ]);
    const news = within(screen.getByRole('group', { name: 'News and calendar' }));
    expect(news.getAllByRole('switch')).toHaveLength(3);
    expect(
      within(screen.getByRole('group', { name: 'Documents and offers' })).getAllByRole('switch'),
    ).toHaveLength(2);
    expect(screen.getAllByRole('switch')).toHaveLength(11);

    expect(toggle('Calendar events, tasks and deadlines').checked).toBe(false);
    expect(toggle('All news').checked).toBe(true);
    // emailNotificationsDisabled: true → the e-mail switch is off; push is on.
    expect(toggle('E-mail notifications').checked).toBe(false);
    expect(toggle('Push notifications').checked).toBe(true);
    expect(app.requests.find((r) => r.path === SETTINGS)?.authorization).toBe('Bearer stored-access-token');
  });

  it('saves the toggled settings with every key and the inverted channel flags', async () => {
    const app = open({
      routes: {
        [`GET ${SETTINGS}`]: json(stored),
        [`PUT ${SETTINGS}`]: (request: RecordedRequest) => json(request.body),
      },
    });
    await screen.findByRole('switch', { name: 'All news' });
    await app.user.click(toggle('Calendar events, tasks and deadlines'));
    await app.user.click(toggle('Offers and advertisements'));
    await app.user.click(toggle('E-mail notifications'));
    await app.user.click(toggle('Push notifications'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('status')).textContent).toBe('Notification settings saved.');
    const put = app.requests.filter((r) => r.method === 'PUT' && r.path === SETTINGS);
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({
      settings: defaultNotificationSettings().settings.map((s) =>
        s.key === 'ADVERTISEMENT' ? { ...s, active: false } : s,
      ),
      emailNotificationsDisabled: false,
      pushNotificationsDisabled: true,
    });
    expect(toggle('Offers and advertisements').checked).toBe(false);
    expect(toggle('Push notifications').checked).toBe(false);

    // Changing something again takes the saved note away.
    await app.user.click(toggle('All news'));
    expect(screen.queryByText('Notification settings saved.')).toBeNull();
  });

  it('says "Settings saving failed." when saving fails, and keeps the choices', async () => {
    const app = open({
      routes: {
        [`GET ${SETTINGS}`]: json(stored),
        // Whatever the service answers, the page says the spec's text.
        [`PUT ${SETTINGS}`]: problem(500, 'INTERNAL', 'Something went wrong'),
      },
    });
    await screen.findByRole('switch', { name: 'All news' });
    await app.user.click(toggle('All news'));
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Settings saving failed.');
    expect(toggle('All news').checked).toBe(false);
    expect(screen.queryByText('Notification settings saved.')).toBeNull();
  });

  it('says the settings could not be loaded, and tries again on request', async () => {
    const app = open({
      routes: {
        [`GET ${SETTINGS}`]: [
          problem(404, 'NTF_USER_NOT_FOUND', 'Notification settings could not be loaded.'),
          json(stored),
        ],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Notification settings could not be saved or loaded.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'All news' })).toBeTruthy();
  });

  it('shows partners the insufficient-privileges view instead of the form, without asking the service', async () => {
    const app = open({ me: meResponse({}, { roles: ['partner'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(app.calls().some((c) => c.includes(SETTINGS))).toBe(false);
  });

  it('shows the insufficient-privileges view when the service refuses (403)', async () => {
    open({
      routes: {
        [`GET ${SETTINGS}`]: problem(
          403,
          'NTF_SETTINGS_NOT_PERMITTED',
          'Partners cannot manage notification settings.',
        ),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Insufficient privileges' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('my settings: the way to the notification settings', () => {
  it('links residents to /my-notifications, but not partners', async () => {
    const resident = startSignedIn('/my-settings');
    const card = within(await screen.findByRole('region', { name: 'Notifications' }));
    await resident.user.click(card.getByRole('link', { name: 'Change notification settings' }));
    await waitFor(() => expect(resident.path()).toBe('/my-notifications'));
    resident.unmount();

    startSignedIn('/my-settings', { me: meResponse({}, { roles: ['partner'] }) });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    expect(screen.queryByRole('link', { name: 'Change notification settings' })).toBeNull();
  });
});
