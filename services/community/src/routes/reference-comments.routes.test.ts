import { COMMUNITY_EVENTS } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  type apiClient,
  type CommunityTestApp,
  clientAs,
  communityTestApp,
} from '../testing/index.js';

/**
 * Comments on a reference (01 §7 "fetch comments for a reference"): a news article's comments in
 * a housing company, with replies, likes, edit, delete and reports as for a discussion's. Who may
 * read the article there (content answers; a stand-in here) reads and writes them; anyone else,
 * another company's article included, gets 404. The article's earlier commenters hear of a new
 * comment (news_comment), never its writer.
 */

type Client = ReturnType<typeof apiClient>;
let t: CommunityTestApp;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await communityTestApp();
  await addTestUser(t, { key: 'bizadmin', firstName: 'Bea', roles: ['yitBusinessAdmin'] });
  for (const key of ['admin', 'staff', 'bizadmin', 'manager', 'board', 'owner', 'tenant', 'neighbour']) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
}, 90_000);
afterAll(() => t?.close());

const commentsUrl = (articleId: string, hc: string, query = '') =>
  `/api/community/references/news/${articleId}/comments?housingCompanyId=${hc}${query}`;

async function comment(as: Client, articleId: string, body: string, parentId?: string) {
  const res = await as.post(commentsUrl(articleId, t.hc.lindenCourt), { body, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const newsEvents = async (commentId: string) =>
  (await t.events(COMMUNITY_EVENTS.referenceCommentCreated)).filter((e) => e.payload.commentId === commentId);

describe('comments on a news article', () => {
  it('lists comments and replies oldest first, with likes, per housing company', async () => {
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt, t.hc.harbourView] });
    const first = await comment(c.owner!, articleId, '<p>Finally!</p>');
    expect(first).toMatchObject({
      discussionId: null,
      referenceType: 'news',
      referenceId: articleId,
      housingCompanyId: t.hc.lindenCourt,
      parentId: null,
      body: '<p>Finally!</p>',
      isOwn: true,
      canEdit: true,
      canDelete: true,
      author: { firstName: 'Olivia' },
    });
    const second = await comment(c.tenant!, articleId, 'How long will it take?');
    const reply = await comment(c.board!, articleId, 'Two weeks', second.id);
    expect(reply).toMatchObject({ parentId: second.id, referenceId: articleId });

    const top = await c.tenant!.get(commentsUrl(articleId, t.hc.lindenCourt));
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toMatchObject({ total: 2 });
    expect(top.json().items.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
    expect(top.json().items[1]).toMatchObject({ childMessageCount: 1, isOwn: true });

    const replies = await c.owner!.get(commentsUrl(articleId, t.hc.lindenCourt, `&parentId=${second.id}`));
    expect(replies.json().items).toEqual([expect.objectContaining({ id: reply.id, body: 'Two weeks' })]);

    // Likes toggle through the comment routes, as for a discussion's comments.
    const liked = await c.tenant!.post(`/api/community/comments/${first.id}/likes`);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toMatchObject({ count: 1, likedByMe: true, names: ['Timo'] });
    const seen = await c.owner!.get(commentsUrl(articleId, t.hc.lindenCourt));
    expect(seen.json().items[0].likes).toMatchObject({ count: 1, likedByMe: false, names: ['Timo'] });

    // Harbour View's readers of the same article have a thread of their own.
    const other = await c.owner!.get(commentsUrl(articleId, t.hc.harbourView));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ items: [], total: 0 });
  });

  it('edits, deletes (keeping the place) and moderates as for a discussion', async () => {
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt] });
    const mine = await comment(c.tenant!, articleId, 'Typo hree');
    const edited = await c.tenant!.put(`/api/community/comments/${mine.id}`, { body: 'Typo here' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Typo here', edited: true, referenceId: articleId });
    expect((await c.owner!.put(`/api/community/comments/${mine.id}`, { body: 'x' })).statusCode).toBe(403);
    expect((await c.owner!.delete(`/api/community/comments/${mine.id}`)).statusCode).toBe(403);
    // The board member moderates Linden Court.
    const removed = await c.board!.delete(`/api/community/comments/${mine.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ isDeleted: true, body: '' });
    const list = await c.owner!.get(commentsUrl(articleId, t.hc.lindenCourt));
    expect(list.json().items).toEqual([expect.objectContaining({ id: mine.id, isDeleted: true })]);
    const replyToDeleted = await c.owner!.post(commentsUrl(articleId, t.hc.lindenCourt), {
      body: 'x',
      parentId: mine.id,
    });
    expect(replyToDeleted.statusCode).toBe(409);
  });

  it('takes reports on its comments, pointing moderators at the article', async () => {
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt] });
    const rude = await comment(c.tenant!, articleId, 'Rude words');
    const report = await c.owner!.post('/api/community/reports', {
      housingCompanyId: t.hc.lindenCourt,
      targetObject: rude.id,
      targetType: 'comment',
      targetHref: `/news/${articleId}?_hc=DEMO-2000#comment-${rude.id}`,
    });
    expect(report.statusCode, report.body).toBe(201);
    const detail = await c.manager!.get(`/api/community/admin/reports/${report.json().id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().target).toMatchObject({
      kind: 'comment',
      id: rude.id,
      discussionId: null,
      text: 'Rude words',
      url: `/news/${articleId}#comment-${rude.id}`,
    });
  });

  it("answers 404 to whom content does not let read the article there, and for another company's article", async () => {
    const lindenOnly = t.article({ housingCompanyIds: [t.hc.lindenCourt] });
    const written = await comment(c.owner!, lindenOnly, 'Members only');
    // Birch Hill's resident: not a member of Linden Court, and the article is not Birch Hill's.
    for (const hc of [t.hc.lindenCourt, t.hc.birchHill]) {
      const list = await c.neighbour!.get(commentsUrl(lindenOnly, hc));
      expect(list.statusCode, hc).toBe(404);
      expect(list.json().code).toBe('COM_REFERENCE_NOT_FOUND');
      expect((await c.neighbour!.post(commentsUrl(lindenOnly, hc), { body: 'x' })).statusCode).toBe(404);
    }
    const n = c.neighbour!;
    for (const res of [
      await n.put(`/api/community/comments/${written.id}`, { body: 'x' }),
      await n.delete(`/api/community/comments/${written.id}`),
      await n.get(`/api/community/comments/${written.id}/likes`),
      await n.post(`/api/community/comments/${written.id}/likes`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Members only');
    }
    // An article only for board members: the tenant of the same company does not read it.
    const boardOnly = t.article({ housingCompanyIds: [t.hc.lindenCourt], roles: ['boardMember'] });
    expect((await c.board!.get(commentsUrl(boardOnly, t.hc.lindenCourt))).statusCode).toBe(200);
    expect((await c.tenant!.get(commentsUrl(boardOnly, t.hc.lindenCourt))).statusCode).toBe(404);
    expect((await c.tenant!.post(commentsUrl(boardOnly, t.hc.lindenCourt), { body: 'x' })).statusCode).toBe(
      404,
    );
    // An article that does not exist.
    const made = await c.owner!.get(commentsUrl('018f0000-0000-7000-8000-000000000000', t.hc.lindenCourt));
    expect(made.statusCode).toBe(404);
    // The developer's staff read every company's (content decides on the article).
    expect((await c.staff!.get(commentsUrl(lindenOnly, t.hc.lindenCourt))).statusCode).toBe(200);
    // Only news are references today.
    const unknown = await c.owner!.get(
      `/api/community/references/poll/${lindenOnly}/comments?housingCompanyId=${t.hc.lindenCourt}`,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('requires a body and refuses a reply to a comment of another thread', async () => {
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt] });
    const empty = await c.owner!.post(commentsUrl(articleId, t.hc.lindenCourt), { body: '<p> </p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('COM_BODY_REQUIRED');
    const elsewhere = await comment(c.owner!, t.article({ housingCompanyIds: [t.hc.lindenCourt] }), 'Other');
    const wrongParent = await c.owner!.post(commentsUrl(articleId, t.hc.lindenCourt), {
      body: 'x',
      parentId: elsewhere.id,
    });
    expect(wrongParent.statusCode).toBe(400);
    expect(wrongParent.json().code).toBe('COM_PARENT_INVALID');
  });

  it("tells the article's earlier commenters of a new comment (news_comment), never its writer", async () => {
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt], title: 'Sauna renovation' });
    const first = await comment(c.owner!, articleId, 'Great');
    expect((await newsEvents(first.id))[0]!.payload).toMatchObject({ audience: { userIds: [] } });
    await comment(c.tenant!, articleId, 'Agreed');
    await comment(c.owner!, articleId, 'Me again');
    const latest = await comment(c.board!, articleId, 'When does it start?', first.id);
    const [event] = await newsEvents(latest.id);
    expect(event!.payload).toMatchObject({
      type: 'news_comment',
      referenceType: 'news',
      referenceId: articleId,
      housingCompanyId: t.hc.lindenCourt,
      parentId: first.id,
      authorId: ids.board,
      url: `/news/${articleId}#comment-${latest.id}`,
      titles: {
        en: 'New comment on the news item: Sauna renovation',
        fi: 'Uusi kommentti uutiseen: Sauna renovation (fi)',
        sv: 'Ny kommentar till nyheten: Sauna renovation',
      },
    });
    expect([...(event!.payload.audience as { userIds: string[] }).userIds].sort()).toEqual(
      [ids.owner, ids.tenant].sort(),
    );
    // The board member comments again: they are not told of their own comment.
    const again = await comment(c.board!, articleId, 'Answering myself');
    const [second] = await newsEvents(again.id);
    expect((second!.payload.audience as { userIds: string[] }).userIds).not.toContain(ids.board);
    // A discussion comment event is not written for news comments.
    expect(
      (await t.events(COMMUNITY_EVENTS.commentCreated)).some((e) => e.payload.commentId === again.id),
    ).toBe(false);
  });
});
