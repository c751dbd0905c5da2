import { DOCUMENT_EVENTS, documentFolderUrl, type UploadAnnouncedEvent } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs, until } from '../testing/notifications-app.js';
import { documentNotices } from './consumers.js';

/**
 * The documents' announced uploads in the bell (type document, the DOCUMENT_UPLOAD setting): the
 * company's members in the folder rules' roles are told, on the apartment only for an apartment's
 * folder, never the uploader; a redelivered event stores nothing twice.
 */

let t: NotificationsTestApp;
const ids: Record<string, string> = {};
let lindenCourt: string;
let b14: string;

beforeAll(async () => {
  t = await notificationsTestApp();
  for (const key of ['owner', 'tenant', 'manager', 'board']) ids[key] = await t.userId(key);
  const tenant = apiClient(t.app, (await loginAs(t.app, 'tenant')).accessToken);
  const me = (await tenant.get('/api/identity/me')).json<{
    hcs: { id: string; hcExt: string; apts: { id: string }[] }[];
  }>();
  const linden = me.hcs.find((h) => h.hcExt === 'DEMO-2000')!;
  lindenCourt = linden.id;
  b14 = linden.apts[0]!.id;
}, 60_000);
afterAll(() => t?.close());

function event(title: string, audience: UploadAnnouncedEvent['audience'], apartmentId: string | null) {
  const folderId = crypto.randomUUID();
  return {
    housingCompanyId: lindenCourt,
    apartmentId,
    folderId,
    uploadBatchId: crypto.randomUUID(),
    documentIds: [crypto.randomUUID()],
    by: ids.manager!,
    titles: { en: title, fi: `FI ${title}` },
    defaultLanguage: 'en',
    url: documentFolderUrl(folderId, apartmentId),
    audience,
  } satisfies UploadAnnouncedEvent;
}

const ofUrl = async (key: string, url: string) =>
  (await t.stored(ids[key]!)).filter((n) => n.targetUrl === url);

async function told(e: ReturnType<typeof event>, keys: string[]) {
  for (const key of keys)
    await until(
      () => ofUrl(key, e.url),
      (list) => list.length > 0,
    );
  // The others had as long to be told.
  await new Promise((r) => setTimeout(r, 100));
}

describe('document notifications', () => {
  it("tells the company's owners of a folder for owners, not the tenant nor the uploader", async () => {
    const e = event('New document in Owners: Budget.pdf', { roles: ['owner'] }, null);
    const msgId = crypto.randomUUID();
    await t.bus.publish(DOCUMENT_EVENTS.announced, e, { msgId });
    await told(e, ['owner', 'board']);
    const got = await ofUrl('owner', e.url);
    expect(got.map((n) => ({ type: n.type, title: n.title, hc: n.housingCompanyId }))).toEqual([
      { type: 'document', title: 'New document in Owners: Budget.pdf', hc: lindenCourt },
    ]);
    expect(await ofUrl('tenant', e.url)).toEqual([]);
    expect(await ofUrl('manager', e.url)).toEqual([]);
    await t.bus.publish(DOCUMENT_EVENTS.announced, e, { msgId });
    await new Promise((r) => setTimeout(r, 100));
    expect(await ofUrl('owner', e.url)).toHaveLength(1);
  });

  it("tells only the apartment's people of an apartment's folder", async () => {
    const e = event(
      'New document in Apartment documents',
      { roles: ['owner', 'tenant'], apartmentIds: [b14] },
      b14,
    );
    await t.bus.publish(DOCUMENT_EVENTS.announced, e, { msgId: crypto.randomUUID() });
    // B 14: the board member owns it, the tenant rents it; the owner of B 12 is not told.
    await told(e, ['tenant', 'board']);
    expect(await ofUrl('owner', e.url)).toEqual([]);
    expect((await ofUrl('tenant', e.url))[0]!.apartmentId).toBe(b14);
  });

  it('tells nothing of the per-request upload event', () => {
    expect(
      documentNotices({ id: 'x', subject: DOCUMENT_EVENTS.uploaded, data: {}, headers: {}, attempt: 1 }),
    ).toEqual([]);
  });
});
