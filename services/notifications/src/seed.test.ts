import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOTICES } from './seed.js';
import { clientAs, type NotificationsTestApp, notificationsTestApp } from './testing/index.js';

let t: NotificationsTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await notificationsTestApp();
  seeded = await t.notifications.seedDemo();
});
afterAll(() => t.close());

describe('the bell’s demo', () => {
  it('gives the owner and the tenant read and unread notices', async () => {
    expect(seeded).toBe(true);
    for (const key of ['owner', 'tenant']) {
      const c = await clientAs(t, key);
      const res = await c.get('/api/notifications/inbox?limit=20');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        notifications: { isRead: boolean; createdAt: string }[];
        unreadCount: number;
      }>();
      const mine = DEMO_NOTICES.filter((n) => n.user === key);
      expect(body.notifications).toHaveLength(mine.length);
      expect(body.unreadCount).toBe(mine.filter((n) => !n.read).length);
      expect(body.unreadCount).toBeGreaterThan(0);
      expect(body.notifications.some((n) => n.isRead)).toBe(true);
      // Newest first, as the bell lists them.
      const times = body.notifications.map((n) => n.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('writes the titles in the user’s language and queues no e-mail', async () => {
    const stored = await t.stored(await t.userId('owner'));
    expect(stored.map((n) => n.title)).toContain('New response to the service request: Dripping kitchen tap');
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('runs once', async () => {
    expect(await t.notifications.seedDemo()).toBe(false);
    expect(await t.stored(await t.userId('tenant'))).toHaveLength(
      DEMO_NOTICES.filter((n) => n.user === 'tenant').length,
    );
  });
});
