import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshotOnFailure } from './browser.js';
import { leave, residentPage } from './pages.js';
import { type Portal, startDistributed, startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, type PortalApi, portalApi, readAllNotifications } from './portal-api.js';

/**
 * Issue 5 in the browser: two residents in two browsers see a news item a manager publishes in
 * their bell without reloading; opening the bell marks it read and the item leads to the news
 * page; a resident who switched news off in /my-notifications hears nothing of the next one. Both
 * run modes: in the distributed one the live stream goes through the gateway's proxy to the
 * notifications process, which hears content's event over NATS.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`notifications, ${mode} mode`, () => {
    let portal: Portal;
    let owners: Awaited<ReturnType<typeof openBrowser>>;
    let tenants: Awaited<ReturnType<typeof openBrowser>>;
    let api: PortalApi;
    let lindenCourt: string;
    let managerToken: string;

    beforeAll(async () => {
      portal = mode === 'embedded' ? await startEmbedded() : await startDistributed();
      // Two browsers: two residents, each with a session of their own.
      owners = await openBrowser();
      tenants = await openBrowser();
      api = portalApi(portal.url);
      managerToken = await api.signIn('manager@demo.porta.test');
      const me = await api.get<{ hcs: { id: string; hcExt: string }[] }>(managerToken, '/api/identity/me');
      lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
      // The owner's welcome dialog (Harbour View, in construction) is not part of these journeys.
      await dismissWelcomeDialogs(api, 'owner@demo.porta.test');
    });
    afterEach(async (test) => {
      await screenshotOnFailure(owners.context, test);
      await screenshotOnFailure(tenants.context, test);
    });
    afterAll(async () => {
      await owners?.close();
      await tenants?.close();
      await portal?.close();
    });

    /** Start from an empty bell: mark what the demo's own announcements left unread. */
    const readAll = (...emails: string[]) => readAllNotifications(api, ...emails);

    async function publishNews(title: string) {
      const res = await api.post<{ codename: string }>(managerToken, '/api/content/admin/articles', {
        variants: { en: { title, introduction: 'Read more', content: `<p>${title}</p>` } },
        targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
        status: 'published',
      });
      expect(res.status, JSON.stringify(res.problem)).toBe(201);
      return res.body.codename;
    }

    it('brings a new news item into both residents’ bells without a reload; opening it leads to the news', async () => {
      await readAll('owner@demo.porta.test', 'tenant@demo.porta.test');
      const owner = await residentPage(owners.context, portal, 'owner@demo.porta.test');
      const tenant = await residentPage(tenants.context, portal, 'tenant@demo.porta.test');
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
      const ownerToken = await api.signIn('owner@demo.porta.test');
      const inbox = await api.get<{ unreadCount: number }>(ownerToken, '/api/notifications/inbox');
      expect(inbox.body.unreadCount).toBe(1);
      await leave(owner);
      await leave(tenant);
    });

    it('sends nothing about news to a resident who switched news off in /my-notifications', async () => {
      await readAll('tenant@demo.porta.test');
      const tenant = await residentPage(tenants.context, portal, 'tenant@demo.porta.test');
      await tenant.goto(`${portal.url}/my-notifications`);
      const allNews = tenant.getByRole('switch', { name: 'All news' });
      await allNews.waitFor({ timeout: 15_000 });
      expect(await allNews.isChecked()).toBe(true);
      await allNews.uncheck();
      await tenant.getByRole('button', { name: 'Save' }).click();
      await tenant.getByText('Notification settings saved.').waitFor({ timeout: 10_000 });
      await tenant.reload();
      await tenant.getByRole('switch', { name: 'All news' }).waitFor({ timeout: 15_000 });
      expect(await tenant.getByRole('switch', { name: 'All news' }).isChecked()).toBe(false);

      const owner = await residentPage(owners.context, portal, 'owner@demo.porta.test');
      const before = await bell(owner).getAttribute('aria-label');
      const title = `Lift inspection (${mode})`;
      await publishNews(title);
      // The owner hears of it (proof that it went out); the tenant does not.
      await expect.poll(() => bell(owner).getAttribute('aria-label'), { timeout: 10_000 }).not.toBe(before);
      await tenant.waitForTimeout(1_000);
      expect(await bell(tenant).getAttribute('aria-label')).toBe('Notifications');
      const tenantToken = await api.signIn('tenant@demo.porta.test');
      const inbox = await api.get<{ notifications: { title: string }[] }>(
        tenantToken,
        '/api/notifications/inbox?limit=50',
      );
      expect(inbox.body.notifications.map((n) => n.title)).not.toContain(title);
      await leave(owner);
      await leave(tenant);
    });
  });
}
