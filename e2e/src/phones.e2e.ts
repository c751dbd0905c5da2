import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * Issue 17 (phones): every route of the resident app (web-resident/src/app/routes.tsx), for every
 * demo role that uses it, at 360 × 740 and 390 × 844, without horizontal scrolling, with the header
 * controls on screen and touch targets of at least 44 × 44 px; the header's pop-ups (bell, profile
 * menu, housing-company and section switchers) open inside the screen. The embedded mode only:
 * layout is the web app's alone, the same files in both modes, and the distributed mode's answers
 * are walked by the journeys, community, content and service-requests files.
 */

/** The demo roles that use the resident app (a consumption manager is sent to /admin). */
const ROLES = ['owner', 'tenant', 'board', 'manager', 'neighbour', 'partner', 'staff', 'admin'] as const;
type RoleKey = (typeof ROLES)[number];
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const MIN_TARGET = 44;

/** The header controls that must stay on screen and be big enough to touch. */
const HEADER_CONTROLS: Record<string, string> = {
  'notification bell': '.notification-bell__button',
  'profile menu button': '.profile-menu__button',
  'section switcher': '.section-switcher button, .section-switcher a',
  'housing-company switcher': '.hc-switcher__button',
  'main navigation toggle': '.menu-button',
};

interface Measurement {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements reaching past the right edge (what makes the page wide). */
  culprits: string[];
  controls: { name: string; present: boolean; outside: string[]; small: string[] }[];
  /** Primary buttons of the page smaller than a touch target. */
  smallActions: string[];
  title: string;
}

/** Measures the page (in the browser: one round trip). */
function measure(page: Page): Promise<Measurement> {
  return page.evaluate(
    ({ controls, min }) => {
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const describe = (el: Element) => {
        const cls =
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).join('.')}`
            : '';
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
      };
      const visible = (el: Element) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      };
      const size = (el: Element) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.width)}×${Math.round(r.height)}`;
      };
      const culprits: string[] = [];
      if (document.documentElement.scrollWidth > vw) {
        const walk = (el: Element) => {
          if (culprits.length >= 4) return;
          const style = getComputedStyle(el);
          if (style.position === 'fixed') return;
          const rect = el.getBoundingClientRect();
          if (rect.right > vw + 0.5 && rect.width > 0) {
            // The outermost element that is wider than the screen, or the deepest that sticks out.
            const children = Array.from(el.children).filter(
              (c) => c.getBoundingClientRect().right > vw + 0.5,
            );
            if (children.length === 0 || (rect.left >= 0 && rect.width > vw)) {
              culprits.push(`${describe(el)} (right ${Math.round(rect.right)})`);
              return;
            }
          }
          if (style.overflowX !== 'visible' && el !== document.body && el !== document.documentElement)
            return;
          for (const child of Array.from(el.children)) walk(child);
        };
        walk(document.body);
      }
      const header = document.querySelector('header');
      const controlResults = Object.entries(controls).map(([name, selector]) => {
        const els = Array.from(header?.querySelectorAll(selector) ?? []).filter(visible);
        const outside: string[] = [];
        const small: string[] = [];
        for (const el of els) {
          const r = el.getBoundingClientRect();
          if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5 || r.bottom > vh + 0.5)
            outside.push(`${describe(el)} at ${Math.round(r.left)}…${Math.round(r.right)}`);
          if (r.width < min - 0.5 || r.height < min - 0.5) small.push(`${describe(el)} ${size(el)}`);
        }
        return { name, present: els.length > 0, outside, small };
      });
      const smallActions = Array.from(
        document.querySelectorAll('main .button--primary, main button[type="submit"]'),
      )
        .filter(visible)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width < min - 0.5 || r.height < min - 0.5;
        })
        .map((el) => `${describe(el)} ${size(el)}`);
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: vw,
        culprits,
        controls: controlResults,
        smallActions,
        title: (document.querySelector('h1')?.textContent ?? '').trim().slice(0, 40),
      };
    },
    { controls: HEADER_CONTROLS, min: MIN_TARGET },
  );
}

/** The header's pop-ups: the button that opens each and the panel it shows. */
const POPUPS = [
  { name: 'notification panel', button: '.notification-bell__button', panel: '.notification-bell__panel' },
  { name: 'profile menu', button: '.profile-menu__button', panel: '.profile-menu__list' },
  { name: 'housing-company switcher', button: '.hc-switcher__button', panel: '.hc-switcher__panel' },
  { name: 'section switcher', button: '.section-switcher__button', panel: '.section-switcher__list' },
] as const;

/** Opens each pop-up of the header and checks it lies inside the screen, its texts uncut. */
async function checkPopups(page: Page, role: RoleKey, width: number, fail: (message: string) => void) {
  for (const popup of POPUPS) {
    const button = page.locator(`header ${popup.button}`).first();
    if (!(await button.isVisible())) {
      if (popup.name === 'notification panel' || popup.name === 'profile menu')
        fail(`${role} at ${width}px: no ${popup.name} button`);
      continue;
    }
    try {
      await button.click({ timeout: 3_000 });
    } catch {
      fail(`${role} at ${width}px: the ${popup.name} button cannot be tapped (something covers it)`);
      continue;
    }
    const panel = page.locator(`header ${popup.panel}`).first();
    try {
      await panel.waitFor({ state: 'visible', timeout: 5_000 });
    } catch {
      fail(`${role} at ${width}px: the ${popup.name} did not open`);
      continue;
    }
    await settled(page);
    const problems = await panel.evaluate((el) => {
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const r = el.getBoundingClientRect();
      const out: string[] = [];
      if (r.left < -0.5 || r.right > vw + 0.5 || r.top < -0.5)
        out.push(
          `lies at ${Math.round(r.left)}…${Math.round(r.right)} × ${Math.round(r.top)}…${Math.round(r.bottom)}`,
        );
      if (r.bottom > vh + 0.5) out.push(`ends below the screen (${Math.round(r.bottom)})`);
      for (const child of Array.from(el.querySelectorAll('h2, h3, a, button, label, p'))) {
        if (child.scrollWidth > child.clientWidth + 1 && getComputedStyle(child).overflowX !== 'visible')
          out.push(`cuts "${(child.textContent ?? '').trim().slice(0, 30)}"`);
        const c = child.getBoundingClientRect();
        if (c.width > 0 && (c.left < r.left - 0.5 || c.right > r.right + 0.5))
          out.push(`"${(child.textContent ?? '').trim().slice(0, 30)}" sticks out`);
      }
      if (document.documentElement.scrollWidth > vw)
        out.push(`makes the page ${document.documentElement.scrollWidth}px wide`);
      return out;
    });
    for (const problem of problems) fail(`${role} at ${width}px: the ${popup.name} ${problem}`);
    await page.keyboard.press('Escape');
    if (await panel.isVisible()) await button.click();
    await panel
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => fail(`${role}: the ${popup.name} did not close`));
  }
}

describe('embedded mode: phones', () => {
  let walk: ResidentWalk<RoleKey>;
  let portal: Portal;
  let browser: Browser;
  let ids: Map<RoleKey, Ids>;

  beforeAll(async () => {
    walk = await startResidentWalk(ROLES);
    ({ portal, browser, ids } = walk);
  });
  afterAll(async () => {
    await walk?.close();
  });

  /** Every role through every route in one viewport (its own context), failures collected. */
  async function visitAll(viewport: (typeof VIEWPORTS)[number], index: number, failures: string[]) {
    const context: BrowserContext = await browser.newContext({ viewport, hasTouch: true });
    await context.addInitScript(SETTLE_SCRIPT);
    try {
      for (const role of ROLES) {
        const page = await context.newPage();
        const where = (path: string) => `${role} ${path} at ${viewport.width}×${viewport.height}`;
        await page.goto(`${portal.url}/login`);
        await signIn(page, `${role}@demo.porta.test`);
        await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
        if (new URL(page.url()).pathname.startsWith('/admin')) {
          failures.push(`${role} was sent to the staff app`);
          await page.close();
          continue;
        }
        await settled(page);
        for (const path of routesOf(ids.get(role) as Ids)) {
          if (path !== '/') await navigate(page, path);
          const started = Date.now();
          const ready = await settled(page);
          if (process.env.PHONES_DEBUG && Date.now() - started > 700)
            console.log(`${where(path)}: ${Date.now() - started} ms`);
          const m = await measure(page);
          if (!ready) failures.push(`${where(path)}: the page kept changing or loading for 8 s`);
          if (m.scrollWidth > m.innerWidth || m.innerWidth > viewport.width)
            failures.push(`${where(path)}: ${m.scrollWidth}px wide — ${m.culprits.join('; ')}`);
          for (const control of m.controls) {
            for (const o of control.outside)
              failures.push(`${where(path)}: ${control.name} off-screen: ${o}`);
            for (const s of control.small) failures.push(`${where(path)}: ${control.name} too small: ${s}`);
          }
          for (const control of ['notification bell', 'profile menu button', 'main navigation toggle'])
            if (!m.controls.find((c) => c.name === control)?.present)
              failures.push(`${where(path)}: no ${control} in the header`);
          if (
            path === '/' &&
            role === 'board' &&
            !m.controls.find((c) => c.name === 'section switcher')?.present
          )
            failures.push(`${where(path)}: no section switcher`);
          if (
            path === '/' &&
            role === 'owner' &&
            !m.controls.find((c) => c.name === 'housing-company switcher')?.present
          )
            failures.push(`${where(path)}: no housing-company switcher`);
          for (const s of m.smallActions) failures.push(`${where(path)}: main action too small: ${s}`);
        }
        // The header's pop-ups, once per role on the narrowest phone.
        if (index === 0) {
          await navigate(page, '/');
          await settled(page);
          await checkPopups(page, role, viewport.width, (message) => failures.push(message));
        }
        await page.evaluate(() => localStorage.clear());
        await page.close();
      }
    } finally {
      await context.close();
    }
  }

  it('every route fits 360 × 740 and 390 × 844 for every role', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    // The two phones side by side: each waits on the portal more than it computes.
    await Promise.all(VIEWPORTS.map((viewport, index) => visitAll(viewport, index, failures)));
    expect(failures).toEqual([]);
  });
});
