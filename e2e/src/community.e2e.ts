import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshotOnFailure } from './browser.js';
import { leave, residentPage } from './pages.js';
import { type Portal, startDistributed, startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, type PortalApi, portalApi, readAllNotifications } from './portal-api.js';

/**
 * Issue 5's acceptance in the browser: two residents in two browsers. The tenant comments on the
 * owner's discussion; the owner's bell updates without a reload, and opening the notification lands
 * on the comment (switching to its housing company). A banned tenant is told so and nothing is
 * stored. Both run modes: in the distributed one the comment's event crosses NATS to the
 * notifications process and the live stream comes through the gateway.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`community, ${mode} mode`, () => {
    let portal: Portal;
    let owners: Awaited<ReturnType<typeof openBrowser>>;
    let tenants: Awaited<ReturnType<typeof openBrowser>>;
    let api: PortalApi;
    let lindenCourt: string;
    let ownerToken: string;
    let adminToken: string;
    let tenantId: string;

    beforeAll(async () => {
      portal = mode === 'embedded' ? await startEmbedded() : await startDistributed();
      owners = await openBrowser();
      tenants = await openBrowser();
      api = portalApi(portal.url);
      ownerToken = await api.signIn('owner@demo.porta.test');
      adminToken = await api.signIn('admin@demo.porta.test');
      const me = await api.get<{ hcs: { id: string; hcExt: string }[] }>(ownerToken, '/api/identity/me');
      lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
      // The owner's welcome dialogs are not part of these journeys.
      await dismissWelcomeDialogs(api, 'owner@demo.porta.test');
      const tenantToken = await api.signIn('tenant@demo.porta.test');
      tenantId = (await api.get<{ user: { id: string } }>(tenantToken, '/api/identity/me')).body.user.id;
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

    const readAll = (...emails: string[]) => readAllNotifications(api, ...emails);

    async function startDiscussion(title: string) {
      const res = await api.post<{ id: string }>(ownerToken, '/api/community/discussions', {
        housingCompanyId: lindenCourt,
        title,
        body: `<p>${title}: what do you think?</p>`,
      });
      expect(res.status, JSON.stringify(res.problem)).toBe(201);
      return res.body.id;
    }

    const commentsOf = async (discussionId: string) =>
      (
        await api.get<{ items: { id: string; body: string }[] }>(
          ownerToken,
          `/api/community/discussions/${discussionId}/comments?limit=100`,
        )
      ).body.items;

    /** The tenant writes a comment on the discussion page and sends it. */
    async function comment(page: Page, discussionId: string, text: string) {
      await page.goto(`${portal.url}/community/public-discussions/${discussionId}`);
      const box = page.getByRole('textbox', { name: 'Write a comment' });
      await box.waitFor({ timeout: 20_000 });
      await box.fill(text);
      await page.getByRole('button', { name: 'Send comment', exact: true }).click();
    }

    it('brings the tenant’s comment into the owner’s bell without a reload; opening it lands on the comment', async () => {
      await readAll('owner@demo.porta.test', 'tenant@demo.porta.test');
      const title = `Bicycle storage (${mode})`;
      const discussionId = await startDiscussion(title);
      // The tenant heard of the new discussion: read it, so that the next one is the comment.
      await readAll('tenant@demo.porta.test');

      const owner = await residentPage(owners.context, portal, 'owner@demo.porta.test');
      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('Notifications');
      const ownerUrl = owner.url();

      const tenant = await residentPage(tenants.context, portal, 'tenant@demo.porta.test');
      const text = `I will bring gloves (${mode})`;
      await comment(tenant, discussionId, text);
      await tenant.locator('.toasts').getByText('Comment added').waitFor({ timeout: 15_000 });
      await tenant.getByRole('article').filter({ hasText: text }).waitFor({ timeout: 15_000 });

      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 10_000 })
        .toBe('Notifications, 1 unread');
      expect(owner.url()).toBe(ownerUrl);

      await bell(owner).click();
      const panel = owner.getByRole('banner').getByRole('region', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: new RegExp(title.replace(/[()]/g, '\\$&')) });
      await item.waitFor({ timeout: 10_000 });
      await item.click();
      const [stored] = (await commentsOf(discussionId)).filter((c) => c.body.includes(text));
      expect(stored).toBeTruthy();
      await owner.waitForURL(
        (url) =>
          url.pathname === `/community/public-discussions/${discussionId}` &&
          url.hash === `#comment-${stored!.id}`,
        { timeout: 15_000 },
      );
      const target = owner.locator(`#comment-${stored!.id}`);
      await target.waitFor({ timeout: 15_000 });
      expect(await target.textContent()).toContain(text);
      await expect.poll(() => target.isVisible(), { timeout: 5_000 }).toBe(true);
      await leave(owner);
      await leave(tenant);
    });

    it('tells a banned tenant they cannot comment, and stores nothing', async () => {
      const discussionId = await startDiscussion(`Sauna times (${mode})`);
      const expiryDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const ban = await api.post<{ id: string }>(adminToken, `/api/identity/admin/users/${tenantId}/bans`, {
        housingCompanyId: lindenCourt,
        expiryDate,
      });
      expect(ban.status, JSON.stringify(ban.problem)).toBe(201);
      try {
        const tenant = await residentPage(tenants.context, portal, 'tenant@demo.porta.test');
        await comment(tenant, discussionId, 'Let me in');
        await tenant.getByText('You have been banned from commenting.').waitFor({ timeout: 15_000 });
        // What was written stays in the box, and nothing was stored.
        expect(await tenant.getByRole('textbox', { name: 'Write a comment' }).inputValue()).toContain(
          'Let me in',
        );
        expect(await commentsOf(discussionId)).toEqual([]);
        await leave(tenant);
      } finally {
        await api.delete(adminToken, `/api/identity/admin/users/${tenantId}/bans/${ban.body.id}`);
      }
    });
  });
}
