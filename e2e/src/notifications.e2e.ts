import { beforeAll, describe, expect, it } from 'vitest';
import { leave, residentPage } from './pages.js';
import { readAllNotifications } from './portal-api.js';
import { bell, twoResidents } from './two-residents.js';

/**
 * Issue 5 in the browser: two residents in two browsers see a news item a manager publishes in
 * their bell without reloading; opening the bell marks it read and the item leads to the news
 * page; a resident who switched news off in /my-notifications hears nothing of the next one. Both
 * run modes: in the distributed one the live stream goes through the gateway's proxy to the
 * notifications process, which hears content's event over NATS.
 */

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`notifications, ${mode} mode`, () => {
    const t = twoResidents(mode);
    let lindenCourt: string;
    let managerToken: string;

    beforeAll(async () => {
      managerToken = await t.api.signIn('manager@demo.porta.test');
      const me = await t.api.get<{ hcs: { id: string; hcExt: string }[] }>(managerToken, '/api/identity/me');
      lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
    });

    /** Start from an empty bell: mark what the demo's own announcements left unread. */
    const readAll = (...emails: string[]) => readAllNotifications(t.api, ...emails);

    async function publishNews(title: string) {
      const res = await t.api.post<{ codename: string }>(managerToken, '/api/content/admin/articles', {
        variants: { en: { title, introduction: 'Read more', content: `<p>${title}</p>` } },
        targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
        status: 'published',
      });
      expect(res.status, JSON.stringify(res.problem)).toBe(201);
      return res.body.codename;
    }

    it('brings a new news item into both residents’ bells without a reload; opening it leads to the news', async () => {
      await readAll('owner@demo.porta.test', 'tenant@demo.porta.test');
      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
      for (const page of [owner, tenant]) {
        await bell(page).waitFor({ timeout: 15_000 });
        // Let the live stream open (the bell reads the inbox, then the stream starts).
        await expect
          .poll(() => bell(page).getAttribute('aria-label'), { timeout: 15_000 })
          .toBe('Notifications');
      }
      const urls = [owner.url(), tenant.url()];

      const title = `Water shut off on Friday (${mode})`;
      const codename = await publishNews(title);
      for (const page of [owner, tenant]) {
        await expect
          .poll(() => bell(page).getAttribute('aria-label'), { timeout: 10_000 })
          .toBe('Notifications, 1 unread');
      }
      // Nothing reloaded: the same documents are still open.
      expect([owner.url(), tenant.url()]).toEqual(urls);

      // The tenant opens the bell: it shows the item and marks it read.
      await bell(tenant).click();
      const panel = tenant.getByRole('banner').getByRole('region', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
      await item.waitFor({ timeout: 10_000 });
      await expect
        .poll(() => bell(tenant).getAttribute('aria-label'), { timeout: 10_000 })
        .toBe('Notifications');
      await item.click();
      await tenant.waitForURL((url) => url.pathname === `/news/${codename}`, { timeout: 15_000 });
      await tenant.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });

      // The owner has not opened theirs: still unread there, and on the server.
      expect(await bell(owner).getAttribute('aria-label')).toBe('Notifications, 1 unread');
      const ownerToken = await t.api.signIn('owner@demo.porta.test');
      const inbox = await t.api.get<{ unreadCount: number }>(ownerToken, '/api/notifications/inbox');
      expect(inbox.body.unreadCount).toBe(1);
      await leave(owner);
      await leave(tenant);
    });

    it('sends nothing about news to a resident who switched news off in /my-notifications', async () => {
      await readAll('tenant@demo.porta.test');
      const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
      await tenant.goto(`${t.portal.url}/my-notifications`);
      const allNews = tenant.getByRole('switch', { name: 'All news' });
      await allNews.waitFor({ timeout: 15_000 });
      expect(await allNews.isChecked()).toBe(true);
      await allNews.uncheck();
      await tenant.getByRole('button', { name: 'Save' }).click();
      await tenant.getByText('Notification settings saved.').waitFor({ timeout: 10_000 });
      await tenant.reload();
      await tenant.getByRole('switch', { name: 'All news' }).waitFor({ timeout: 15_000 });
      expect(await tenant.getByRole('switch', { name: 'All news' }).isChecked()).toBe(false);

      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      const before = await bell(owner).getAttribute('aria-label');
      const title = `Lift inspection (${mode})`;
      await publishNews(title);
      // The owner hears of it (proof that it went out); the tenant does not.
      await expect.poll(() => bell(owner).getAttribute('aria-label'), { timeout: 10_000 }).not.toBe(before);
      await tenant.waitForTimeout(1_000);
      expect(await bell(tenant).getAttribute('aria-label')).toBe('Notifications');
      const tenantToken = await t.api.signIn('tenant@demo.porta.test');
      const inbox = await t.api.get<{ notifications: { title: string }[] }>(
        tenantToken,
        '/api/notifications/inbox?limit=50',
      );
      expect(inbox.body.notifications.map((n) => n.title)).not.toContain(title);
      await leave(owner);
      await leave(tenant);
    });
  });
}
