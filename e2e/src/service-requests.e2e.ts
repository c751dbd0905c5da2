import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pngImage } from '@porta/service-kit/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { leave, residentPage, staffPage } from './pages.js';
import { readAllNotifications } from './portal-api.js';
import { bell, twoResidents } from './two-residents.js';

/**
 * Issue 6's acceptance in the browser, both run modes: the tenant files an urgent private request
 * with a photo in the resident app (a file that is not what its name says, and a program, are
 * refused with their reasons first); the property manager finds it in the staff app, answers and
 * closes it; the tenant's bell tells of both and the request shows the answer, closed. The
 * manager's e-mail carries a manage link that opens the request without signing in; a tampered
 * link, and the link with another request's id, are refused. Birch Hill's resident gets 404 on
 * the request and its photo.
 */

const SRQ = '/api/service-requests';

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The e-mails the portal has written (the file outbox), quoted-printable undone. */
function mailsIn(folder: string): Mail[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const summary = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { to: string[]; subject: string };
    const raw = readFileSync(join(folder, name.replace(/\.json$/, '.eml')), 'utf8');
    const text = raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return { to: summary.to, subject: summary.subject, text };
  });
}

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`service requests, ${mode} mode`, () => {
    const t = twoResidents(mode);
    let neighbourToken: string;
    let tenantToken: string;
    let managerId: string;

    beforeAll(async () => {
      neighbourToken = await t.api.signIn('neighbour@demo.porta.test');
      tenantToken = await t.api.signIn('tenant@demo.porta.test');
      const managerToken = await t.api.signIn('manager@demo.porta.test');
      managerId = (await t.api.get<{ user: { id: string } }>(managerToken, '/api/identity/me')).body.user.id;
    });

    /** Choose files in the form's file input (the picker's button is "Choose files (Attach files)"). */
    const attach = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
      page.getByLabel('Attach files', { exact: true }).setInputFiles({ name, mimeType, buffer });

    it('carries an urgent private request with a photo from the tenant to the manager and the answer back', async () => {
      await readAll();
      const subject = `Water under the sink (${mode})`;
      const answer = `A plumber comes tomorrow at 10 (${mode})`;

      // The tenant files the request; refused files say why and are not sent.
      const tenant = await residentPage(t.tenants, t.portal, 'tenant@demo.porta.test');
      await tenant.goto(`${t.portal.url}/support/service-requests/new`);
      await tenant.getByRole('heading', { name: 'New service request' }).waitFor({ timeout: 20_000 });
      await tenant.getByLabel('Type').selectOption({ label: 'Maintenance dispatch' });
      await tenant.getByLabel('Subject').fill(subject);
      await tenant.getByLabel('Description').fill('The pipe under the kitchen sink leaks onto the floor.');
      await tenant.getByLabel('Urgent').check();
      await tenant.getByRole('radio', { name: 'Private' }).check();
      const files = tenant.getByRole('list', { name: 'Attached files' });
      await attach(tenant, 'not-a-photo.png', 'image/png', Buffer.from('just some text, not an image'));
      await files.getByText("The file's content does not match its type.").waitFor({ timeout: 15_000 });
      await attach(tenant, 'tool.exe', 'application/octet-stream', Buffer.from('MZ'));
      await tenant.getByText('Files of this type cannot be attached.').waitFor({ timeout: 15_000 });
      await attach(tenant, 'leak.png', 'image/png', pngImage(64, 48));
      await files.getByText('Uploaded').first().waitFor({ timeout: 15_000 });
      await tenant.getByRole('button', { name: 'Send request' }).click();
      await tenant.getByText('Service request sent').waitFor({ timeout: 15_000 });
      await tenant.waitForURL(/\/support\/service-requests\/[0-9a-f-]{36}$/, { timeout: 15_000 });
      const id = new URL(tenant.url()).pathname.split('/').pop()!;
      await tenant.getByRole('heading', { name: subject }).waitFor({ timeout: 15_000 });

      const stored = await t.api.get<{
        urgentRequest: boolean;
        public: boolean;
        attachments: { fileName: string; url: string }[];
      }>(tenantToken, `${SRQ}/requests/${id}`);
      expect(stored.body).toMatchObject({ urgentRequest: true, public: false });
      // Only the photo was kept: the refused files were never stored on the request.
      expect(stored.body.attachments.map((a) => a.fileName)).toEqual(['leak.png']);

      // Another housing company's resident reaches neither the request nor its photo.
      const photo = stored.body.attachments[0]!.url;
      expect((await t.api.get(neighbourToken, `${SRQ}/requests/${id}`)).status).toBe(404);
      expect((await t.api.get(neighbourToken, photo.slice(photo.indexOf('/api/')))).status).toBe(404);

      // The manager finds it in the staff app, answers and closes it, telling the sender.
      const manager = await staffPage(t.owners, t.portal, 'manager@demo.porta.test');
      await manager.goto(`${t.portal.url}/admin/service-requests`);
      await manager.getByText(subject).first().click({ timeout: 30_000 });
      await manager.getByRole('region', { name: 'Reply' }).waitFor({ timeout: 20_000 });
      await manager.getByRole('link', { name: 'leak.png' }).waitFor();
      await manager.getByRole('textbox', { name: 'Your reply' }).fill(answer);
      await manager.getByRole('button', { name: 'Send reply' }).click();
      await manager.getByText('Reply sent').waitFor({ timeout: 15_000 });
      // The request read again with the reply in it, before the status form is used.
      await manager.getByText(answer).first().waitFor({ timeout: 15_000 });
      const closeRequest = async () => {
        await manager.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'Closed' });
        await manager.getByRole('checkbox', { name: 'Notify the sender' }).check();
        await manager.getByRole('button', { name: 'Change status' }).click();
        await manager.getByText('Status changed to Closed').waitFor({ timeout: 15_000 });
      };
      try {
        await closeRequest();
      } catch (error) {
        // Seen in CI under load (distributed mode), not yet explained: the change neither confirmed
        // nor refused in 15 s. Say what the page showed, then do as a user would: try once more.
        const shown = await manager.locator('.MuiSnackbar-root, [role="alert"]').allInnerTexts();
        console.warn(
          `[${mode}] status change not confirmed (${String(error)}); the page said: ${JSON.stringify(shown)}`,
        );
        await manager.reload();
        await manager.getByRole('region', { name: 'Reply' }).waitFor({ timeout: 20_000 });
        const now = await t.api.get<{ statusKey: string }>(tenantToken, `${SRQ}/requests/${id}`);
        if (now.body.statusKey !== 'closed') await closeRequest();
      }
      await leave(manager);

      // The tenant's bell tells of the answer and the closing (other notices, a calendar deadline,
      // may come in between); opening one shows the request with both.
      const aboutIt = async () =>
        (
          await t.api.get<{ notifications: { targetUrl: string; isRead: boolean }[] }>(
            tenantToken,
            '/api/notifications/inbox?limit=50',
          )
        ).body.notifications.filter(
          (n) => !n.isRead && n.targetUrl.includes(`/support/service-requests/${id}`),
        ).length;
      await expect.poll(aboutIt, { timeout: 20_000 }).toBe(2);
      await expect
        .poll(() => bell(tenant).getAttribute('aria-label'), { timeout: 20_000 })
        .toMatch(/^Notifications, [2-9] unread$/);
      await bell(tenant).click();
      const panel = tenant.getByRole('banner').getByRole('region', { name: 'Notifications' });
      await panel.locator(`a[href*="/support/service-requests/${id}"]`).first().click();
      await tenant.waitForURL((url) => url.pathname === `/support/service-requests/${id}`, {
        timeout: 15_000,
        waitUntil: 'commit',
      });
      await tenant.getByRole('article').filter({ hasText: answer }).waitFor({ timeout: 15_000 });
      await tenant.getByText('Closed', { exact: true }).first().waitFor();
      await leave(tenant);

      // The manager's e-mail carries their own manage link: it opens the request signed out.
      let link: RegExpMatchArray | null = null;
      await expect
        .poll(
          () => {
            const mail = mailsIn(t.portal.mailDir).find(
              (m) => m.to.includes('manager@demo.porta.test') && m.text.includes(`/manage/${id}/`),
            );
            link =
              mail?.text.match(
                new RegExp(`/service-requests/manage/${id}/${managerId}/[0-9]+\\.[A-Za-z0-9_-]{43}`),
              ) ?? null;
            return link !== null;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const path = link![0];
      const visitor = await t.owners.newPage();
      await visitor.goto(`${t.portal.url}${path}`);
      await visitor.getByRole('heading', { name: subject }).waitFor({ timeout: 20_000 });
      await visitor.getByRole('region', { name: 'Status of the request' }).waitFor();
      // A tampered token, and the token on another request's address, are refused alike.
      const last = path.at(-1) === 'A' ? 'B' : 'A';
      await visitor.goto(`${t.portal.url}${path.slice(0, -1)}${last}`);
      await visitor.getByText('The link is not valid or has expired.').waitFor({ timeout: 20_000 });
      const other = await t.api.post<{ id: string }>(tenantToken, `${SRQ}/requests`, {
        housingCompanyId: (
          await t.api.get<{ housingCompanyId: string }>(tenantToken, `${SRQ}/requests/${id}`)
        ).body.housingCompanyId,
        typeId: 'maintenance_dispatch',
        content: 'Another one',
      });
      expect(other.status, JSON.stringify(other.problem)).toBe(201);
      const otherPath = path
        .replace(id, other.body.id)
        .replace('/service-requests/manage/', `${SRQ}/manage/`);
      const refused = await fetch(`${t.portal.url}${otherPath}`);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { code: string }).code).toBe('SRQ_MANAGE_LINK_INVALID');
      await visitor.close();
    });

    const readAll = () => readAllNotifications(t.api, 'tenant@demo.porta.test', 'manager@demo.porta.test');
  });
}
