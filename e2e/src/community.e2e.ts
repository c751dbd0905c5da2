import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { leave, residentPage, staffPage } from './pages.js';
import { readAllNotifications } from './portal-api.js';
import { bell, twoResidents } from './two-residents.js';

/**
 * Issue 5's acceptance in the browser: two residents in two browsers. The tenant comments on the
 * owner's discussion; the owner's bell updates without a reload, and opening the notification lands
 * on the comment (switching to its housing company). A banned tenant is told so and nothing is
 * stored. Both run modes: in the distributed one the comment's event crosses NATS to the
 * notifications process and the live stream comes through the gateway.
 */

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`community, ${mode} mode`, () => {
    const t = twoResidents(mode);
    let lindenCourt: string;
    let ownerToken: string;
    let adminToken: string;
    let tenantId: string;

    beforeAll(async () => {
      ownerToken = await t.api.signIn('owner@demo.porta.test');
      adminToken = await t.api.signIn('admin@demo.porta.test');
      const me = await t.api.get<{ hcs: { id: string; hcExt: string }[] }>(ownerToken, '/api/identity/me');
      lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
      const tenantToken = await t.api.signIn('tenant@demo.porta.test');
      tenantId = (await t.api.get<{ user: { id: string } }>(tenantToken, '/api/identity/me')).body.user.id;
    });

    const readAll = (...emails: string[]) => readAllNotifications(t.api, ...emails);

    async function startDiscussion(title: string) {
      const res = await t.api.post<{ id: string }>(ownerToken, '/api/community/discussions', {
        housingCompanyId: lindenCourt,
        title,
        body: `<p>${title}: what do you think?</p>`,
      });
      expect(res.status, JSON.stringify(res.problem)).toBe(201);
      return res.body.id;
    }

    const commentsOf = async (discussionId: string) =>
      (
        await t.api.get<{ items: { id: string; body: string }[] }>(
          ownerToken,
          `/api/community/discussions/${discussionId}/comments?limit=100`,
        )
      ).body.items;

    /** The tenant writes a comment on the discussion page and sends it. */
    async function comment(page: Page, discussionId: string, text: string) {
      await page.goto(`${t.portal.url}/community/public-discussions/${discussionId}`);
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

      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('Notifications');
      const ownerUrl = owner.url();

      const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
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
      const ban = await t.api.post<{ id: string }>(adminToken, `/api/identity/admin/users/${tenantId}/bans`, {
        housingCompanyId: lindenCourt,
        expiryDate,
      });
      expect(ban.status, JSON.stringify(ban.problem)).toBe(201);
      try {
        const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
        await comment(tenant, discussionId, 'Let me in');
        await tenant.getByText('You have been banned from commenting.').waitFor({ timeout: 15_000 });
        // What was written stays in the box, and nothing was stored.
        expect(await tenant.getByRole('textbox', { name: 'Write a comment' }).inputValue()).toContain(
          'Let me in',
        );
        expect(await commentsOf(discussionId)).toEqual([]);
        await leave(tenant);
      } finally {
        await t.api.delete(adminToken, `/api/identity/admin/users/${tenantId}/bans/${ban.body.id}`);
      }
    });

    it('lets the tenant write to a neighbour from the neighbours list; the owner’s bell leads to the conversation', async () => {
      await readAll('owner@demo.porta.test');
      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('Notifications');

      const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
      await tenant.goto(`${t.portal.url}/community/my-neighbours`);
      await tenant.getByRole('link', { name: 'Send message to Olivia' }).first().click();
      await tenant.waitForURL((url) => url.pathname === '/community/private-messages/new', {
        timeout: 15_000,
      });
      // The neighbour is chosen already.
      const chosen = tenant.getByRole('checkbox', { name: /^Olivia/ });
      await chosen.first().waitFor({ timeout: 15_000 });
      expect(await chosen.first().isChecked()).toBe(true);
      const text = `Could you water my plants next week? (${mode})`;
      await tenant.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
      await tenant.getByRole('button', { name: 'Send message' }).click();
      await tenant.locator('.toasts').getByText('Message sent').waitFor({ timeout: 15_000 });
      await tenant.waitForURL(/\/community\/private-messages\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const conversationPath = new URL(tenant.url()).pathname;
      await tenant.getByRole('article', { name: 'Your message' }).filter({ hasText: text }).waitFor();

      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 10_000 })
        .toBe('Notifications, 1 unread');
      await bell(owner).click();
      const panel = owner.getByRole('banner').getByRole('region', { name: 'Notifications' });
      // The panel lists the nearest deadlines first: the message is the link named by its writer.
      await panel.getByRole('link', { name: /New private message from Timo/ }).click();
      await owner.waitForURL((url) => url.pathname === conversationPath, { timeout: 15_000 });
      await owner.getByRole('article', { name: 'Message from Timo' }).filter({ hasText: text }).waitFor({
        timeout: 15_000,
      });

      // The owner answers; the tenant sees it on reload of the conversation.
      const answer = `Of course (${mode})`;
      await owner.getByRole('textbox', { name: 'Write a message' }).fill(answer);
      await owner.getByRole('button', { name: 'Send message' }).click();
      await owner.getByRole('article', { name: 'Your message' }).filter({ hasText: answer }).waitFor({
        timeout: 15_000,
      });
      await tenant.reload();
      await tenant.getByRole('article', { name: 'Message from Olivia' }).filter({ hasText: answer }).waitFor({
        timeout: 15_000,
      });
      await leave(owner);
      await leave(tenant);
    });

    it('takes a resident’s report to the property manager, who deletes the comment in the staff app', async () => {
      const discussionId = await startDiscussion(`Noise at night (${mode})`);
      const tenantToken = await t.api.signIn('tenant@demo.porta.test');
      const rude = `Mind your own business (${mode})`;
      const posted = await t.api.post<{ id: string }>(
        tenantToken,
        `/api/community/discussions/${discussionId}/comments`,
        { body: `<p>${rude}</p>` },
      );
      expect(posted.status).toBe(201);

      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      await owner.goto(`${t.portal.url}/community/public-discussions/${discussionId}`);
      const comment = owner.locator(`#comment-${posted.body.id}`);
      await comment.waitFor({ timeout: 20_000 });
      await comment.getByRole('button', { name: 'Actions for the comment by Timo' }).click();
      await comment.getByRole('button', { name: 'Report', exact: true }).click();
      const dialog = owner.getByRole('dialog', { name: 'Report inappropriate content' });
      await dialog.getByLabel('Description').fill('Unfriendly');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog
        .getByText('Thank you. Your report has been sent to the moderators.')
        .waitFor({ timeout: 15_000 });

      const staff = await staffPage(t.owners, t.portal, 'manager@demo.porta.test');
      await staff.goto(`${t.portal.url}/admin/community-reports`);
      await staff.getByRole('row').filter({ hasText: 'Unfriendly' }).first().click();
      const reported = staff.getByRole('region', { name: 'Reported comment' });
      await reported.getByText(rude).waitFor({ timeout: 20_000 });
      await reported.getByRole('button', { name: 'Delete comment' }).click();
      await staff.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await staff.getByText('Comment deleted', { exact: true }).waitFor({ timeout: 15_000 });
      await reported.getByText('Deleted', { exact: true }).waitFor({ timeout: 15_000 });
      // Deleting the comment handled the report.
      await staff
        .getByRole('region', { name: 'State' })
        .getByText(/^The reported item was deleted by /)
        .waitFor({ timeout: 15_000 });

      await owner.reload();
      await owner.locator(`#comment-${posted.body.id}`).getByText('This comment has been deleted.').waitFor({
        timeout: 20_000,
      });
      expect(await owner.getByText(rude).count()).toBe(0);
      await leave(staff);
      await leave(owner);
    });
  });
}
