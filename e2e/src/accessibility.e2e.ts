import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { severeViolations } from './axe.js';
import { signIn } from './pages.js';
import type { Portal } from './portal.js';
import {
  type Ids,
  navigate,
  type ResidentWalk,
  routesOf,
  SETTLE_SCRIPT,
  settled,
  startResidentWalk,
} from './resident-routes.js';

/**
 * Issue 17: axe (axe-core, WCAG 2.1 A and AA rules) finds no serious or critical violation on any
 * route of the resident app — for the roles whose pages differ (a resident, a tenant, a board
 * member, a property manager, a business partner), on a desktop and a phone, in the light and the
 * dark colour scheme — nor on the public pages. The frontend is the same in both run modes, so the
 * embedded portal serves it.
 */

interface Visit {
  role: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const VISITS: Visit[] = [
  { role: 'owner', viewport: DESKTOP, colorScheme: 'light' },
  { role: 'owner', viewport: PHONE, colorScheme: 'dark' },
  { role: 'tenant', viewport: PHONE, colorScheme: 'light' },
  { role: 'board', viewport: DESKTOP, colorScheme: 'dark' },
  { role: 'manager', viewport: DESKTOP, colorScheme: 'light' },
  { role: 'partner', viewport: PHONE, colorScheme: 'light' },
];

/** The public pages (no sign-in). */
const PUBLIC_PATHS = ['/login', '/login?lang=fi', '/maintenance', '/firstlogin?token=unknown'];

describe('accessibility (axe) of the resident app', () => {
  let walk: ResidentWalk<string>;
  let portal: Portal;
  let browser: Browser;
  let ids: Map<string, Ids>;

  beforeAll(async () => {
    walk = await startResidentWalk(VISITS.map((v) => v.role));
    ({ portal, browser, ids } = walk);
  });
  afterAll(async () => {
    await walk?.close();
  });

  it('the public pages, light and dark', async () => {
    const failures: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: PHONE, colorScheme, bypassCSP: true });
      await context.addInitScript(SETTLE_SCRIPT);
      const page = await context.newPage();
      for (const path of PUBLIC_PATHS) {
        await page.goto(`${portal.url}${path}`);
        await settled(page);
        for (const v of await severeViolations(page)) failures.push(`${path} (${colorScheme}): ${v}`);
      }
      await context.close();
    }
    expect(failures).toEqual([]);
  });

  it('every route for each role, on a desktop and a phone, light and dark', {
    timeout: 600_000,
  }, async () => {
    const failures: string[] = [];
    // Two visits at a time: each waits on the portal and on axe about as much as it computes.
    const queue = [...VISITS];
    const worker = async () => {
      for (let visit = queue.shift(); visit; visit = queue.shift()) {
        const { role, viewport, colorScheme } = visit;
        const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
        await context.addInitScript(SETTLE_SCRIPT);
        const page = await context.newPage();
        await page.goto(`${portal.url}/login`);
        await signIn(page, `${role}@demo.porta.test`);
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
        await settled(page);
        for (const path of routesOf(ids.get(role) as Ids)) {
          if (path !== '/') await navigate(page, path);
          await settled(page);
          const where = `${role} ${path} at ${viewport.width}px (${colorScheme})`;
          for (const v of await severeViolations(page)) failures.push(`${where}: ${v}`);
        }
        await context.close();
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
  });
});
