import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM } from './browser.js';
import { type Portal, startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, type PortalApi, portalApi } from './portal-api.js';

/**
 * The resident app's routes as concrete paths for a demo user, and how a browser test waits for a
 * page of the single-page app to settle: shared by the phone-size test and the accessibility test.
 */

/** The ids a role's detail routes take (the first of each list the role can read). */
export interface Ids {
  news: string;
  calendar: string;
  step: string;
  discussion: string;
  privateConversation: string;
  areaConversation: string;
  serviceRequest: string;
  campaign: string;
  partner: string;
  recommended: { id: string; slug: string };
}

/** Every route of routes.tsx, as a concrete path (an unknown id shows the page's not-found state). */
export function routesOf(ids: Ids): string[] {
  const e = encodeURIComponent;
  return [
    '/',
    '/change-housing-company',
    '/profile',
    '/my-profile',
    '/my-settings',
    '/profile/gdpr-report',
    '/deactivate',
    '/my-notifications',
    '/ui-sandbox',
    '/business-partners/dashboard',
    '/news',
    '/news/archive',
    `/news/${e(ids.news)}`,
    '/calendar',
    `/calendar/entry/${e(ids.calendar)}`,
    `/step/${e(ids.step)}`,
    '/material-selection',
    '/material-selection/kitchen',
    '/apartment/warranty',
    '/apartment/warranty/new',
    '/warranty',
    '/warranty/new',
    '/project-camera',
    '/documents',
    '/documents/contracts',
    '/my-apartment/documents',
    '/book-common-spaces',
    '/booking/1',
    '/community',
    '/community/public-discussions',
    `/community/public-discussions/${e(ids.discussion)}`,
    `/public-discussions/${e(ids.discussion)}`,
    '/community/private-messages',
    '/community/private-messages/new',
    `/community/private-messages/${e(ids.privateConversation)}`,
    '/community/my-neighbours',
    '/community/area-discussions',
    `/community/area-discussions/${e(ids.areaConversation)}`,
    '/service-shop',
    '/service-shop/all-campaigns',
    `/service-shop/campaign/${e(ids.campaign)}`,
    `/service-shop/advertisement/${e(ids.campaign)}`,
    `/campaign/${e(ids.campaign)}`,
    `/service-shop/partner/${e(ids.partner)}`,
    `/partner/${e(ids.partner)}`,
    '/service-shop/my-bookings/1',
    '/isannointiliitto/archive',
    `/isannointiliitto/${e(ids.recommended.id)}/${e(ids.recommended.slug)}`,
    '/yit-news-archive',
    '/faq',
    '/faq/1',
    '/support',
    '/support/service-requests',
    '/support/service-requests/new',
    `/support/service-requests/${e(ids.serviceRequest)}`,
    '/service-requests',
    '/support/contact-book',
    '/my-apartment',
    '/my-apartment/consumption',
    '/my-apartment/consumption/water',
    '/my-apartment/movement-sensors',
  ];
}

/** The first id in an API answer: a list, or an object holding one. */
function firstItem(body: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(body)) {
    const item = body.find((x) => x && typeof x === 'object' && 'id' in x);
    return item as Record<string, unknown> | undefined;
  }
  if (body && typeof body === 'object') {
    for (const value of Object.values(body)) {
      if (Array.isArray(value)) {
        const item = firstItem(value);
        if (item) return item;
      }
    }
  }
  return undefined;
}

export async function idsOf(api: PortalApi, email: string): Promise<Ids> {
  const token = await api.signIn(email);
  const me = await api.get<{ hcs?: { id: string }[] }>(token, '/api/identity/me');
  const hcs = (me.body.hcs ?? []).map((hc) => hc.id);
  const first = async (path: (hc: string) => string) => {
    for (const hc of hcs) {
      const res = await api.get(token, path(encodeURIComponent(hc)));
      const item = res.status === 200 ? firstItem(res.body) : undefined;
      if (item) return item;
    }
    return undefined;
  };
  const id = async (path: (hc: string) => string) => String((await first(path))?.id ?? 'none');
  const recommended = await first((hc) => `/api/content/feeds/recommended?housingCompanyId=${hc}&lang=en`);
  return {
    news: await id((hc) => `/api/content/news?housingCompanyId=${hc}`),
    calendar: await id((hc) => `/api/content/calendar?housingCompanyId=${hc}`),
    step: await id((hc) => `/api/content/steps?housingCompanyId=${hc}`),
    discussion: await id((hc) => `/api/community/discussions?housingCompanyId=${hc}`),
    privateConversation: await id((hc) => `/api/community/conversations?housingCompanyId=${hc}&type=private`),
    areaConversation: await id((hc) => `/api/community/conversations?housingCompanyId=${hc}&type=area`),
    serviceRequest: await id((hc) => `/api/service-requests/requests?housingCompanyId=${hc}`),
    campaign: await id((hc) => `/api/content/campaigns?housingCompanyId=${hc}&lang=en`),
    partner: await id((hc) => `/api/content/shop-partners?housingCompanyId=${hc}&lang=en`),
    recommended: {
      id: String(recommended?.id ?? 'none'),
      slug: String(recommended?.slug || 'article'),
    },
  };
}

/**
 * Counts the requests in flight and the time of the last change of the page, so that a page is
 * measured once it has settled (no fixed sleeps).
 */
export const SETTLE_SCRIPT = `(() => {
  const state = { inflight: 0, last: performance.now() };
  window.__phones = state;
  const original = window.fetch;
  window.fetch = function (...args) {
    state.inflight += 1;
    const answer = original.apply(this, args);
    // The answer's headers are enough: a live stream's body never ends.
    answer.finally(() => { state.inflight -= 1; state.last = performance.now(); });
    return answer;
  };
  new MutationObserver(() => { state.last = performance.now(); })
    .observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/**
 * Waits until no request is in flight and the page has its h1 and no spinner, still for 100 ms
 * (or, without an h1, 400 ms without changes). False when it did not settle within 8 s.
 */
export async function settled(page: Page): Promise<boolean> {
  try {
    await page.waitForFunction(
      () => {
        const state = (window as unknown as { __phones?: { inflight: number; last: number } }).__phones;
        if (!state) return false;
        if (state.inflight > 0) return false;
        const quiet = performance.now() - state.last;
        // A page with its h1 and no spinner is ready once still; one without (a section that is
        // off for the user) once nothing has changed for a while.
        return (
          (!document.querySelector('.loader') && document.querySelector('h1') !== null && quiet > 100) ||
          quiet > 400
        );
      },
      undefined,
      { polling: 50, timeout: 8_000 },
    );
    return true;
  } catch {
    return false;
  }
}

/** A navigation inside the single-page app (no reload: the session and the chunks stay). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What a walk over the resident routes starts from. */
export interface ResidentWalk<R extends string> {
  portal: Portal;
  browser: Browser;
  /** Each role's ids for the detail routes. */
  ids: Map<R, Ids>;
  close(): Promise<void>;
}

/**
 * The embedded portal, a headless Chromium, and each role's ids, with the welcome dialog of a
 * housing company in construction dismissed (it would cover the pages).
 */
export async function startResidentWalk<R extends string>(roles: Iterable<R>): Promise<ResidentWalk<R>> {
  const portal = await startEmbedded();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  const api = portalApi(portal.url);
  const ids = new Map<R, Ids>();
  for (const role of new Set(roles)) {
    const email = `${role}@demo.porta.test`;
    await dismissWelcomeDialogs(api, email).catch(() => undefined);
    ids.set(role, await idsOf(api, email));
  }
  return {
    portal,
    browser,
    ids,
    async close() {
      await browser.close();
      await portal.close();
    },
  };
}
