import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs } from '../testing/notifications-app.js';

/**
 * The community's events in the bell: a new discussion reaches the housing company's residents
 * but not its author; a comment reaches the discussion's subscribers but not its writer; a reply
 * also tells the author of the comment replied to, in words of their own.
 */

let t: NotificationsTestApp;
type Client = ReturnType<typeof apiClient>;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};
let lindenCourt: string;

beforeAll(async () => {
  t = await notificationsTestApp();
  for (const key of ['owner', 'tenant', 'board', 'manager', 'neighbour']) {
    c[key] = apiClient(t.app, (await loginAs(t.app, key)).accessToken);
    ids[key] = await t.userId(key);
  }
  const hcs = (await c.owner!.get('/api/identity/me')).json<{ hcs: { id: string; hcExt: string }[] }>().hcs;
  lindenCourt = hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
}, 60_000);
afterAll(() => t?.close());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const stored = async (key: string) =>
  (await t.stored(ids[key]!)).map((n) => ({ type: n.type, title: n.title, url: n.targetUrl }));

describe('community notifications', () => {
  it('tells the residents of a new discussion, not its author nor other housing companies', async () => {
    const res = await c.owner!.post('/api/community/discussions', {
      housingCompanyId: lindenCourt,
      title: 'Bicycle repair day',
      body: '<p>Who is in?</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const discussionId = res.json().id as string;
    for (const key of ['tenant', 'board', 'manager']) {
      const got = await until(
        () => stored(key),
        (list) => list.some((n) => n.type === 'public_discussion'),
      );
      const notice = got.find((n) => n.type === 'public_discussion')!;
      expect(notice.title, key).toContain('Bicycle repair day');
      expect(notice.url).toBe(`/community/public-discussions/${discussionId}`);
    }
    expect((await stored('owner')).filter((n) => n.type === 'public_discussion')).toEqual([]);
    expect((await stored('neighbour')).filter((n) => n.type === 'public_discussion')).toEqual([]);

    // The tenant comments: the owner (subscribed as the author) hears of it, the tenant does not.
    const comment = await c.tenant!.post(`/api/community/discussions/${discussionId}/comments`, {
      body: 'Count me in',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json().id as string;
    const ownerGot = await until(
      () => stored('owner'),
      (list) => list.some((n) => n.type === 'public_discussion_reply'),
    );
    expect(ownerGot.find((n) => n.type === 'public_discussion_reply')!.url).toBe(
      `/community/public-discussions/${discussionId}#comment-${commentId}`,
    );
    expect((await stored('tenant')).filter((n) => n.type === 'public_discussion_reply')).toEqual([]);

    // The board member replies to the tenant's comment: the tenant hears of the reply to them.
    const reply = await c.board!.post(`/api/community/discussions/${discussionId}/comments`, {
      body: 'Me too',
      parentId: commentId,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const tenantGot = await until(
      () => stored('tenant'),
      (list) => list.some((n) => n.type === 'public_discussion_reply'),
    );
    expect(tenantGot.filter((n) => n.type === 'public_discussion_reply')).toHaveLength(1);
    expect((await stored('board')).filter((n) => n.type === 'public_discussion_reply')).toEqual([]);
  });
});
