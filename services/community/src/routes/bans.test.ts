import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, discussions, images, likes, outbox, reports, subscriptions } from '../db/schema.js';
import {
  type apiClient,
  type CommunityTestApp,
  clientAs,
  communityTestApp,
  loginAs,
  multipartFile,
  pngImage,
} from '../testing/index.js';

type Client = ReturnType<typeof apiClient>;
let t: CommunityTestApp;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};
const BANNED = 'You have been banned from commenting.';

beforeAll(async () => {
  t = await communityTestApp();
  for (const key of ['admin', 'owner', 'tenant', 'neighbour', 'board']) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
}, 60_000);
afterAll(() => t?.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ban(key: string, housingCompanyId: string | null) {
  const res = await c.admin!.post(`/api/identity/admin/users/${ids[key]}/bans`, {
    expiryDate: inDays(7),
    housingCompanyId,
    reason: 'Rude comments',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function unban(key: string, banId: string) {
  expect((await c.admin!.delete(`/api/identity/admin/users/${ids[key]}/bans/${banId}`)).statusCode).toBe(204);
}

/** Everything the community service stores, counted. */
async function stored() {
  const { db } = t.community.context;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    discussions,
    comments,
    likes,
    images,
    outbox,
    subscriptions,
    reports,
  })) {
    counts[name] = (await db.select().from(table)).length;
  }
  return counts;
}

function expectBanned(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'COM_USER_BANNED', title: BANNED });
}

describe('banned users', () => {
  it('refuses a user banned in the housing company every write with the clear message, and stores nothing', async () => {
    const d = (
      await c.board!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'Noise',
        body: 'Quiet please',
      })
    ).json<{ id: string }>().id;
    const own = (
      await c.tenant!.post(`/api/community/discussions/${d}/comments`, { body: 'Before the ban' })
    ).json<{
      id: string;
    }>().id;
    const banId = await ban('tenant', t.hc.lindenCourt);
    const before = await stored();

    const discussion = await c.tenant!.post('/api/community/discussions', {
      housingCompanyId: t.hc.lindenCourt,
      title: 'Angry',
      body: 'Words',
    });
    expectBanned(discussion);
    expect(discussion.json()).toMatchObject({ detail: `Banned from commenting until ${inDays(7)}.` });
    expectBanned(await c.tenant!.post(`/api/community/discussions/${d}/comments`, { body: 'More words' }));
    const top = (await c.board!.post(`/api/community/discussions/${d}/comments`, { body: 'Top' })).json<{
      id: string;
    }>().id;
    const afterBoard = await stored();
    expectBanned(
      await c.tenant!.post(`/api/community/discussions/${d}/comments`, { body: 'Reply', parentId: top }),
    );
    expectBanned(await c.tenant!.post(`/api/community/discussions/${d}/likes`));
    expectBanned(await c.tenant!.post(`/api/community/comments/${top}/likes`));
    expectBanned(await c.tenant!.put(`/api/community/comments/${own}`, { body: 'Rewritten in anger' }));
    const { payload, headers } = multipartFile('photo.png', pngImage(20, 20), 'image/png');
    const { accessToken } = await loginAs(t.app, 'tenant');
    expectBanned(
      await t.app.inject({
        method: 'POST',
        url: `/api/community/images?housingCompanyId=${t.hc.lindenCourt}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${accessToken}` },
      }),
    );
    // Nothing stored by the refused writes (the board member's comment is the only change).
    expect(afterBoard.comments).toBe(before.comments! + 1);
    expect(await stored()).toEqual(afterBoard);

    // Reading, deleting one's own comment and following stay possible.
    expect((await c.tenant!.get(`/api/community/discussions/${d}/comments`)).statusCode).toBe(200);
    expect((await c.tenant!.post(`/api/community/discussions/${d}/subscription`)).statusCode).toBe(200);
    expect((await c.tenant!.delete(`/api/community/comments/${own}`)).statusCode).toBe(200);

    // Lifted: writing works again at once.
    await unban('tenant', banId);
    expect(
      (await c.tenant!.post(`/api/community/discussions/${d}/comments`, { body: 'Sorry' })).statusCode,
    ).toBe(201);
  });

  it('applies a housing-company ban only there', async () => {
    const banId = await ban('owner', t.hc.harbourView);
    try {
      expectBanned(
        await c.owner!.post('/api/community/discussions', {
          housingCompanyId: t.hc.harbourView,
          title: 'A',
          body: 'B',
        }),
      );
      const elsewhere = await c.owner!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'Still fine here',
        body: 'Yes',
      });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await unban('owner', banId);
    }
  });

  it('applies a global ban in every housing company', async () => {
    const banId = await ban('neighbour', null);
    try {
      expectBanned(
        await c.neighbour!.post('/api/community/discussions', {
          housingCompanyId: t.hc.birchHill,
          title: 'A',
          body: 'B',
        }),
      );
    } finally {
      await unban('neighbour', banId);
    }
    const res = await c.neighbour!.post('/api/community/discussions', {
      housingCompanyId: t.hc.birchHill,
      title: 'A',
      body: 'B',
    });
    expect(res.statusCode).toBe(201);
  });
});
