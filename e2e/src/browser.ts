import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A fresh headless Chromium profile (the system's Chromium; no browser download). `bypassCSP` lets
 * a test inject axe into the portal's pages (their CSP allows no inline script).
 */
export async function openBrowser(
  options: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'porta-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    bypassCSP: options.bypassCSP ?? false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * After a failed test, a full-page screenshot of every page still open in the context, under
 * $PORTA_TEST_REPORT/screenshots (or the system's temporary folder), named after the test.
 */
export async function screenshotOnFailure(
  context: BrowserContext | undefined,
  test: { task: { name: string; result?: { state?: string } } },
): Promise<void> {
  if (!context || test.task.result?.state !== 'fail') return;
  const dir = join(process.env.PORTA_TEST_REPORT ?? tmpdir(), 'screenshots');
  mkdirSync(dir, { recursive: true });
  const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const pages = context.pages();
  for (const [i, page] of pages.entries()) {
    const path = join(dir, `${name}-${i}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`screenshot of ${page.url()}: ${path}`);
  }
}
