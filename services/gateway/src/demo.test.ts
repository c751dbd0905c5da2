import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, loadConfig, openDatabase } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

/** The embedded portal's first start (issue 17 "a demo that is alive"): every service's demo is in. */

let g: Gateway;
let db: Database;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'porta-web-'));
  for (const app of ['resident', 'admin']) {
    mkdirSync(join(web, app), { recursive: true });
    writeFileSync(join(web, app, 'index.html'), `<!doctype html><title>${app}</title>`);
  }
  db = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    // The demo's pictures go to a folder of the test, not ./data of the package.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'porta-gateway-test-')),
    WEB_RESIDENT_DIR: join(web, 'resident'),
    WEB_ADMIN_DIR: join(web, 'admin'),
  });
  g = await buildGateway(config, { database: db });
  await g.app.ready();
}, 120_000);
afterAll(async () => {
  await g?.close();
  await db?.close();
});

async function as(who: string) {
  const login = await g.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: `${who}@demo.porta.test`, password: 'Demo-Portal-2026' },
  });
  const token = login.json<{ accessToken: string }>().accessToken;
  const me = await g.app.inject({
    method: 'GET',
    url: '/api/identity/me',
    headers: { authorization: `Bearer ${token}` },
  });
  const linden = me
    .json<{ hcs: { id: string; name: string }[] }>()
    .hcs.find((h) => h.name.includes('Linden'));
  const get = (url: string) =>
    g.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { get, linden: linden!.id };
}

describe('the embedded demo', () => {
  it('shows the tenant discussions, a private conversation, service requests and the bell', async () => {
    const { get, linden } = await as('tenant');
    const discussions = await get(`/api/community/discussions?housingCompanyId=${linden}`);
    expect(discussions.json<{ items: unknown[] }>().items.length).toBeGreaterThanOrEqual(2);
    const talks = await get(`/api/community/conversations?housingCompanyId=${linden}&type=private`);
    expect(talks.json<{ items: unknown[] }>().items).toHaveLength(1);
    const requests = await get(`/api/service-requests/requests?housingCompanyId=${linden}`);
    expect(requests.json<{ items: unknown[] }>().items.length).toBeGreaterThanOrEqual(3);
    const inbox = await get('/api/notifications/inbox');
    expect(inbox.json<{ unreadCount: number }>().unreadCount).toBeGreaterThan(0);
  });

  it('reads Linden Court’s news in Swedish', async () => {
    const { get, linden } = await as('owner');
    const news = await get(`/api/content/news?housingCompanyId=${linden}&lang=sv&mode=archive`);
    const items = news.json<{ items: { language: string }[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.language === 'sv')).toBe(true);
  });
});
