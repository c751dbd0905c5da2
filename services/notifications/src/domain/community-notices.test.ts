import { COMMUNITY_EVENTS, defaultNotificationSettings, type MessageCreatedEvent } from '@porta/contracts';
import { addTestUser, endRoles } from '@porta/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { apiClient, loginAs, until } from '../testing/notifications-app.js';
import { communityNotices } from './consumers.js';

/**
 * The community's events in the bell: a new discussion reaches the housing company's residents
 * but not its author; a comment reaches the discussion's subscribers but not its writer; a reply
 * also tells the author of the comment replied to, in words of their own. A private conversation
 * and its messages reach its participants only, as the NEIGHBOUR_MESSAGES keys let them.
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

/** The user's reply notices of a private conversation. */
const ofConversationOf = async (key: string, id: string) =>
  (await t.stored(ids[key]!)).filter(
    (n) => n.type === 'neighbour_message_reply' && n.targetUrl === `/community/private-messages/${id}`,
  );

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

// The demo has the neighbours feature (private messages) on everywhere.
describe('private message notifications', () => {
  /** The user's notifications of a type for a conversation, once the fan-out stored them. */
  const ofConversation = async (key: string, type: string, id: string) =>
    (await stored(key)).filter((n) => n.type === type && n.url === `/community/private-messages/${id}`);

  async function keyOff(key: string, setting: string) {
    const off = defaultNotificationSettings();
    off.settings = off.settings.map((s) => (s.key === setting ? { ...s, active: false } : s));
    expect((await c[key]!.put('/api/notifications/settings', off)).statusCode).toBe(200);
  }

  it('tells the participants of a new conversation and its replies, nobody else and never the writer', async () => {
    await keyOff('manager', 'NEIGHBOUR_MESSAGES');
    try {
      const res = await c.owner!.post('/api/community/conversations', {
        housingCompanyId: lindenCourt,
        participantIds: [ids.tenant, ids.manager],
        body: 'Shall we share a car?',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as string;
      const tenantGot = await until(
        () => ofConversation('tenant', 'neighbour_message', id),
        (list) => list.length > 0,
      );
      expect(tenantGot).toEqual([
        {
          type: 'neighbour_message',
          title: 'New private message from Olivia',
          url: `/community/private-messages/${id}`,
        },
      ]);
      const [notice] = (await t.stored(ids.tenant!)).filter(
        (n) => n.targetUrl === `/community/private-messages/${id}`,
      );
      expect(notice!.housingCompanyId).toBe(lindenCourt);
      // The manager is in it but switched NEIGHBOUR_MESSAGES off; the board member is not in it.
      expect(await ofConversation('manager', 'neighbour_message', id)).toEqual([]);
      expect(await ofConversation('board', 'neighbour_message', id)).toEqual([]);
      expect(await ofConversation('owner', 'neighbour_message', id)).toEqual([]);

      // The tenant answers: the owner and the manager hear of it (the reply key is on), not the tenant.
      const reply = await c.tenant!.post(`/api/community/conversations/${id}/messages`, { body: 'Yes!' });
      expect(reply.statusCode, reply.body).toBe(201);
      const ownerGot = await until(
        () => ofConversation('owner', 'neighbour_message_reply', id),
        (list) => list.length > 0,
      );
      expect(ownerGot[0]!.title).toBe('New message from Timo in a private conversation');
      await until(
        () => ofConversation('manager', 'neighbour_message_reply', id),
        (list) => list.length > 0,
      );
      expect(await ofConversation('tenant', 'neighbour_message_reply', id)).toEqual([]);
      expect(await ofConversation('board', 'neighbour_message_reply', id)).toEqual([]);
    } finally {
      await c.manager!.put('/api/notifications/settings', defaultNotificationSettings());
    }
  });

  it('stores no reply notice for a participant who switched NEIGHBOUR_MESSAGES_REPLY off', async () => {
    await keyOff('owner', 'NEIGHBOUR_MESSAGES_REPLY');
    try {
      const res = await c.owner!.post('/api/community/conversations', {
        housingCompanyId: lindenCourt,
        participantIds: [ids.tenant, ids.board],
        body: 'Garden work on Sunday',
      });
      const id = res.json().id as string;
      await c.tenant!.post(`/api/community/conversations/${id}/messages`, { body: 'Count me in' });
      await until(
        () => ofConversation('board', 'neighbour_message_reply', id),
        (list) => list.length > 0,
      );
      expect(await ofConversation('owner', 'neighbour_message_reply', id)).toEqual([]);
    } finally {
      await c.owner!.put('/api/notifications/settings', defaultNotificationSettings());
    }
  });
});

describe('who has moved out', () => {
  it("hears no more of the housing company's discussions, private conversations and area discussions", async () => {
    const leaver = await addTestUser(t, {
      key: 'leaver',
      firstName: 'Lea',
      publicProfile: true,
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const lea = await clientAs(t, 'leaver');
    const staff = await clientAs(t, 'staff');
    const staffId = await t.userId('staff');
    const ofLea = async () => (await t.stored(leaver)).map((n) => n.type);

    // Lea writes a discussion (she follows it as its author) and the staff member comments on it:
    // Lea hears of that comment.
    const discussion = await lea.post('/api/community/discussions', {
      housingCompanyId: lindenCourt,
      title: 'Moving boxes to give away',
      body: '<p>Free to a good home</p>',
    });
    expect(discussion.statusCode, discussion.body).toBe(201);
    const discussionId = discussion.json().id as string;
    const staffComment = await staff.post(`/api/community/discussions/${discussionId}/comments`, {
      body: 'Thanks for sharing',
    });
    expect(staffComment.statusCode, staffComment.body).toBe(201);
    await until(ofLea, (types) => types.includes('public_discussion_reply'));
    // The owner starts a private conversation with Lea and the tenant: Lea hears of it.
    const conversation = await c.owner!.post('/api/community/conversations', {
      housingCompanyId: lindenCourt,
      participantIds: [ids.tenant, leaver],
      body: 'Farewell coffee on Friday?',
    });
    expect(conversation.statusCode, conversation.body).toBe(201);
    const conversationId = conversation.json().id as string;
    await until(ofLea, (types) => types.includes('neighbour_message'));
    // The board member starts an area discussion and Lea writes in it (she hears of its messages).
    const area = await c.board!.post('/api/community/conversations', {
      type: 'area',
      housingCompanyId: lindenCourt,
      title: 'Street lights',
      body: '<p>Two are out on the main road</p>',
    });
    expect(area.statusCode, area.body).toBe(201);
    const areaId = area.json().id as string;
    const leaWrote = await lea.post(`/api/community/conversations/${areaId}/messages`, {
      body: 'Reported them',
    });
    expect(leaWrote.statusCode, leaWrote.body).toBe(201);
    await until(
      async () => (await ofLea()).filter((type) => type === 'neighbour_message').length,
      (n) => n === 2,
    );
    const before = (await ofLea()).length;
    expect(before).toBe(3);

    // Lea moves out: her tenancy ended two days ago.
    await endRoles(t, leaver, new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));

    // The tenant replies to the staff member's comment: the staff member hears of the reply (told
    // after the discussion's subscribers), Lea, still subscribed, does not.
    const reply = await c.tenant!.post(`/api/community/discussions/${discussionId}/comments`, {
      body: 'I will take two',
      parentId: staffComment.json().id as string,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const staffGot = await until(
      async () => (await t.stored(staffId)).filter((n) => n.type === 'public_discussion_reply'),
      (list) => list.length > 0,
    );
    expect(staffGot).toHaveLength(1);
    // The tenant writes in the conversation: the owner hears of it, Lea does not.
    const message = await c.tenant!.post(`/api/community/conversations/${conversationId}/messages`, {
      body: 'See you there',
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(
      await until(
        () => ofConversationOf('owner', conversationId),
        (list) => list.length > 0,
      ),
    ).toHaveLength(1);
    // The tenant writes in the area discussion: the board member hears of it (their second notice
    // of it, after Lea's message), Lea does not.
    const areaMessage = await c.tenant!.post(`/api/community/conversations/${areaId}/messages`, {
      body: 'Thanks!',
    });
    expect(areaMessage.statusCode, areaMessage.body).toBe(201);
    const boardGot = await until(
      async () =>
        (await t.stored(ids.board!)).filter(
          (n) =>
            n.type === 'neighbour_message_reply' && n.targetUrl === `/community/area-discussions/${areaId}`,
        ),
      (list) => list.length === 2,
    );
    expect(boardGot).toHaveLength(2);
    expect((await ofLea()).length).toBe(before);
  });
});

describe('area discussion notices', () => {
  it("belong to each user's own housing company (the writer's may be another of the area)", () => {
    const [writer, reader, hc] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const data: MessageCreatedEvent = {
      messageId: crypto.randomUUID(),
      conversationId: crypto.randomUUID(),
      conversationType: 'area',
      housingCompanyId: hc,
      authorId: writer,
      type: 'neighbour_message_reply',
      titles: { en: 'New message in the area discussion: Bikes' },
      defaultLanguage: 'en',
      url: '/community/area-discussions/x',
      audience: { userIds: [reader] },
      createdAt: new Date().toISOString(),
    };
    const notices = communityNotices({
      id: 'm1',
      subject: COMMUNITY_EVENTS.messageCreated,
      data,
      headers: {},
      attempt: 1,
    });
    expect(notices).toEqual([
      expect.objectContaining({
        sourceKey: 'm1',
        type: 'neighbour_message_reply',
        audience: { userIds: [reader], housingCompanyId: null },
        excludeUserIds: [writer],
      }),
    ]);
    // With the area's housing companies, only their members (and the developer's staff) are told.
    const [inArea] = communityNotices({
      id: 'm2',
      subject: COMMUNITY_EVENTS.messageCreated,
      data: { ...data, audience: { userIds: [reader], readersIn: [hc] } },
      headers: {},
      attempt: 1,
    });
    expect(inArea!.audience).toEqual({
      userIds: [reader],
      housingCompanyId: null,
      readers: { globalRoles: ['yitUser', 'yitBusinessAdmin'], housingCompanyIds: [hc] },
    });
  });
});

// NEWS_COMMENT (01 §3): a news article's comments, through community's comments on a reference.
describe('news comment notifications', () => {
  it("tells the article's earlier commenters of a new comment, not its writer nor those who turned NEWS_COMMENT off", async () => {
    const admin = await clientAs(t, 'admin');
    const created = await admin.post('/api/content/admin/articles', {
      variants: { en: { title: 'Sauna renovation', content: '<p>It starts in May.</p>' } },
      targeting: { housingCompanyIds: [lindenCourt], buildingTaxonomies: [] },
      status: 'published',
    });
    expect(created.statusCode, created.body).toBe(201);
    const articleId = created.json<{ id: string }>().id;
    const commentsUrl = `/api/community/references/news/${articleId}/comments?housingCompanyId=${lindenCourt}`;
    const newsComments = async (key: string) =>
      (await stored(key)).filter((n) => n.type === 'news_comment' && n.url.startsWith(`/news/${articleId}#`));

    // The manager turns NEWS_COMMENT off: they comment but are not told.
    const off = defaultNotificationSettings();
    off.settings = off.settings.map((s) => (s.key === 'NEWS_COMMENT' ? { ...s, active: false } : s));
    expect((await c.manager!.put('/api/notifications/settings', off)).statusCode).toBe(200);

    for (const [key, body] of [
      ['owner', 'Finally!'],
      ['tenant', 'How long will it take?'],
      ['manager', 'About two weeks.'],
    ] as const) {
      const res = await c[key]!.post(commentsUrl, { body });
      expect(res.statusCode, res.body).toBe(201);
    }
    const latest = await c.board!.post(commentsUrl, { body: 'Is the gym closed too?' });
    expect(latest.statusCode, latest.body).toBe(201);
    const latestId = latest.json<{ id: string }>().id;

    for (const key of ['owner', 'tenant']) {
      const got = await until(
        () => newsComments(key),
        (list) => list.some((n) => n.url.endsWith(latestId)),
      );
      expect(got.find((n) => n.url.endsWith(latestId))).toEqual({
        type: 'news_comment',
        title: 'New comment on the news item: Sauna renovation',
        url: `/news/${articleId}#comment-${latestId}`,
      });
    }
    // The owner, the first, heard of the tenant's and the manager's comments too; the board member,
    // the writer of the latest, of none; the manager turned the key off; a neighbour of another
    // housing company never commented.
    expect(await newsComments('owner')).toHaveLength(3);
    expect(await newsComments('tenant')).toHaveLength(2);
    expect(await newsComments('board')).toEqual([]);
    expect(await newsComments('manager')).toEqual([]);
    expect(await newsComments('neighbour')).toEqual([]);
  });
});
