import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';
import { type Portal, startDistributed, startEmbedded } from './portal.js';

const PASSWORD = 'Demo-Portal-2026';

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`${mode} mode`, () => {
    let portal: Portal;
    let browser: Awaited<ReturnType<typeof openBrowser>>;
    let context: BrowserContext;

    beforeAll(async () => {
      portal = mode === 'embedded' ? await startEmbedded() : await startDistributed();
      browser = await openBrowser();
      context = browser.context;
    });
    afterAll(async () => {
      await browser?.close();
      await portal?.close();
    });

    it('a resident signs in to the resident app and sees the dashboard', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/`);
      await page.waitForURL(/\/login/);
      await signIn(page, 'owner@demo.porta.test');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 })
        .toContain('Olivia');
      expect(new URL(page.url()).pathname).toBe('/');
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    it('a staff member signs in to the staff app and sees the dashboard and the users', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/admin/`);
      await signIn(page, 'staff@demo.porta.test');
      await page
        .getByRole('heading', { name: 'Porta administration', level: 1, exact: true })
        .waitFor({ timeout: 30_000 });
      await page.getByRole('menuitem', { name: 'Users' }).click();
      await page.getByText('owner@demo.porta.test').waitFor({ timeout: 15_000 });
      expect(await page.getByText('partner@demo.porta.test').count()).toBeGreaterThan(0);
      // Signed out, the staff pages lead straight to the sign-in page.
      await page.evaluate(() => localStorage.clear());
      for (const path of ['/admin/users', '/admin/']) {
        await page.goto(`${portal.url}${path}`);
        await page.getByLabel('E-mail').waitFor({ timeout: 5_000 });
        expect(new URL(page.url()).pathname).toBe('/admin/login');
      }
      await page.close();
    });

    it('shows the session-expired modal when the session is revoked, and returns to the page after signing in', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await signIn(page, 'tenant@demo.porta.test');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Timo' }).waitFor({ timeout: 15_000 });
      const target = '/?view=e2e';
      await page.goto(`${portal.url}${target}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Timo' }).waitFor({ timeout: 15_000 });

      // The session ends elsewhere (signed out on another device).
      const session = await page.evaluate(() => JSON.parse(localStorage.getItem('porta.session') ?? '{}'));
      const out = await fetch(`${portal.url}/api/identity/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: session.refreshToken }),
      });
      expect(out.status).toBe(204);

      // Coming back to the tab re-validates the session.
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: 'Sign in again' }).click();
      await page.waitForURL(/\/login/);
      await signIn(page, 'tenant@demo.porta.test');
      await page.waitForURL((url) => `${url.pathname}${url.search}` === target, { timeout: 15_000 });
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Timo' }).waitFor();
      await page.close();
    });

    it('an owner of two housing companies switches between them, and the choice is kept', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      // Start signed out (the browser profile is shared by the journeys of this mode).
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${portal.url}/login`);
      await signIn(page, 'owner@demo.porta.test');
      // Finnish housing companies go by their street address for residents (01 §6).
      const switcher = page.getByRole('button', { name: /^Housing company: / });
      await switcher.waitFor({ timeout: 15_000 });
      expect(await switcher.textContent()).toContain('Satamakatu 10');
      await switcher.click();
      await page.getByRole('radio', { name: /Lehmustie 4/ }).check();
      await page.getByRole('button', { name: 'Change', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => switcher.textContent(), { timeout: 15_000 }).toContain('Lehmustie 4');
      // The selection lives on the server: a new visit starts in the chosen housing company.
      await page.reload();
      await expect.poll(() => switcher.textContent(), { timeout: 15_000 }).toContain('Lehmustie 4');
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    it('shows the navigation of each housing company: only the contact book and material selection in construction', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${portal.url}/login`);
      await signIn(page, 'owner@demo.porta.test');
      const switcher = page.getByRole('button', { name: /^Housing company: / });
      await switcher.waitFor({ timeout: 15_000 });
      const navigationLinks = async () => {
        await page.getByRole('button', { name: 'Menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        await nav.waitFor();
        const names = (await nav.getByRole('link').allTextContents()).map((n) => n.trim());
        await page.keyboard.press('Escape');
        return names;
      };
      const pick = async (street: RegExp) => {
        await switcher.click();
        await page.getByRole('radio', { name: street }).check();
        await page.getByRole('button', { name: 'Change', exact: true }).click();
        await expect.poll(() => switcher.textContent(), { timeout: 15_000 }).toMatch(street);
      };
      // Harbour View is being built: the contact book and material selection only.
      await pick(/Satamakatu 10/);
      expect(await navigationLinks()).toEqual(['Home', 'Material selection', 'Contact book']);
      // Linden Court is lived in: the features switched on for it, in the spec's order.
      await pick(/Lehmustie 4/);
      const living = await navigationLinks();
      expect(living).toEqual(
        expect.arrayContaining(['News', 'Material selection', 'Warranty', 'Community', 'FAQ', 'Support']),
      );
      expect(living.indexOf('News')).toBeLessThan(living.indexOf('Warranty'));
      expect(living.indexOf('Warranty')).toBeLessThan(living.indexOf('Community'));
      expect(living).not.toContain('Contact book');
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    it('shows a tenant the insufficient-privileges view on an admin-only route, and sends a consumption manager to /admin', async () => {
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${portal.url}/login`);
      await signIn(page, 'tenant@demo.porta.test');
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Timo' }).waitFor({ timeout: 15_000 });
      await page.goto(`${portal.url}/ui-sandbox`);
      await page.getByRole('heading', { name: 'Insufficient privileges' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Back' }).waitFor();
      await page.evaluate(() => localStorage.clear());

      await page.goto(`${portal.url}/login`);
      await signIn(page, 'consumption@demo.porta.test');
      await page.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 15_000 });
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });

    it('shuts down gracefully on SIGTERM', async () => {
      // A request in flight when the signal arrives still gets its answer.
      const inFlight = fetch(`${portal.url}/api/identity/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@demo.porta.test', password: PASSWORD }),
      });
      await new Promise((r) => setTimeout(r, 20));
      const stopping = portal.stop();
      expect((await inFlight).status).toBe(200);
      expect(await stopping).toEqual(mode === 'embedded' ? [0] : [0, 0]);
    });
  });
}
