/**
 * `npm run screenshots`: pictures of the resident app for docs/screenshots/ (issue 17) — the
 * dashboard, news, a discussion, a service request, the contact book, the profile and the
 * documents (the housing company's and the apartment's), signed in
 * as the demo owner, at 390 px (a phone) and 1,280 px (a desktop), in the light colour scheme and
 * the dashboard also in the dark one. Runs the built portal in the embedded mode (`npm run build`
 * first). Fails, after taking every picture, when a page is wider than the screen, shows an image
 * slot without its image, or draws a character the fonts lack (an emoji box). Then the staff
 * app's main screens in Finnish at both widths (staffShots).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from './browser.js';
import { signIn } from './pages.js';
import { startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, portalApi } from './portal-api.js';
import { idsOf, navigate, SETTLE_SCRIPT, settled } from './resident-routes.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** What a page must not show: overflow, empty image slots, glyphs drawn from no font. */
async function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const img of Array.from(document.images)) {
      const r = img.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && (!img.complete || img.naturalWidth === 0))
        out.push(`an image without its picture: ${img.currentSrc || img.src || '(no src)'}`);
    }
    // Characters drawn as emoji (their font may be missing: empty boxes); the portal draws icons
    // as SVG. Symbols shown as text by default (©, ★) are fine.
    const text = document.body.textContent ?? '';
    const emoji = text.match(/\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/gu);
    if (emoji) out.push(`emoji in the text: ${[...new Set(emoji)].join(' ')}`);
    return out;
  });
}

/**
 * The staff app in Finnish, signed in as the demo admin: the dashboard, Linden Court's page (its
 * details, images and reminders tabs), the service requests, the application settings, and Linden
 * Court's document library and introduction videos, at 390
 * and 1,280 px. react-admin's tables scroll inside their own box, so only the page's width counts.
 */
async function staffShots(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  api: ReturnType<typeof portalApi>,
): Promise<string[]> {
  const problems: string[] = [];
  const email = 'admin@demo.porta.test';
  const token = await api.signIn(email);
  const found = await api.get<{ id: string; name: string }[]>(
    token,
    `/api/identity/admin/housing-companies?filter=${encodeURIComponent(JSON.stringify({ q: 'Linden' }))}`,
  );
  const linden = found.body[0]?.id;
  if (!linden) return ['staff: Linden Court not found'];
  const pages = [
    { name: 'dashboard', path: '/admin/' },
    { name: 'housing-company', path: `/admin/housing-companies/${linden}/show` },
    { name: 'housing-company-images', path: `/admin/housing-companies/${linden}/show/images` },
    { name: 'housing-company-reminders', path: `/admin/housing-companies/${linden}/show/reminder` },
    { name: 'service-requests', path: '/admin/service-requests' },
    { name: 'settings', path: '/admin/settings' },
    { name: 'documents', path: `/admin/documents/${linden}` },
    { name: 'videos', path: `/admin/videos/${linden}` },
    { name: 'email-letters', path: `/admin/email-letters/${linden}/messages` },
  ];
  const letters = await api.get<{ items: { id: string; status: string }[] }>(
    token,
    `/api/letters/housing-companies/${linden}/letters`,
  );
  const sent = letters.body.items.find((l) => l.status === 'sent');
  const draft = letters.body.items.find((l) => l.status === 'draft');
  if (sent) {
    pages.push({ name: 'email-letter-sent', path: `/admin/email-letters/${linden}/message/${sent.id}` });
    pages.push({ name: 'email-letter-log', path: `/admin/email-letters/${linden}/message/${sent.id}/logs` });
  }
  if (draft) {
    pages.push({ name: 'email-letter-draft', path: `/admin/email-letters/${linden}/message/${draft.id}` });
    pages.push({ name: 'email-letter-preview', path: `/admin/email-letters/${linden}/preview/${draft.id}` });
  }
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width: width.width, height: width.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(`${url}/admin/`);
    await signIn(page, email);
    await page
      .getByRole('heading', { name: 'Porta administration', level: 1, exact: true })
      .waitFor({ timeout: 30_000 });
    // The staff app speaks Finnish from here on (the lang parameter is remembered).
    await page.goto(`${url}/admin/?lang=fi`);
    await page.locator('header.MuiAppBar-root').first().waitFor({ timeout: 30_000 });
    for (const { name, path } of pages) {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('networkidle');
      await page
        .waitForFunction(
          () => !document.querySelector('[role="progressbar"], [aria-busy="true"]'),
          undefined,
          {
            timeout: 15_000,
          },
        )
        .catch(() => undefined);
      await page.waitForTimeout(500);
      const file = `staff-${name}-${width.width}-fi.png`;
      await page.screenshot({ path: join(OUT, file), fullPage: true });
      for (const problem of await problemsOf(page)) problems.push(`${file}: ${problem}`);
      console.log(`docs/screenshots/${file}`);
    }
    await context.close();
  }
  return problems;
}

async function main() {
  const portal = await startEmbedded();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const problems: string[] = [];
  try {
    const api = portalApi(portal.url);
    const email = 'owner@demo.porta.test';
    await dismissWelcomeDialogs(api, email);
    const ids = await idsOf(api, email);
    const pages = [
      { name: 'dashboard', path: '/' },
      { name: 'news', path: '/news' },
      { name: 'discussion', path: `/community/public-discussions/${encodeURIComponent(ids.discussion)}` },
      {
        name: 'service-request',
        path: `/support/service-requests/${encodeURIComponent(ids.serviceRequest)}`,
      },
      { name: 'contact-book', path: '/support/contact-book' },
      { name: 'profile', path: '/my-profile' },
      { name: 'documents', path: '/documents' },
      { name: 'apartment-documents', path: '/my-apartment/documents' },
    ];
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const shots: { width: (typeof WIDTHS)[number]; scheme: 'light' | 'dark'; only?: string }[] = [
      ...WIDTHS.map((width) => ({ width, scheme: 'light' as const })),
      ...WIDTHS.map((width) => ({ width, scheme: 'dark' as const, only: 'dashboard' })),
    ];
    for (const { width, scheme, only } of shots) {
      const context = await browser.newContext({
        viewport: { width: width.width, height: width.height },
        colorScheme: scheme,
        deviceScaleFactor: 1,
      });
      await context.addInitScript(SETTLE_SCRIPT);
      const page = await context.newPage();
      await page.goto(`${portal.url}/login`);
      await signIn(page, email);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
      for (const { name, path } of pages.filter((p) => !only || p.name === only)) {
        if (path !== '/') await navigate(page, path);
        await settled(page);
        // Pictures below the fold load lazily: scroll through so that the full-page picture has them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await settled(page);
        const file = `${name}-${width.width}${scheme === 'dark' ? '-dark' : ''}.png`;
        await page.screenshot({ path: join(OUT, file), fullPage: true });
        for (const problem of await problemsOf(page)) problems.push(`${file}: ${problem}`);
        console.log(`docs/screenshots/${file}`);
      }
      await context.close();
    }
    problems.push(...(await staffShots(browser, portal.url, api)));
  } finally {
    await browser.close();
    await portal.close();
  }
  if (problems.length > 0) {
    console.error(`\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
