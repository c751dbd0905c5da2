import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipStored } from '@porta/documents/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { leave, residentPage, staffPage } from './pages.js';
import { readAllNotifications } from './portal-api.js';
import { bell, twoResidents } from './two-residents.js';

/**
 * Issue 20's acceptance in the browser, both run modes: the property manager makes a folder in the
 * staff app readable by owners only and uploads three files with "notify users"; the owner of that
 * company, signed in meanwhile, is told live (the bell, without a reload), opens the folder from
 * the notice, downloads the three as one zip and finds the same bytes; the tenant of the same
 * company does not see the folder; a resident of another company gets 404 for the file's URL.
 */

const DOC = '/api/documents';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A small PDF with a mark of its own. */
const pdf = (mark: string) =>
  Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, 'latin1');

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`documents, ${mode} mode`, () => {
    const t = twoResidents(mode);
    let lindenCourt: string;

    beforeAll(async () => {
      const token = await t.api.signIn('manager@demo.porta.test');
      const me = await t.api.get<{ hcs: { id: string; hcExt: string }[] }>(token, '/api/identity/me');
      lindenCourt = me.body.hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
    });

    it('staff share three files with owners only; the owner is told live and downloads the same bytes', async () => {
      await readAllNotifications(t.api, 'owner@demo.porta.test');
      const folderName = `Owners only (${mode})`;
      const files = ['Minutes', 'Budget', 'Plan'].map((name) => ({
        name: `${name} ${mode}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf(`${name} ${mode}`),
      }));

      // The owner is signed in, the bell's live stream open.
      const owner = await residentPage(t.owners, t.portal, 'owner@demo.porta.test');
      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('Notifications');

      // The manager makes the folder, gives owners read, and uploads the files with "notify users".
      const manager = await staffPage(t.tenants, t.portal, 'manager@demo.porta.test');
      await manager.goto(`${t.portal.url}/admin/documents/${lindenCourt}`);
      await manager.getByRole('button', { name: 'New folder' }).click({ timeout: 30_000 });
      const create = manager.getByRole('dialog');
      await create.getByRole('textbox', { name: /^Name/ }).fill(folderName);
      await create.getByRole('button', { name: 'Save' }).click();
      await manager.getByText(`Folder ${folderName} created`).waitFor({ timeout: 15_000 });
      await manager
        .getByRole('button', { name: new RegExp(`^${folderName.replace(/[()]/g, '\\$&')}`) })
        .first()
        .click();
      await manager.getByRole('button', { name: 'Permissions' }).click();
      const rules = manager.getByRole('dialog');
      await rules.getByRole('radio', { name: 'Rules of its own', exact: true }).check();
      await rules.getByRole('checkbox', { name: 'Read: Owners in the housing company' }).check();
      await rules.getByRole('button', { name: 'Save' }).click();
      await manager.getByText(`Permissions of ${folderName} saved`).waitFor({ timeout: 15_000 });
      await manager.getByRole('button', { name: 'Upload files' }).click();
      const upload = manager.getByRole('dialog');
      await upload.getByLabel('Choose files').setInputFiles(files);
      await upload.getByLabel('Notify those who may read the folder').check();
      await upload.getByRole('button', { name: 'Upload 3 files' }).click();
      await upload.getByText('3 of 3 files uploaded.').waitFor({ timeout: 30_000 });
      await leave(manager);

      // The owner's bell tells of the batch, once, without a reload.
      const url = owner.url();
      await expect
        .poll(() => bell(owner).getAttribute('aria-label'), { timeout: 30_000 })
        .toBe('Notifications, 1 unread');
      expect(owner.url()).toBe(url);
      await bell(owner).click();
      const panel = owner.getByRole('banner').getByRole('region', { name: 'Notifications' });
      await panel.locator('a[href*="/documents?folder="]').first().click();
      await owner.waitForURL((u) => u.pathname === '/documents' && u.searchParams.has('folder'), {
        timeout: 15_000,
        waitUntil: 'commit',
      });
      const list = owner.getByRole('list', { name: `Files in ${folderName}` });
      for (const file of files) await list.getByText(file.name).waitFor({ timeout: 20_000 });

      // All three as one zip: the same bytes.
      for (const file of files) await owner.getByRole('checkbox', { name: `Select ${file.name}` }).check();
      const [download] = await Promise.all([
        owner.waitForEvent('download', { timeout: 30_000 }),
        owner.getByRole('button', { name: 'Download selected' }).click(),
      ]);
      const zip = readFileSync((await download.path())!);
      const entries = unzipStored(zip);
      expect([...entries.keys()].sort()).toEqual(files.map((f) => f.name).sort());
      for (const file of files) expect(sha(entries.get(file.name)!)).toBe(sha(file.buffer));
      const folderId = new URL(owner.url()).searchParams.get('folder')!;
      await leave(owner);

      // The tenant of the same company does not see the folder.
      const tenant = await residentPage(t.owners, t.portal, 'tenant@demo.porta.test');
      await tenant.goto(`${t.portal.url}/documents`);
      await tenant.getByRole('tree', { name: 'Folders' }).waitFor({ timeout: 20_000 });
      expect(
        await tenant
          .getByRole('treeitem', { name: new RegExp(`^${folderName.replace(/[()]/g, '\\$&')}`) })
          .count(),
      ).toBe(0);
      await leave(tenant);

      // Another company's resident gets 404 for the file's URL.
      const ownerToken = await t.api.signIn('owner@demo.porta.test');
      const page = await t.api.get<{ items: { fileUrl: string }[] }>(
        ownerToken,
        `${DOC}/folders/${folderId}/documents`,
      );
      expect(page.body.items).toHaveLength(3);
      const neighbourToken = await t.api.signIn('neighbour@demo.porta.test');
      const refused = await t.api.get(neighbourToken, page.body.items[0]!.fileUrl);
      expect(refused.status).toBe(404);
      expect(refused.problem?.code).toBe('DOC_NOT_FOUND');
    });
  });
}
