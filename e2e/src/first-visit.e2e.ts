import { type Browser, chromium, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './browser.js';
import { type Portal, startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, portalApi } from './portal-api.js';

/**
 * Issue 17, the dashboard's waterfall: on a signed-in visit to the front page, the dashboard's
 * code and the language's dictionaries are fetched while startup asks for /me and the features
 * (not after them), and the dashboard's boxes ask for their data as soon as startup is done —
 * nothing waits for a fixed delay after the last startup answer.
 */

interface Timed {
  url: string;
  start: number;
  end: number;
}

describe('embedded mode: the first visit to the dashboard', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startEmbedded();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  /**
   * A page of a browser where the demo owner is signed in (tokens where the app keeps them), with
   * the housing company the session remembers when `remembered`, and the times of its requests.
   */
  async function signedInPage(remembered: boolean) {
    const api = portalApi(portal.url);
    const email = 'owner@demo.porta.test';
    await dismissWelcomeDialogs(api, email);
    const login = await fetch(`${portal.url}/api/identity/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo-Portal-2026' }),
    });
    const tokens = (await login.json()) as {
      issuer: string;
      accessToken: string;
      refreshToken: string;
      expiresIn: number;
    };
    const me = (await (
      await fetch(`${portal.url}/api/identity/me`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
    ).json()) as { selectedHousingCompanyId: string | null; hcs: { id: string }[] };
    const housingCompanyId = me.selectedHousingCompanyId ?? me.hcs[0]?.id;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/robots.txt`);
    await page.evaluate(
      (session) => localStorage.setItem('porta.session', session),
      JSON.stringify({
        ...tokens,
        expiresIn: undefined,
        expiresAt: Date.now() + tokens.expiresIn * 1000,
        ...(remembered ? { housingCompanyId, language: 'en' } : {}),
      }),
    );
    const started = new Map<Request, number>();
    const timed: Timed[] = [];
    const t0 = Date.now();
    page.on('request', (request) => started.set(request, Date.now() - t0));
    page.on('requestfinished', (request) =>
      timed.push({ url: request.url(), start: started.get(request) ?? 0, end: Date.now() - t0 }),
    );
    const find = (pattern: RegExp) =>
      timed.filter((t) => pattern.test(new URL(t.url).pathname + new URL(t.url).search));
    const report = () => timed.map((t) => `${t.start}–${t.end} ${new URL(t.url).pathname}`).join('\n');
    return { context, page, find, report };
  }

  it("asks for the remembered housing company's features and boxes beside /me on a returning visit", async () => {
    const { context, page, find, report } = await signedInPage(true);
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor({ timeout: 20_000 });
    await expect.poll(() => find(/^\/api\/content\/contacts\/main/).length, { timeout: 20_000 }).toBe(1);
    const me = find(/^\/api\/identity\/me$/)[0];
    expect(me, report()).toBeDefined();
    // Asked before /me answered (startup did not wait for it), and each once: the boxes found
    // their data asked for already.
    const ahead = [
      /^\/api\/identity\/features/,
      /^\/api\/content\/news\?/,
      /^\/api\/content\/calendar\?/,
      /^\/api\/content\/contacts\/main/,
      /^\/api\/content\/housing-companies\/[^/]+\/image/,
    ];
    for (const pattern of ahead) {
      const calls = find(pattern);
      expect(calls, `${pattern}\n${report()}`).toHaveLength(1);
      expect(calls[0]!.start, `${pattern}\n${report()}`).toBeLessThan(me!.end);
    }
    // The quick links of the selected company come with /me: not asked for on their own.
    expect(find(/^\/api\/identity\/me\/quick-links/), report()).toHaveLength(0);
    await context.close();
  });

  it('fetches the dashboard and the dictionaries during startup, and the boxes right after it', async () => {
    const { context, page, find, report: timeline } = await signedInPage(false);
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor({ timeout: 20_000 });
    // The bell's live stream never ends, so the page is never idle: wait for the boxes' answers.
    await expect.poll(() => find(/^\/api\/content\//).length, { timeout: 20_000 }).toBeGreaterThan(2);
    const features = find(/^\/api\/identity\/features/)[0];
    const dashboardChunk = find(/^\/assets\/dashboard-[^/]+\.js$/)[0];
    const dictionaries = find(/^\/assets\/locale-[a-z]{2}-[A-Za-z]+-[^/]+\.js$/);
    const boxes = find(/^\/api\/content\//);
    const report = timeline();
    expect(features, report).toBeDefined();
    expect(dashboardChunk, report).toBeDefined();
    // Startup's answers and the dashboard's code arrive side by side.
    expect(dashboardChunk!.start, report).toBeLessThan(features!.end);
    expect(dictionaries.length, report).toBeGreaterThan(0);
    for (const dictionary of dictionaries)
      expect(dictionary.start, report).toBeLessThanOrEqual(features!.end);
    // The boxes ask for their data once startup is done, without the old fixed wait after it (the
    // mount's 150 ms count from the start, 01 §2; the bound leaves room for a loaded CI machine).
    expect(boxes.length, report).toBeGreaterThan(0);
    const firstBox = Math.min(...boxes.map((b) => b.start));
    console.log(`dashboard: features answered at ${features!.end} ms, first box call at ${firstBox} ms`);
    expect(firstBox - features!.end, report).toBeLessThan(300);
    await context.close();
  });
});
