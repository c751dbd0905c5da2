import { LIKE_NAMES_SHOWN } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes } from '../db/schema.js';
import {
  addTestUser,
  type apiClient,
  type CommunityTestApp,
  clientAs,
  communityTestApp,
} from '../testing/index.js';

type Client = ReturnType<typeof apiClient>;
let t: CommunityTestApp;
const c: Record<string, Client> = {};
/** Twelve residents of Linden Court, liking in this order. */
const LIKERS = Array.from({ length: 12 }, (_, i) => `liker${i + 1}`);
const NAMES = [
  'Aino',
  'Bo',
  'Cecilia',
  'Daniel',
  'Eeva',
  'Frans',
  'Greta',
  'Hugo',
  'Ilona',
  'Jussi',
  'Kaisa',
  'Lauri',
];

beforeAll(async () => {
  t = await communityTestApp();
  for (const [i, key] of LIKERS.entries()) {
    await addTestUser(t, {
      key,
      firstName: NAMES[i],
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
  }
  for (const key of ['owner', 'tenant', 'neighbour', 'othermanager', 'staff', ...LIKERS])
    c[key] = await clientAs(t, key);
}, 90_000);
afterAll(() => t?.close());

async function discussionWithComment() {
  const d = await c.owner!.post('/api/community/discussions', {
    housingCompanyId: t.hc.lindenCourt,
    title: 'Likes',
    body: 'Like this',
  });
  const id = d.json<{ id: string }>().id;
  const comment = await c.owner!.post(`/api/community/discussions/${id}/comments`, { body: 'And this' });
  return { discussionId: id, commentId: comment.json<{ id: string }>().id };
}

describe('likes', () => {
  it('toggles a like on a comment and a discussion, telling whether the caller liked it', async () => {
    const { discussionId, commentId } = await discussionWithComment();
    const liked = await c.tenant!.post(`/api/community/comments/${commentId}/likes`);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ count: 1, likedByMe: true, names: ['Timo'], remainder: 0 });
    expect((await c.owner!.get(`/api/community/comments/${commentId}/likes`)).json()).toEqual({
      count: 1,
      likedByMe: false,
      names: ['Timo'],
      remainder: 0,
    });
    const unliked = await c.tenant!.post(`/api/community/comments/${commentId}/likes`);
    expect(unliked.json()).toEqual({ count: 0, likedByMe: false, names: [], remainder: 0 });
    const onDiscussion = await c.owner!.post(`/api/community/discussions/${discussionId}/likes`);
    expect(onDiscussion.json()).toEqual({ count: 1, likedByMe: true, names: ['Olivia'], remainder: 0 });
    expect((await c.tenant!.get(`/api/community/discussions/${discussionId}`)).json().likes).toEqual({
      count: 1,
      likedByMe: false,
      names: ['Olivia'],
      remainder: 0,
    });
    // Likes of the discussion and of its comment are separate.
    expect((await c.owner!.get(`/api/community/comments/${commentId}/likes`)).json().count).toBe(0);
  });

  it(`names the first ${LIKE_NAMES_SHOWN} likers and counts the rest, in the answer and in the lists`, async () => {
    const { discussionId, commentId } = await discussionWithComment();
    let last: Record<string, unknown> = {};
    for (const key of LIKERS)
      last = (await c[key]!.post(`/api/community/comments/${commentId}/likes`)).json();
    expect(last).toEqual({ count: 12, likedByMe: true, names: NAMES.slice(0, 10), remainder: 2 });
    const asOwner = (await c.owner!.get(`/api/community/discussions/${discussionId}/comments`)).json();
    expect(asOwner.items[0].likes).toEqual({
      count: 12,
      likedByMe: false,
      names: NAMES.slice(0, 10),
      remainder: 2,
    });
    // The 12th liker is not named but still sees their own like.
    const asLast = (await c.liker12!.get(`/api/community/comments/${commentId}/likes`)).json();
    expect(asLast).toEqual({ count: 12, likedByMe: true, names: NAMES.slice(0, 10), remainder: 2 });
    // One of the first ten takes theirs back: the 11th is named now.
    const back = (await c.liker1!.post(`/api/community/comments/${commentId}/likes`)).json();
    expect(back).toEqual({ count: 11, likedByMe: false, names: NAMES.slice(1, 11), remainder: 1 });
  });

  it('answers 404 to another housing company for the likes of a discussion and a comment, and stores nothing', async () => {
    const { discussionId, commentId } = await discussionWithComment();
    const before = (await t.community.context.db.select().from(likes)).length;
    for (const key of ['neighbour', 'othermanager']) {
      for (const url of [
        `/api/community/discussions/${discussionId}/likes`,
        `/api/community/comments/${commentId}/likes`,
      ]) {
        expect((await c[key]!.get(url)).statusCode, `${key} GET ${url}`).toBe(404);
        expect((await c[key]!.post(url)).statusCode, `${key} POST ${url}`).toBe(404);
      }
    }
    expect((await t.community.context.db.select().from(likes)).length).toBe(before);
    // The developer's staff may like anywhere.
    expect((await c.staff!.post(`/api/community/comments/${commentId}/likes`)).json().names).toEqual([
      'Sami',
    ]);
  });

  it('answers 404 for a like on something that does not exist', async () => {
    expect((await c.owner!.post(`/api/community/comments/${crypto.randomUUID()}/likes`)).statusCode).toBe(
      404,
    );
    expect((await c.owner!.post(`/api/community/discussions/${crypto.randomUUID()}/likes`)).statusCode).toBe(
      404,
    );
  });
});
