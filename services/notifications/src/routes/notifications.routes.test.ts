import {
  defaultNotificationSettings,
  type EmailOptOutsResponse,
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATIONS_EMAIL_OPT_OUTS_RPC,
} from '@porta/contracts';
import { addTestUser } from '@porta/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../db/schema.js';
import { clientAs, type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs, until } from '../testing/notifications-app.js';

let t: NotificationsTestApp;
type Client = ReturnType<typeof apiClient>;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};
let lindenCourt: string;
let harbourView: string;

beforeAll(async () => {
  t = await notificationsTestApp();
  for (const key of ['admin', 'staff', 'manager', 'board', 'owner', 'tenant', 'neighbour', 'partner']) {
    c[key] = apiClient(t.app, (await loginAs(t.app, key)).accessToken);
    ids[key] = await t.userId(key);
  }
  const hcs = (await c.owner!.get('/api/identity/me')).json<{ hcs: { id: string; hcExt: string }[] }>().hcs;
  lindenCourt = hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
  harbourView = hcs.find((h) => h.hcExt === 'DEMO-1000')!.id;
}, 60_000);
afterAll(() => t?.close());

async function publishNews(
  as: Client,
  title: string,
  housingCompanyIds: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await as.post('/api/content/admin/articles', {
    variants: {
      en: { title, introduction: 'Intro', content: '<p>Text</p>' },
      fi: { title: `${title} (fi)` },
    },
    targeting: { housingCompanyIds, buildingTaxonomies: [] },
    status: 'published',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; codename: string }>();
}

const titles = async (key: string) => (await t.stored(ids[key]!)).map((n) => n.title);

describe('fan-out of published news', () => {
  it('stores one notification for each resident of the targeted housing company, and none elsewhere', async () => {
    const article = await publishNews(c.manager!, 'Water cut on Friday', [lindenCourt]);
    // Linden Court: the owner, the tenant, the board member and the manager.
    for (const key of ['owner', 'tenant', 'board', 'manager']) {
      const got = await until(
        () => titles(key),
        (list) => list.includes('Water cut on Friday'),
      );
      expect(
        got.filter((x) => x === 'Water cut on Friday'),
        key,
      ).toHaveLength(1);
    }
    // Nora lives in Birch Hill: nothing for her.
    expect(await titles('neighbour')).not.toContain('Water cut on Friday');
    const [stored] = (await t.stored(ids.tenant!)).filter((n) => n.title === 'Water cut on Friday');
    expect(stored).toMatchObject({ type: 'news', housingCompanyId: lindenCourt, isRead: false });
    expect(stored!.targetUrl).toBe(`/news/${article.codename}`);
  });

  it('sends the notice e-mail in the user’s language, and none to a user who turned e-mail off', async () => {
    await c.tenant!.put('/api/notifications/settings', {
      ...defaultNotificationSettings(),
      emailNotificationsDisabled: true,
    });
    const before = t.mailer.sent.length;
    await publishNews(c.manager!, 'Sauna shifts renewed', [lindenCourt]);
    await until(
      () => titles('owner'),
      (list) => list.includes('Sauna shifts renewed'),
    );
    const mails = t.mailer.sent.slice(before);
    const to = mails.map((m) => m.to);
    expect(to).toContain('owner@demo.porta.test');
    expect(to).not.toContain('tenant@demo.porta.test');
    const ownerMail = mails.find((m) => m.to === 'owner@demo.porta.test')!;
    expect(ownerMail.subject).toBe('Porta: Sauna shifts renewed');
    expect(ownerMail.text).toMatch(/\/news\/[^\s]+notification_id=[0-9a-f-]{36}/);
    // The tenant still has it in the bell.
    expect(await titles('tenant')).toContain('Sauna shifts renewed');
    await c.tenant!.put('/api/notifications/settings', defaultNotificationSettings());
  });

  it('stores nothing for a user who switched the key off (ALL_NEWS_POSTS)', async () => {
    const off = defaultNotificationSettings();
    off.settings = off.settings.map((s) => (s.key === 'ALL_NEWS_POSTS' ? { ...s, active: false } : s));
    expect((await c.board!.put('/api/notifications/settings', off)).statusCode).toBe(200);
    await publishNews(c.manager!, 'Parking area repainted', [lindenCourt]);
    await until(
      () => titles('owner'),
      (list) => list.includes('Parking area repainted'),
    );
    expect(await titles('board')).not.toContain('Parking area repainted');
    await c.board!.put('/api/notifications/settings', defaultNotificationSettings());
  });

  it('a board-only article reaches only those with the role', async () => {
    await publishNews(c.manager!, 'Board meeting minutes', [lindenCourt], { userRoles: ['boardMember'] });
    await until(
      () => titles('board'),
      (list) => list.includes('Board meeting minutes'),
    );
    expect(await titles('owner')).not.toContain('Board meeting minutes');
    expect(await titles('tenant')).not.toContain('Board meeting minutes');
  });
});

describe('the bell', () => {
  it('lists the latest five with the unread count; pages on with before', async () => {
    const page = await c.owner!.get('/api/notifications/inbox');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.notifications.length).toBeLessThanOrEqual(5);
    expect(body.unreadCount).toBeGreaterThanOrEqual(
      body.notifications.filter((n: { isRead: boolean }) => !n.isRead).length,
    );
    const first = body.notifications[0];
    expect(first.targetUrl).toContain(`notification_id=${first.id}`);
    const one = await c.owner!.get('/api/notifications/inbox?limit=1');
    const next = await c.owner!.get(
      `/api/notifications/inbox?limit=1&before=${one.json().notifications[0].id}`,
    );
    expect(next.json().notifications[0].id).not.toBe(one.json().notifications[0].id);
  });

  it('marks one read (notification_id), many read (opening the bell); another user’s is not found', async () => {
    const { notifications, unreadCount } = (await c.owner!.get('/api/notifications/inbox?limit=50')).json();
    expect(unreadCount).toBeGreaterThan(1);
    const [one, ...rest] = notifications as { id: string }[];
    const marked = await c.owner!.post(`/api/notifications/inbox/${one!.id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().unreadCount).toBe(unreadCount - 1);
    // The tenant cannot mark (or learn of) the owner's notification.
    const foreign = await c.tenant!.post(`/api/notifications/inbox/${one!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NTF_NOT_FOUND');
    const many = await c.owner!.post('/api/notifications/inbox/read', { ids: rest.map((n) => n.id) });
    expect(many.json().unreadCount).toBe(0);
    // The tenant's ids passed with the owner's are left alone.
    const tenantIds = (await c.tenant!.get('/api/notifications/inbox'))
      .json()
      .notifications.map((n: { id: string }) => n.id);
    const tenantUnread = (await c.tenant!.get('/api/notifications/inbox')).json().unreadCount;
    await c.owner!.post('/api/notifications/inbox/read', { ids: tenantIds });
    expect((await c.tenant!.get('/api/notifications/inbox')).json().unreadCount).toBe(tenantUnread);
  });

  it('marks all unread read up to the newest the bell showed; a later one stays unread', async () => {
    const list = (await c.tenant!.get('/api/notifications/inbox?limit=1')).json();
    const newest = list.notifications[0].id as string;
    await publishNews(c.manager!, 'Arrives after the bell opened', [lindenCourt]);
    await until(
      () => titles('tenant'),
      (got) => got.includes('Arrives after the bell opened'),
    );
    const res = await c.tenant!.post('/api/notifications/inbox/read-all', { upTo: newest });
    expect(res.statusCode).toBe(200);
    expect(res.json().unreadCount).toBe(1);
    const after = (await c.tenant!.get('/api/notifications/inbox?limit=50')).json().notifications as {
      title: string;
      isRead: boolean;
    }[];
    expect(after.filter((n) => !n.isRead).map((n) => n.title)).toEqual(['Arrives after the bell opened']);
    expect((await c.tenant!.post('/api/notifications/inbox/read-all', {})).json().unreadCount).toBe(0);
  });

  it('refuses bad input with the validation error', async () => {
    for (const res of [
      await c.owner!.post('/api/notifications/inbox/read', { ids: [] }),
      await c.owner!.post('/api/notifications/inbox/read', { ids: ['not-a-uuid'] }),
      await c.owner!.get('/api/notifications/inbox?limit=500'),
      await c.owner!.post('/api/notifications/inbox/nope/read'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs a signed-in user', async () => {
    const anonymous = apiClient(t.app);
    expect((await anonymous.get('/api/notifications/inbox')).statusCode).toBe(401);
    expect((await anonymous.get('/api/notifications/settings')).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('answers the nine keys on by default, and keeps a change', async () => {
    const res = await c.neighbour!.get('/api/notifications/settings');
    expect(res.json()).toEqual(defaultNotificationSettings());
    expect(res.json().settings.map((s: { key: string }) => s.key)).toEqual([...NOTIFICATION_SETTING_KEYS]);
    const put = await c.neighbour!.put('/api/notifications/settings', {
      settings: [{ key: 'CALENDAR_EVENTS', active: false }],
      emailNotificationsDisabled: true,
      pushNotificationsDisabled: false,
    });
    expect(put.statusCode).toBe(200);
    const after = (await c.neighbour!.get('/api/notifications/settings')).json();
    expect(after.emailNotificationsDisabled).toBe(true);
    expect(after.settings.find((s: { key: string }) => s.key === 'CALENDAR_EVENTS').active).toBe(false);
    expect(after.settings.filter((s: { active: boolean }) => s.active)).toHaveLength(8);
  });

  it('names to another service the users who turned e-mail off (e-mail letters)', async () => {
    await c.tenant!.put('/api/notifications/settings', {
      ...defaultNotificationSettings(),
      emailNotificationsDisabled: true,
    });
    try {
      const ask = (userIds: string[]) =>
        t.bus.request<EmailOptOutsResponse>(NOTIFICATIONS_EMAIL_OPT_OUTS_RPC, { userIds });
      expect(await ask([ids.tenant!, ids.owner!, ids.board!])).toEqual({ userIds: [ids.tenant] });
      expect(await ask([ids.owner!])).toEqual({ userIds: [] });
      expect(await ask([])).toEqual({ userIds: [] });
    } finally {
      await c.tenant!.put('/api/notifications/settings', defaultNotificationSettings());
    }
  });

  it('refuses unknown keys and a key twice, storing nothing', async () => {
    const before = (await c.owner!.get('/api/notifications/settings')).json();
    for (const body of [
      { ...defaultNotificationSettings(), settings: [{ key: 'EVERYTHING', active: false }] },
      {
        ...defaultNotificationSettings(),
        settings: [
          { key: 'ADVERTISEMENT', active: false },
          { key: 'ADVERTISEMENT', active: true },
        ],
      },
      { settings: [] },
    ]) {
      const res = await c.owner!.put('/api/notifications/settings', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await c.owner!.get('/api/notifications/settings')).json()).toEqual(before);
  });

  it('partners cannot manage notification settings; user managers manage those of their users in the staff app', async () => {
    for (const res of [
      await c.partner!.get('/api/notifications/settings'),
      await c.partner!.put('/api/notifications/settings', defaultNotificationSettings()),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'NTF_SETTINGS_NOT_PERMITTED',
        title: 'Partners cannot manage notification settings.',
      });
    }
    const url = `/api/notifications/admin/users/${ids.tenant}/settings`;
    for (const key of ['owner', 'staff', 'partner']) {
      expect((await c[key]!.get(url)).statusCode, key).toBe(403);
    }
    const pushOff = { ...defaultNotificationSettings(), pushNotificationsDisabled: true };
    const tenantsPush = async () =>
      (await c.tenant!.get('/api/notifications/settings')).json().pushNotificationsDisabled as boolean;
    // A global user manager (admin passes) manages anyone's.
    expect((await c.admin!.put(url, pushOff)).statusCode).toBe(200);
    expect(await tenantsPush()).toBe(true);
    await c.admin!.put(url, defaultNotificationSettings());

    // The property manager of Linden Court manages its tenant's, as identity lets them manage the tenant.
    const manager = await c.manager!.put(url, pushOff);
    expect(manager.statusCode, manager.body).toBe(200);
    expect((await c.manager!.get(url)).json().pushNotificationsDisabled).toBe(true);
    expect(await tenantsPush()).toBe(true);
    await c.manager!.put(url, defaultNotificationSettings());

    // Birch Hill's manager does not: 404, and nothing is stored.
    const other = await clientAs(t, 'othermanager');
    for (const res of [await other.get(url), await other.put(url, pushOff)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NTF_USER_NOT_FOUND',
        title: 'Notification settings could not be loaded.',
      });
    }
    expect(await tenantsPush()).toBe(false);
    // Nobody's for a user identity does not know; a user who has not registered yet is known.
    const nobody = `/api/notifications/admin/users/${crypto.randomUUID()}/settings`;
    expect((await c.admin!.get(nobody)).statusCode).toBe(404);
    expect((await c.admin!.put(nobody, pushOff)).statusCode).toBe(404);
    expect(await t.notifications.context.db.select().from(settings)).not.toContainEqual(
      expect.objectContaining({ pushDisabled: true }),
    );
    const newcomer = await addTestUser(t, {
      key: 'newcomer',
      registered: false,
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const theirs = `/api/notifications/admin/users/${newcomer}/settings`;
    expect((await c.manager!.put(theirs, pushOff)).statusCode).toBe(200);
    expect((await c.admin!.get(theirs)).json().pushNotificationsDisabled).toBe(true);
  });
});

describe('other housing companies', () => {
  it('a notification for another housing company names it, so the app can switch', async () => {
    await publishNews(c.manager!, 'Harbour View site visit', [harbourView]);
    const got = await until(
      async () =>
        (await c.owner!.get('/api/notifications/inbox?limit=50')).json().notifications as {
          title: string;
          housingCompanyId: string;
        }[],
      (list) => list.some((n) => n.title === 'Harbour View site visit'),
    );
    expect(got.find((n) => n.title === 'Harbour View site visit')!.housingCompanyId).toBe(harbourView);
    expect(await titles('tenant')).not.toContain('Harbour View site visit');
  });
});
