import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openBrowser, screenshotOnFailure } from './browser.js';
import { type Portal, startDistributed, startEmbedded } from './portal.js';
import { dismissWelcomeDialogs, type PortalApi, portalApi } from './portal-api.js';

/** The bell in the resident app's header ("Notifications", "Notifications, 1 unread"). */
export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** The portal in one run mode with two browsers of their own: the owner's and the tenant's. */
export interface TwoResidents {
  portal: Portal;
  api: PortalApi;
  owners: BrowserContext;
  tenants: BrowserContext;
}

/**
 * Registers the hooks of a describe block whose journeys have two residents in two browsers: the
 * portal started in the mode, the browsers opened, the owner's welcome dialogs read (they are not
 * part of these journeys), screenshots of failures, everything closed afterwards. The answer is
 * filled in before the first test.
 */
export function twoResidents(mode: 'embedded' | 'distributed'): TwoResidents {
  const t = {} as TwoResidents;
  const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
  beforeAll(async () => {
    t.portal = mode === 'embedded' ? await startEmbedded() : await startDistributed();
    for (let i = 0; i < 2; i++) browsers.push(await openBrowser());
    t.owners = browsers[0]!.context;
    t.tenants = browsers[1]!.context;
    t.api = portalApi(t.portal.url);
    await dismissWelcomeDialogs(t.api, 'owner@demo.porta.test');
  });
  afterEach(async (test) => {
    for (const browser of browsers) await screenshotOnFailure(browser.context, test);
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await t.portal?.close();
  });
  return t;
}
