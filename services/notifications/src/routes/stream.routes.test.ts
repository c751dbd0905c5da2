import { until } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs } from '../testing/notifications-app.js';

/** How long this file's waits may take. */
const WAIT_MS = 10_000;

let t: NotificationsTestApp;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await notificationsTestApp({ LIVE_HEARTBEAT_SECONDS: '1', LIVE_STREAM_MAX_SECONDS: '3' });
  for (const key of ['manager', 'owner', 'tenant']) tokens[key] = (await loginAs(t.app, key)).accessToken;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t?.close());

interface LiveEvent {
  event: string;
  data: unknown;
}

/** Open the stream as a user and collect what arrives (events and heartbeats). */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const blocks: string[] = [];
  let heartbeats = 0;
  let ended = false;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          blocks.push(block);
          if (block.startsWith(':')) heartbeats++;
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    res,
    events,
    blocks,
    heartbeats: () => heartbeats,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe('the live stream', () => {
  it('ends cleanly when the service stops, telling the browser to come back in a second', async () => {
    const stream = await openStream(tokens.tenant!);
    expect(await until(() => stream.events.length > 0, WAIT_MS)).toBe(true);
    expect(stream.blocks[0]).toBe('retry: 3000');
    t.notifications.context.live.endAll();
    expect(await until(() => stream.ended(), 2_000)).toBe(true);
    expect(stream.blocks.at(-1)).toBe('retry: 1000');
    await stream.close();
  });

  it('starts with the unread count, then brings a new notification as it is stored', async () => {
    const stream = await openStream(tokens.owner!);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(await until(() => stream.events.length > 0, WAIT_MS)).toBe(true);
    expect(stream.events[0]).toEqual({ event: 'unread', data: { unreadCount: 0 } });

    const hcs = (await apiClient(t.app, tokens.owner).get('/api/identity/me')).json().hcs as {
      id: string;
      hcExt: string;
    }[];
    const lindenCourt = hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
    const published = await apiClient(t.app, tokens.manager).post('/api/content/admin/articles', {
      variants: { en: { title: 'Lift service on Monday', introduction: 'Intro', content: '<p>Text</p>' } },
      targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
      status: 'published',
    });
    expect(published.statusCode).toBe(201);
    expect(await until(() => stream.events.some((e) => e.event === 'notification'), WAIT_MS)).toBe(true);
    const live = stream.events.find((e) => e.event === 'notification')!.data as {
      id: string;
      title: string;
      targetUrl: string;
    };
    expect(live.title).toBe('Lift service on Monday');
    expect(live.targetUrl).toContain(`notification_id=${live.id}`);

    // Marked read in another tab: this stream hears the new count.
    await apiClient(t.app, tokens.owner).post(`/api/notifications/inbox/${live.id}/read`);
    expect(
      await until(
        () =>
          stream.events.some(
            (e) =>
              e.event === 'unread' &&
              (e.data as { unreadCount: number }).unreadCount === 0 &&
              stream.events.indexOf(e) > 0,
          ),
        WAIT_MS,
      ),
    ).toBe(true);
    await stream.close();
  });

  it('keeps another user’s notifications out of the stream', async () => {
    const tenant = await openStream(tokens.tenant!);
    const owner = await openStream(tokens.owner!);
    await until(() => tenant.events.length > 0 && owner.events.length > 0, WAIT_MS);
    const hcs = (await apiClient(t.app, tokens.owner).get('/api/identity/me')).json().hcs as {
      id: string;
      hcExt: string;
    }[];
    const harbourView = hcs.find((h) => h.hcExt === 'DEMO-1000')!.id;
    await apiClient(t.app, tokens.manager).post('/api/content/admin/articles', {
      variants: {
        en: { title: 'Harbour View crane arrives', introduction: 'Intro', content: '<p>Text</p>' },
      },
      targeting: { housingCompanyIds: [harbourView], buildingTaxonomies: [] },
      status: 'published',
    });
    expect(await until(() => owner.events.some((e) => e.event === 'notification'), WAIT_MS)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(tenant.events.filter((e) => e.event === 'notification')).toEqual([]);
    await tenant.close();
    await owner.close();
  });

  it('sends heartbeats and ends after its maximum age (the browser reconnects)', async () => {
    const stream = await openStream(tokens.tenant!);
    expect(await until(() => stream.heartbeats() >= 1, 5_000)).toBe(true);
    expect(await until(() => stream.ended(), 6_000)).toBe(true);
    await stream.close();
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
  });
});
