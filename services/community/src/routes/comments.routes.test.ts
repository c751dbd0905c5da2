import { COMMUNITY_EVENTS } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../db/schema.js';
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
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await communityTestApp();
  await addTestUser(t, {
    key: 'chair',
    firstName: 'Charlotte',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'chairman' }],
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'owner' }],
  });
  await addTestUser(t, {
    key: 'family',
    firstName: 'Fiona',
    apartments: [
      { aptext: 'DEMO-2000-B14', role: 'familyMember' },
      { aptext: 'DEMO-2000-B12', role: 'familyMember' },
    ],
  });
  await addTestUser(t, {
    key: 'maint',
    firstName: 'Mikko',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'maintenanceManager' }],
  });
  await addTestUser(t, { key: 'bizadmin', firstName: 'Bea', roles: ['yitBusinessAdmin'] });
  for (const key of [
    'admin',
    'staff',
    'bizadmin',
    'manager',
    'othermanager',
    'board',
    'chair',
    'owner',
    'tenant',
    'family',
    'maint',
    'neighbour',
  ]) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
}, 90_000);
afterAll(() => t?.close());

async function discussion(as: Client = c.owner!, title = 'Yard party') {
  const res = await as.post('/api/community/discussions', {
    housingCompanyId: t.hc.lindenCourt,
    title,
    body: 'When?',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function comment(as: Client, discussionId: string, body: string, parentId?: string) {
  const res = await as.post(`/api/community/discussions/${discussionId}/comments`, { body, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const commentEvents = async (commentId: string) =>
  (await t.events(COMMUNITY_EVENTS.commentCreated)).filter((e) => e.payload.commentId === commentId);

describe('comments and replies', () => {
  it('labels authors by 02 §6: developer, role names, board member, apartment tag', async () => {
    const d = await discussion();
    const label = async (key: string) => (await comment(c[key]!, d, `From ${key}`)).author;
    expect(await label('staff')).toEqual({
      id: ids.staff,
      firstName: 'Sami',
      label: { kind: 'developer', role: null, apartment: null },
    });
    expect(await label('admin')).toMatchObject({ label: { kind: 'developer' } });
    expect(await label('manager')).toMatchObject({
      firstName: 'Maria',
      label: { kind: 'role', role: 'propertyManager', apartment: null },
    });
    expect(await label('maint')).toMatchObject({ label: { kind: 'role', role: 'maintenanceManager' } });
    // The board member owns B 14 and shows as board member; the chairman owns B 12.
    expect(await label('board')).toMatchObject({
      firstName: 'Bertil',
      label: { kind: 'board', role: 'boardMember', apartment: null },
    });
    expect(await label('chair')).toMatchObject({ label: { kind: 'board', role: 'chairman' } });
    expect(await label('owner')).toMatchObject({
      firstName: 'Olivia',
      label: { kind: 'apartment', apartment: 'B 12' },
    });
    expect(await label('tenant')).toMatchObject({
      firstName: 'Timo',
      label: { kind: 'apartment', apartment: 'B 14' },
    });
    expect(await label('family')).toMatchObject({
      firstName: 'Fiona',
      label: { kind: 'apartment', apartment: 'B 12, B 14' },
    });
  });

  it('answers replies one level deep with the parent and its childMessageCount', async () => {
    const d = await discussion();
    const top = await comment(c.owner!, d, 'Saturday?');
    const reply = await comment(c.tenant!, d, 'Works for me', top.id);
    expect(reply).toMatchObject({ parentId: top.id, discussionId: d, housingCompanyId: t.hc.lindenCourt });
    await comment(c.board!, d, 'Me too', top.id);
    const list = (await c.tenant!.get(`/api/community/discussions/${d}/comments`)).json();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: top.id, childMessageCount: 2, parentId: null });
    const replies = (
      await c.tenant!.get(`/api/community/discussions/${d}/comments?parentId=${top.id}`)
    ).json();
    expect(replies.items.map((r: { body: string }) => r.body)).toEqual(['Works for me', 'Me too']);
    // One level only: a reply to a reply is refused.
    const deeper = await c.owner!.post(`/api/community/discussions/${d}/comments`, {
      body: 'x',
      parentId: reply.id,
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().code).toBe('COM_PARENT_INVALID');
    // A parent from another discussion too.
    const other = await discussion();
    const elsewhere = await c.owner!.post(`/api/community/discussions/${other}/comments`, {
      body: 'x',
      parentId: top.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect((await c.owner!.get(`/api/community/discussions/${d}`)).json().commentCount).toBe(3);
  });

  it('pages comments oldest first, 25 at a time', async () => {
    const d = await discussion();
    for (let i = 0; i < 26; i++) await comment(c.owner!, d, `#${i}`);
    const first = (await c.owner!.get(`/api/community/discussions/${d}/comments`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(26);
    expect(first.items[0].body).toBe('#0');
    const rest = (await c.owner!.get(`/api/community/discussions/${d}/comments?skip=25&limit=25`)).json();
    expect(rest.items.map((i: { body: string }) => i.body)).toEqual(['#25']);
  });

  it('flags own comments and what the caller may do with each', async () => {
    const d = await discussion();
    const mine = await comment(c.tenant!, d, 'Mine');
    const flags = async (key: string) => {
      const list = (await c[key]!.get(`/api/community/discussions/${d}/comments`)).json();
      const { isOwn, canEdit, canDelete, canBan } = list.items.find((i: { id: string }) => i.id === mine.id);
      return { isOwn, canEdit, canDelete, canBan };
    };
    expect(await flags('tenant')).toEqual({ isOwn: true, canEdit: true, canDelete: true, canBan: false });
    expect(await flags('owner')).toEqual({ isOwn: false, canEdit: false, canDelete: false, canBan: false });
    expect(await flags('board')).toEqual({ isOwn: false, canEdit: false, canDelete: true, canBan: false });
    expect(await flags('chair')).toEqual({ isOwn: false, canEdit: false, canDelete: true, canBan: false });
    expect(await flags('manager')).toEqual({ isOwn: false, canEdit: false, canDelete: true, canBan: false });
    expect(await flags('maint')).toEqual({ isOwn: false, canEdit: false, canDelete: false, canBan: false });
    expect(await flags('staff')).toEqual({ isOwn: false, canEdit: false, canDelete: true, canBan: false });
    expect(await flags('bizadmin')).toEqual({ isOwn: false, canEdit: false, canDelete: true, canBan: true });
    expect(await flags('admin')).toEqual({ isOwn: false, canEdit: true, canDelete: true, canBan: true });
  });

  it('lets only the writer (and admin) edit, and enforces it', async () => {
    const d = await discussion();
    const mine = await comment(c.tenant!, d, 'Frist');
    for (const key of ['owner', 'board', 'manager', 'staff']) {
      const res = await c[key]!.put(`/api/community/comments/${mine.id}`, { body: 'Hijacked' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code).toBe('COM_NOT_EDITABLE');
    }
    const own = await c.tenant!.put(`/api/community/comments/${mine.id}`, { body: '<p>First</p>' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ body: '<p>First</p>', edited: true });
    const empty = await c.tenant!.put(`/api/community/comments/${mine.id}`, { body: '<p></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('COM_BODY_REQUIRED');
    expect((await c.admin!.put(`/api/community/comments/${mine.id}`, { body: 'Moderated' })).statusCode).toBe(
      200,
    );
    const [row] = await t.community.context.db.select().from(comments).where(eq(comments.id, mine.id));
    expect(row!.body).toBe('Moderated');
  });

  it('lets the writer and the moderators delete; a deleted comment keeps its place without body, likes or rights', async () => {
    const d = await discussion();
    const a = await comment(c.tenant!, d, 'Delete me');
    const b = await comment(c.tenant!, d, 'Board deletes');
    const reply = await comment(c.owner!, d, 'Reply stays', a.id);
    expect((await c.tenant!.post(`/api/community/comments/${b.id}/likes`)).statusCode).toBe(200);
    for (const key of ['owner', 'maint']) {
      const res = await c[key]!.delete(`/api/community/comments/${a.id}`);
      expect(res.statusCode, key).toBe(403);
      expect(res.json().code).toBe('COM_NOT_DELETABLE');
    }
    expect((await c.othermanager!.delete(`/api/community/comments/${a.id}`)).statusCode).toBe(404);
    const deleted = await c.tenant!.delete(`/api/community/comments/${a.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      isDeleted: true,
      body: '',
      images: [],
      canEdit: false,
      canDelete: false,
    });
    expect((await c.board!.delete(`/api/community/comments/${b.id}`)).statusCode).toBe(200);
    const list = (await c.owner!.get(`/api/community/discussions/${d}/comments`)).json();
    expect(
      list.items.map((i: { id: string; isDeleted: boolean; body: string }) => [i.id, i.isDeleted, i.body]),
    ).toEqual([
      [a.id, true, ''],
      [b.id, true, ''],
    ]);
    expect(list.items[0].childMessageCount).toBe(1);
    expect(list.items[1].likes).toEqual({ count: 0, likedByMe: false, names: [], remainder: 0 });
    const replies = (await c.owner!.get(`/api/community/discussions/${d}/comments?parentId=${a.id}`)).json();
    expect(replies.items.map((r: { id: string }) => r.id)).toEqual([reply.id]);
    const [row] = await t.community.context.db.select().from(comments).where(eq(comments.id, a.id));
    expect(row).toMatchObject({ isDeleted: true, body: '', deletedBy: ids.tenant });
    // Deleted: no edit, no second delete, no likes, no replies.
    expect((await c.tenant!.put(`/api/community/comments/${a.id}`, { body: 'Back' })).json().code).toBe(
      'COM_COMMENT_DELETED',
    );
    expect((await c.tenant!.delete(`/api/community/comments/${a.id}`)).statusCode).toBe(409);
    expect((await c.owner!.post(`/api/community/comments/${a.id}/likes`)).statusCode).toBe(409);
    const late = await c.owner!.post(`/api/community/discussions/${d}/comments`, {
      body: 'Late',
      parentId: a.id,
    });
    expect(late.json().code).toBe('COM_COMMENT_DELETED');
  });

  it('refuses an empty body with the form message and stores nothing', async () => {
    const d = await discussion();
    const before = (await t.community.context.db.select().from(comments)).length;
    for (const body of ['', ' ', '<p><br></p>', '<script>alert(1)</script>']) {
      const res = await c.owner!.post(`/api/community/discussions/${d}/comments`, { body });
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'COM_BODY_REQUIRED',
        title: 'Error on validating the form. Please check you have entered value on each required field.',
      });
    }
    const missing = await c.owner!.post(`/api/community/discussions/${d}/comments`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect((await t.community.context.db.select().from(comments)).length).toBe(before);
    expect(
      (await t.events(COMMUNITY_EVENTS.commentCreated)).filter((e) => e.payload.discussionId === d),
    ).toEqual([]);
  });

  it('sanitises comment bodies', async () => {
    const d = await discussion();
    const res = await comment(
      c.owner!,
      d,
      '<b onmouseover="x()">Hi</b><style>body{}</style><a href="data:text/html,x">x</a>',
    );
    expect(res.body).toBe('<b>Hi</b><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('answers 404 to another housing company for the comments, a comment and its likes', async () => {
    const d = await discussion();
    const top = await comment(c.owner!, d, 'Linden Court only');
    for (const key of ['neighbour', 'othermanager']) {
      const client = c[key]!;
      const list = await client.get(`/api/community/discussions/${d}/comments`);
      expect(list.statusCode, key).toBe(404);
      expect(list.body).not.toContain('Linden Court only');
      expect(
        (await client.get(`/api/community/discussions/${d}/comments?parentId=${top.id}`)).statusCode,
      ).toBe(404);
      expect((await client.post(`/api/community/discussions/${d}/comments`, { body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await client.put(`/api/community/comments/${top.id}`, { body: 'x' })).statusCode).toBe(404);
      expect((await client.delete(`/api/community/comments/${top.id}`)).statusCode).toBe(404);
      const likes = await client.get(`/api/community/comments/${top.id}/likes`);
      expect(likes.statusCode).toBe(404);
      expect(likes.json().code).toBe('COM_COMMENT_NOT_FOUND');
      expect((await client.post(`/api/community/comments/${top.id}/likes`)).statusCode).toBe(404);
    }
    expect(
      (await t.community.context.db.select().from(comments).where(eq(comments.discussionId, d))).length,
    ).toBe(1);
  });

  it('subscribes the creator and commenters, keeps an explicit unsubscribe, and tells the subscribers except the writer', async () => {
    const d = await discussion(c.owner!, 'Heating');
    const first = await comment(c.tenant!, d, 'Cold in B 14');
    const [e1] = await commentEvents(first.id);
    expect(e1?.payload).toMatchObject({
      discussionId: d,
      housingCompanyId: t.hc.lindenCourt,
      authorId: ids.tenant,
      parentId: null,
      type: 'public_discussion_reply',
      url: `/community/public-discussions/${d}#comment-${first.id}`,
      audience: { userIds: [ids.owner] },
      parentAuthor: null,
    });
    expect((e1!.payload.titles as Record<string, string>).en).toBe('New comment in the discussion: Heating');
    // The board member follows without commenting; the owner unsubscribes.
    expect((await c.board!.post(`/api/community/discussions/${d}/subscription`)).json()).toEqual({
      subscribed: true,
    });
    expect((await c.owner!.post(`/api/community/discussions/${d}/subscription`)).json()).toEqual({
      subscribed: false,
    });
    const second = await comment(c.manager!, d, 'Checking it');
    const [e2] = await commentEvents(second.id);
    expect(new Set((e2!.payload.audience as { userIds: string[] }).userIds)).toEqual(
      new Set([ids.tenant, ids.board]),
    );
    // The owner comments again: the unsubscribe stays.
    const third = await comment(c.owner!, d, 'Thanks');
    const [e3] = await commentEvents(third.id);
    expect(new Set((e3!.payload.audience as { userIds: string[] }).userIds)).toEqual(
      new Set([ids.tenant, ids.board, ids.manager]),
    );
    expect((await c.owner!.get(`/api/community/discussions/${d}`)).json().subscribed).toBe(false);
  });

  it("tells the parent comment's author of a reply with its own title, once, even when not subscribed", async () => {
    const d = await discussion(c.owner!, 'Parking');
    const top = await comment(c.tenant!, d, 'Spot 4 is free?');
    expect((await c.tenant!.post(`/api/community/discussions/${d}/subscription`)).json()).toEqual({
      subscribed: false,
    });
    const reply = await comment(c.board!, d, 'Yes', top.id);
    const [event] = await commentEvents(reply.id);
    expect(event?.payload).toMatchObject({
      parentId: top.id,
      audience: { userIds: [ids.owner] },
      parentAuthor: { userId: ids.tenant },
    });
    expect((event!.payload.parentAuthor as { titles: Record<string, string> }).titles.en).toBe(
      'New reply to your comment in the discussion: Parking',
    );
    // A reply to one's own comment tells nobody twice and not oneself.
    const selfReply = await comment(c.tenant!, d, 'Thanks', top.id);
    const [own] = await commentEvents(selfReply.id);
    expect(own?.payload.parentAuthor).toBeNull();
    expect(new Set((own!.payload.audience as { userIds: string[] }).userIds)).toEqual(
      new Set([ids.owner, ids.board]),
    );
  });
});
