import { STAFF_MENU } from '@porta/contracts';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { severeViolations } from './axe.js';
import { openBrowser, screenshotOnFailure } from './browser.js';
import { chooseHousingCompany, leave, residentPage, signIn } from './pages.js';
import { type Portal, startDistributed, startEmbedded } from './portal.js';

/**
 * Issue 18 in the browser: the staff app as each demo staff role uses it. For every role, the test
 * walks the side menu, opens every entry, the first record's page, its edit form and the create
 * form where the role is offered them, and fails on any 4xx answer of the API or a translation key
 * shown as text. The administrator's walk also runs axe on every screen it opens (no serious or
 * critical violation). Then the developer's staff publishes a news item to Linden Court with the
 * rich-text editor and its tenant reads it, in both run modes.
 */

/** Demo staff roles and what their menu must hold at least (the menu comes from STAFF_MENU). */
const ROLES: { email: string; menu: string[]; everyListHasRecords?: boolean }[] = [
  {
    email: 'admin@demo.porta.test',
    menu: ['Users', 'Feature toggles', 'News', 'Campaigns', 'Feedback'],
    everyListHasRecords: true,
  },
  {
    email: 'staff@demo.porta.test',
    menu: ['Users', 'News', 'Contacts', 'Campaigns', 'Feedback'],
    everyListHasRecords: true,
  },
  {
    email: 'manager@demo.porta.test',
    menu: ['Users', 'News', 'Contacts', 'Service requests'],
    everyListHasRecords: true,
  },
  { email: 'othermanager@demo.porta.test', menu: ['Users', 'News', 'Contacts'] },
  { email: 'board@demo.porta.test', menu: ['News', 'Violation reports'] },
  { email: 'partner@demo.porta.test', menu: ['Housing companies', 'Campaigns'] },
  { email: 'consumption@demo.porta.test', menu: [] },
];

/** Translation keys that leaked into the page as text (porta.*, ra.*, resources.*). */
const RAW_KEY = /\b(?:porta|ra|resources)\.[a-z_-]+\.[a-z_.-]+\b/;

/** Collects the API's 4xx answers while a page is used. */
function watchApi(page: Page) {
  const failures: string[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() >= 400 && response.status() < 500)
      failures.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
  };
  page.on('response', onResponse);
  return failures;
}

/** Waits until react-admin shows no loading indicator and the network has been quiet briefly. */
async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(
      () => !document.querySelector('[role="progressbar"], .RaLoadingIndicator-loader, [aria-busy="true"]'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

/** Text of the page that looks like a translation key, with where it was. */
async function rawKeys(page: Page, where: string): Promise<string[]> {
  const text = (await page.locator('body').textContent()) ?? '';
  const found = text.match(new RegExp(RAW_KEY.source, 'g')) ?? [];
  return found.map((key) => `${where}: ${key}`);
}

async function staffSignIn(context: BrowserContext, portal: Portal, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${portal.url}/admin/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${portal.url}/admin/`);
  await signIn(page, email);
  await page
    .getByRole('heading', { name: 'Porta administration', level: 1, exact: true })
    .waitFor({ timeout: 30_000 });
  await settle(page);
  return page;
}

/** The side menu's entries but the dashboard, by name. */
async function menuEntries(page: Page): Promise<string[]> {
  const items = page.locator('.RaMenu-open [role="menuitem"], .RaMenu-closed [role="menuitem"]');
  return (await items.allInnerTexts()).map((t) => t.trim()).filter((t) => t && t !== 'Dashboard');
}

/** The list route each staff app address asks (`/admin/news` → `/api/content/admin/articles`). */
const LIST_ROUTES = new Map(
  STAFF_MENU.flatMap((section) => section.entries).map((e) => [
    e.resource,
    `/api/${e.service}/admin/${e.path}`,
  ]),
);

/** Menu entries that are pages of their own rather than a resource's list, and how each shows it is ready. */
const PAGES: Record<string, (page: Page) => Promise<void>> = {
  documents: (page) =>
    page.getByRole('heading', { name: 'Documents', level: 1, exact: true }).waitFor({ timeout: 15_000 }),
  'email-letters': (page) =>
    page.getByRole('heading', { name: 'E-mail letters', level: 1, exact: true }).waitFor({ timeout: 15_000 }),
};

/** A list's rows that open a record. */
const ROWS = 'tbody tr.RaDatagrid-clickableRow, tbody tr.MuiTableRow-hover';

/**
 * Waits (at most 15 s) for a list's rows or its empty state (react-admin's empty page, the content
 * lists' own, or "No … found" under filters): the list route's answer comes before its rows are
 * drawn. Answers false when the list showed neither, which leaves the user looking at nothing.
 */
async function listShown(page: Page): Promise<boolean> {
  const shown = await page
    .locator(`${ROWS}, .RaEmpty-message`)
    .or(page.getByText(/^No .*found/))
    .first()
    .waitFor({ timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
  await settle(page);
  return shown;
}

/** The list routes the page has had answers from. */
function watchLists(page: Page): Set<string> {
  const answered = new Set<string>();
  page.on('response', (response) => answered.add(new URL(response.url()).pathname));
  return answered;
}

/**
 * Walks the role's menu: every entry, its first record and its tabs, edit and create forms.
 * Answers the problems, one a line, and the screens checked. Each list is checked once its data
 * has come (its list route answered), so that whether it has a first record to open does not
 * depend on the machine's speed.
 */
async function walk(
  page: Page,
  portal: Portal,
  options: { axe: boolean },
): Promise<{ problems: string[]; screens: string[]; pages: string[] }> {
  const problems: string[] = [];
  const screens: string[] = [];
  const pages: string[] = [];
  const answered = watchLists(page);
  // A list is already settled when it is checked (listShown); other screens settle first.
  const check = async (where: string, settled = false) => {
    if (!settled) await settle(page);
    screens.push(where);
    problems.push(...(await rawKeys(page, where)));
    if (options.axe) problems.push(...(await severeViolations(page)).map((v) => `${where}: axe ${v}`));
  };
  await check('dashboard');
  for (const entry of await menuEntries(page)) {
    // From the screen the previous entry ended on, as a user goes: the app is not loaded again.
    // react-admin keeps that screen until the next one's code has come, so the list counts as
    // shown only once its own route has answered and its rows or empty state are drawn.
    const item = page.getByRole('menuitem', { name: entry, exact: true });
    const listPath = new URL((await item.getAttribute('href')) ?? '', portal.url).pathname;
    answered.clear();
    await item.click();
    await page.waitForURL((url) => url.pathname === listPath);
    const resource = listPath.split('/')[2] ?? '';
    const ready = PAGES[resource];
    if (ready) {
      // A page of its own (not a resource's list): shown once its heading is, then checked.
      await ready(page).catch(() => problems.push(`${entry}: the page did not show within 15 s`));
      await check(entry);
      pages.push(entry);
      continue;
    }
    const route = LIST_ROUTES.get(resource);
    if (!route) problems.push(`${entry}: /admin/${resource} is no entry of STAFF_MENU`);
    else
      await expect
        .poll(() => answered.has(route), { timeout: 15_000, message: `${entry}: ${route} answered` })
        .toBe(true)
        .catch(() => problems.push(`${entry}: its list (${route}) did not answer within 15 s`));
    if (!(await listShown(page))) problems.push(`${entry}: neither rows nor an empty state within 15 s`);
    await check(entry, true);
    const create = page.getByRole('link', { name: 'Create', exact: true });
    if (await create.count()) {
      await create.first().click();
      await check(`${entry} → create`);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === listPath);
      if (!(await listShown(page)))
        problems.push(`${entry}: back from create, neither rows nor an empty state`);
    }
    const firstRow = page.locator(ROWS).first();
    if (await firstRow.count()) {
      await firstRow.click();
      await check(`${entry} → first record`);
      // Every tab of the record's page (a housing company's images, moderation, reminders, …).
      const tabs = page.locator('main [role="tablist"] [role="tab"]');
      const names = (await tabs.allInnerTexts()).map((t) => t.trim());
      for (const [i, name] of names.entries()) {
        if (i === 0) continue;
        await tabs.nth(i).click();
        await check(`${entry} → first record → ${name}`);
      }
      const edit = page.getByRole('link', { name: 'Edit', exact: true });
      if (await edit.count()) {
        await edit.first().click();
        await check(`${entry} → edit`);
      }
    }
  }
  return { problems, screens, pages };
}

describe('the staff app as each demo staff role uses it (embedded mode)', () => {
  let portal: Portal;
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let context: BrowserContext;

  beforeAll(async () => {
    portal = await startEmbedded();
    browser = await openBrowser({ bypassCSP: true });
    context = browser.context;
  });
  afterEach(async (test) => {
    await screenshotOnFailure(context, test);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  for (const role of ROLES) {
    it(`walks ${role.email}'s menu and forms without a 4xx or an untranslated text`, async () => {
      const page = await staffSignIn(context, portal, role.email);
      const failures = watchApi(page);
      const entries = await menuEntries(page);
      expect(entries).toEqual(expect.arrayContaining(role.menu));
      const { problems, screens, pages } = await walk(page, portal, { axe: role.email.startsWith('admin@') });
      expect([...failures, ...problems]).toEqual([]);
      const withoutRecord = entries.filter(
        (entry) => !pages.includes(entry) && !screens.includes(`${entry} → first record`),
      );
      console.log(
        `${role.email}: ${screens.length} screens checked; lists without a record to open: ${withoutRecord.join(', ') || 'none'}`,
      );
      // The demo gives the administrator, the developer's staff and the property manager records
      // in every list they have: each walk opened one of each (its record page, tabs, edit form).
      if (role.everyListHasRecords) expect(withoutRecord).toEqual([]);
      await leave(page);
    }, 240_000);
  }

  it('lands a consumption manager on a dashboard of their housing companies', async () => {
    const page = await staffSignIn(context, portal, 'consumption@demo.porta.test');
    expect(await page.getByText('Consumption', { exact: true }).count()).toBeGreaterThan(0);
    expect(await menuEntries(page)).toEqual([]);
    await leave(page);
  });

  it('lets a partner keep its own company’s details from the user menu', async () => {
    const page = await staffSignIn(context, portal, 'partner@demo.porta.test');
    const failures = watchApi(page);
    await page.getByRole('button', { name: 'Paula Partner, your menu' }).click();
    await page.getByRole('menuitem', { name: 'My company' }).click();
    await page.waitForURL(/\/admin\/partner\/company\/edit$/);
    await page.getByRole('tab', { name: 'Contact details' }).click({ timeout: 15_000 });
    const phone = page.getByRole('textbox', { name: /^Phone/ }).first();
    await phone.fill('+358 40 123 4567');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Company details saved').waitFor({ timeout: 15_000 });
    expect(failures).toEqual([]);
    expect(await rawKeys(page, 'my company')).toEqual([]);
    await leave(page);
  });

  it('names the user menu by the name it shows and leads to the resident portal and My settings', async () => {
    const page = await staffSignIn(context, portal, 'manager@demo.porta.test');
    await page.getByRole('button', { name: 'Maria Manager, your menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Resident portal' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('menuitem', { name: 'My settings' }).getAttribute('href')).toBe(
      '/my-settings',
    );
    await page.keyboard.press('Escape');
    expect(await severeViolations(page)).toEqual([]);
    await leave(page);
  });

  it('shows the application settings (/admin/settings) from the user menu', async () => {
    const page = await staffSignIn(context, portal, 'admin@demo.porta.test');
    const failures = watchApi(page);
    await page.getByRole('button', { name: /, your menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Application settings' }).click();
    await page.waitForURL(/\/admin\/settings$/);
    await page.getByRole('heading', { level: 1, name: 'Application settings' }).waitFor();
    await settle(page);
    expect(await page.getByRole('rowheader', { name: 'Poland' }).count()).toBe(1);
    expect(failures).toEqual([]);
    expect(await rawKeys(page, 'settings')).toEqual([]);
    expect(await severeViolations(page)).toEqual([]);
    await leave(page);
  });
});

for (const mode of ['embedded', 'distributed'] as const) {
  describe(`the developer's staff publishes news with the rich-text editor, ${mode} mode`, () => {
    let portal: Portal;
    let browser: Awaited<ReturnType<typeof openBrowser>>;
    let context: BrowserContext;

    beforeAll(async () => {
      portal = mode === 'embedded' ? await startEmbedded() : await startDistributed();
      browser = await openBrowser();
      context = browser.context;
    });
    afterEach(async (test) => {
      await screenshotOnFailure(context, test);
    });
    afterAll(async () => {
      await browser?.close();
      await portal?.close();
    });

    it('publishes a news item to Linden Court in rich text, and the tenant reads it formatted', async () => {
      const title = `Courtyard lights renewed (${mode} ${Date.now()})`;
      const page = await staffSignIn(context, portal, 'staff@demo.porta.test');
      const failures = watchApi(page);
      await page.goto(`${portal.url}/admin/news/create`);
      await page.getByRole('textbox', { name: /^Title/ }).fill(title);
      await page.getByRole('textbox', { name: 'Introduction' }).fill('Brighter evenings in the yard.');
      const content = page.getByRole('textbox', { name: 'Content' });
      await content.click({ timeout: 15_000 });
      await content.pressSequentially('The lights of the courtyard are renewed. ');
      await page.getByRole('button', { name: 'Bold' }).click();
      await content.pressSequentially('They are brighter from today.');
      await chooseHousingCompany(page, 'Linden Court');
      await page.getByRole('radio', { name: 'Published' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('It is published.').waitFor({ timeout: 20_000 });
      expect(failures).toEqual([]);
      await leave(page);

      const tenant = await residentPage(context, portal, 'tenant@demo.porta.test');
      await tenant.goto(`${portal.url}/news`);
      const link = tenant.getByRole('link', { name: title });
      await link.first().waitFor({ timeout: 20_000 });
      await link.first().click();
      await tenant.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
      await tenant
        .locator('.rich-text strong', { hasText: 'They are brighter from today.' })
        .first()
        .waitFor({ timeout: 15_000 });
      await leave(tenant);
    }, 180_000);
  });
}
