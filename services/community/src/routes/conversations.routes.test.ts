import { COMMUNITY_EVENTS } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, outbox, participants } from '../db/schema.js';
import {
  addTestUser,
  type apiClient,
  type CommunityTestApp,
  clientsOf,
  communityTestApp,
} from '../testing/index.js';

type Client = ReturnType<typeof apiClient>;
let t: CommunityTestApp;
let c: Record<string, Client>;
let ids: Record<string, string>;
const FORM_ERROR =
  'Error on validating the form. Please check you have entered value on each required field.';

beforeAll(async () => {
  t = await communityTestApp();
  // A resident of Linden Court without a public profile: nobody may pick them.
  await addTestUser(t, {
    key: 'private',
    firstName: 'Pia',
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'familyMember' }],
  });
  // The developer's staff without a project role in Linden Court (the demo's staff@ holds one).
  await addTestUser(t, { key: 'yitstaff', roles: ['yitUser'] });
  ({ c, ids } = await clientsOf(t, [
    'yitstaff',
    'private',
    'admin',
    'staff',
    'manager',
    'othermanager',
    'board',
    'owner',
    'tenant',
    'neighbour',
    'partner',
  ]));
}, 90_000);
afterAll(() => t?.close());

const CONVERSATIONS = '/api/community/conversations';
const list = (as: Client, type: 'private' | 'area', housingCompanyId = t.hc.lindenCourt) =>
  as.get(`${CONVERSATIONS}?housingCompanyId=${housingCompanyId}&type=${type}`);
const listedIds = async (as: Client, type: 'private' | 'area', housingCompanyId?: string) =>
  (await list(as, type, housingCompanyId)).json<{ items: { id: string }[] }>().items.map((i) => i.id);

async function startPrivate(
  as: Client,
  participantIds: string[],
  body = '<p>Hello neighbour</p>',
  title?: string,
) {
  const res = await as.post(CONVERSATIONS, {
    housingCompanyId: t.hc.lindenCourt,
    participantIds,
    body,
    ...(title ? { title } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function write(as: Client, conversationId: string, body: string) {
  const res = await as.post(`${CONVERSATIONS}/${conversationId}/messages`, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Everything the conversations store, counted. */
async function stored() {
  const { db } = t.community.context;
  return {
    conversations: (await db.select().from(conversations)).length,
    messages: (await db.select().from(messages)).length,
    participants: (await db.select().from(participants)).length,
    outbox: (await db.select().from(outbox)).length,
  };
}

async function eventOf(subject: string, key: string, id: string) {
  return (await t.events(subject)).find((e) => e.payload[key] === id)?.payload;
}

/** Switch a feature toggle of the demo on or off, and make the community service ask again. */
async function feature(featureId: string, active: boolean) {
  await t.community.context.database.query(
    'update identity.feature_toggles set active = $1 where feature_id = $2',
    [active, featureId],
  );
  // Written past identity's routes: both caches are told.
  t.identity.context.features.clear();
  t.community.context.features.clear();
}

describe('private conversations', () => {
  it('starts one with its first message, participants and rights, and tells the participants', async () => {
    const conv = await startPrivate(c.owner!, [ids.tenant!], '<p>Is the <b>sauna</b> free?</p>', 'Sauna');
    expect(conv).toMatchObject({
      type: 'private',
      housingCompanyId: t.hc.lindenCourt,
      area: null,
      title: 'Sauna',
      author: { id: ids.owner, firstName: 'Olivia', label: { kind: 'apartment', apartment: 'B 12' } },
      participants: [
        { id: ids.owner, firstName: 'Olivia' },
        { id: ids.tenant, firstName: 'Timo' },
      ],
      messageCount: 1,
      edited: false,
      newestMessage: {
        body: '<p>Is the <b>sauna</b> free?</p>',
        isDeleted: false,
        author: { id: ids.owner },
      },
      isOwn: true,
      canEdit: true,
      canDelete: true,
      canBan: false,
    });
    const event = await eventOf(COMMUNITY_EVENTS.conversationCreated, 'conversationId', conv.id);
    expect(event).toMatchObject({
      conversationType: 'private',
      housingCompanyId: t.hc.lindenCourt,
      authorId: ids.owner,
      type: 'neighbour_message',
      url: `/community/private-messages/${conv.id}`,
      audience: { userIds: [ids.tenant] },
      excludeUserIds: [ids.owner],
    });
    expect((event!.titles as Record<string, string>).en).toBe('New private message from Olivia');
    expect((event!.titles as Record<string, string>).fi).toBe('Uusi yksityisviesti käyttäjältä Olivia');
    expect(Object.keys(event!.titles as object)).toHaveLength(9);

    const asTenant = (await c.tenant!.get(`${CONVERSATIONS}/${conv.id}`)).json();
    expect(asTenant).toMatchObject({ id: conv.id, isOwn: false, canEdit: false, canDelete: false });
    const thread = (await c.tenant!.get(`${CONVERSATIONS}/${conv.id}/messages`)).json();
    expect(thread).toMatchObject({ total: 1, skip: 0, limit: 25 });
    expect(thread.items[0]).toMatchObject({ body: '<p>Is the <b>sauna</b> free?</p>', isOwn: false });
  });

  it('is seen by its participants only: other members, managers, staff, admin and other companies get 404', async () => {
    const conv = await startPrivate(c.owner!, [ids.tenant!], 'Just between us');
    expect(await listedIds(c.tenant!, 'private')).toContain(conv.id);
    expect(await listedIds(c.owner!, 'private')).toContain(conv.id);
    expect(await listedIds(c.board!, 'private')).not.toContain(conv.id);
    for (const key of ['board', 'manager', 'yitstaff', 'admin', 'neighbour', 'othermanager', 'partner']) {
      for (const path of ['', '/messages']) {
        const res = await c[key]!.get(`${CONVERSATIONS}/${conv.id}${path}`);
        expect(res.statusCode, `${key} ${path}`).toBe(404);
        expect(res.json().code).toBe('COM_CONVERSATION_NOT_FOUND');
        expect(res.body).not.toContain('Just between us');
      }
      expect((await c[key]!.post(`${CONVERSATIONS}/${conv.id}/messages`, { body: 'x' })).statusCode).toBe(
        404,
      );
      expect((await c[key]!.put(`${CONVERSATIONS}/${conv.id}`, { title: 'x' })).statusCode).toBe(404);
      expect((await c[key]!.delete(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(404);
      expect(
        (await c[key]!.put(`/api/community/messages/${conv.newestMessage.id}`, { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await c[key]!.delete(`/api/community/messages/${conv.newestMessage.id}`)).statusCode).toBe(404);
    }
    // The private lists of Linden Court are for its members: the developer's staff and other
    // companies' members get 404, and cannot start one there either.
    for (const key of ['yitstaff', 'admin', 'neighbour', 'othermanager']) {
      const res = await list(c[key]!, 'private');
      expect(res.statusCode, key).toBe(404);
      expect(res.json().code).toBe('COM_HOUSING_COMPANY_NOT_FOUND');
      const start = await c[key]!.post(CONVERSATIONS, {
        housingCompanyId: t.hc.lindenCourt,
        participantIds: [ids.owner],
        body: 'Hi',
      });
      expect(start.statusCode, key).toBe(404);
    }
  });

  it('lists newest message first with the count and the newest message, and tells the others of a reply', async () => {
    const older = await startPrivate(c.owner!, [ids.tenant!], 'First topic');
    const newer = await startPrivate(c.owner!, [ids.tenant!, ids.board!], 'Second topic');
    expect((await listedIds(c.tenant!, 'private')).slice(0, 2)).toEqual([newer.id, older.id]);
    const reply = await write(c.tenant!, older.id, '<p>Reply</p>');
    expect(reply).toMatchObject({
      conversationId: older.id,
      body: '<p>Reply</p>',
      author: { id: ids.tenant, firstName: 'Timo', label: { kind: 'apartment', apartment: 'B 14' } },
      isOwn: true,
      canEdit: true,
      canDelete: true,
      isDeleted: false,
    });
    const page = (await list(c.tenant!, 'private')).json();
    expect(page.items[0]).toMatchObject({
      id: older.id,
      messageCount: 2,
      newestMessage: { id: reply.id, body: '<p>Reply</p>' },
    });
    const event = await eventOf(COMMUNITY_EVENTS.messageCreated, 'messageId', reply.id);
    expect(event).toMatchObject({
      conversationId: older.id,
      conversationType: 'private',
      authorId: ids.tenant,
      type: 'neighbour_message_reply',
      url: `/community/private-messages/${older.id}`,
      audience: { userIds: [ids.owner] },
    });
    expect((event!.titles as Record<string, string>).en).toBe(
      'New message from Timo in a private conversation',
    );
    // The board member was invited to the second one only.
    expect(await listedIds(c.board!, 'private')).toEqual(expect.arrayContaining([newer.id]));
    expect(await listedIds(c.board!, 'private')).not.toContain(older.id);
    const thread = (await c.owner!.get(`${CONVERSATIONS}/${older.id}/messages?limit=1&skip=1`)).json();
    expect(thread).toMatchObject({ total: 2, skip: 1, limit: 1 });
    expect(thread.items.map((m: { id: string }) => m.id)).toEqual([reply.id]);
  });

  it('refuses a first message without text, no participants, and participants one may not message, storing nothing', async () => {
    const before = await stored();
    for (const body of ['', '   ', '<p> </p>', '<p>&nbsp;</p>', '<script>alert(1)</script>']) {
      const res = await c.owner!.post(CONVERSATIONS, {
        housingCompanyId: t.hc.lindenCourt,
        participantIds: [ids.tenant],
        body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COM_BODY_REQUIRED', title: FORM_ERROR });
    }
    for (const participantIds of [[], [ids.owner]]) {
      const res = await c.owner!.post(CONVERSATIONS, {
        housingCompanyId: t.hc.lindenCourt,
        participantIds,
        body: 'Hi',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'COM_BODY_REQUIRED', title: FORM_ERROR });
    }
    // Another company's resident, a member without a public profile, a made-up user.
    for (const stranger of [ids.neighbour!, ids.private!, crypto.randomUUID()]) {
      const res = await c.owner!.post(CONVERSATIONS, {
        housingCompanyId: t.hc.lindenCourt,
        participantIds: [ids.tenant, stranger],
        body: 'Hi',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('COM_PARTICIPANT_INVALID');
    }
    const conv = await startPrivate(c.owner!, [ids.tenant!], 'Hi');
    const afterStart = await stored();
    for (const body of ['', '<p></p>']) {
      const res = await c.tenant!.post(`${CONVERSATIONS}/${conv.id}/messages`, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe(FORM_ERROR);
    }
    expect(
      (await c.tenant!.post(`${CONVERSATIONS}/${conv.id}/messages`, { body: 'x', extra: 1 })).statusCode,
    ).toBe(400);
    expect(afterStart).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 1,
      participants: before.participants + 2,
      outbox: before.outbox + 1,
    });
    expect(await stored()).toEqual(afterStart);
  });

  it('lets its writer edit the title, and the writers edit and delete their own messages', async () => {
    const conv = await startPrivate(c.owner!, [ids.tenant!], 'Original', 'Title');
    const denied = await c.tenant!.put(`${CONVERSATIONS}/${conv.id}`, { title: 'Mine now' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('COM_NOT_EDITABLE');
    const renamed = await c.owner!.put(`${CONVERSATIONS}/${conv.id}`, { title: 'Better title' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Better title', edited: true });
    expect((await c.owner!.put(`${CONVERSATIONS}/${conv.id}`, { title: '  ' })).json().title).toBeNull();

    const first = conv.newestMessage.id as string;
    const notMine = await c.tenant!.put(`/api/community/messages/${first}`, { body: 'Changed' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().code).toBe('COM_NOT_EDITABLE');
    expect((await c.tenant!.delete(`/api/community/messages/${first}`)).json().code).toBe(
      'COM_NOT_DELETABLE',
    );
    const edited = await c.owner!.put(`/api/community/messages/${first}`, { body: '<p>Edited</p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: '<p>Edited</p>', edited: true });
    expect((await c.owner!.put(`/api/community/messages/${first}`, { body: ' ' })).statusCode).toBe(400);

    const deleted = await c.owner!.delete(`/api/community/messages/${first}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      id: first,
      isDeleted: true,
      body: '',
      canEdit: false,
      canDelete: false,
    });
    expect((await c.owner!.delete(`/api/community/messages/${first}`)).json().code).toBe(
      'COM_MESSAGE_DELETED',
    );
    expect((await c.owner!.put(`/api/community/messages/${first}`, { body: 'Back' })).statusCode).toBe(409);
    // It keeps its place in the thread.
    const thread = (await c.tenant!.get(`${CONVERSATIONS}/${conv.id}/messages`)).json();
    expect(thread.items).toEqual([expect.objectContaining({ id: first, isDeleted: true, body: '' })]);
  });

  it('lets its writer delete it while it has fewer than 2 messages, then refuses with 409', async () => {
    const alone = await startPrivate(c.owner!, [ids.tenant!], 'Sent by mistake');
    expect((await c.tenant!.delete(`${CONVERSATIONS}/${alone.id}`)).json().code).toBe('COM_NOT_DELETABLE');
    expect((await c.owner!.delete(`${CONVERSATIONS}/${alone.id}`)).statusCode).toBe(204);
    expect((await c.owner!.get(`${CONVERSATIONS}/${alone.id}`)).statusCode).toBe(404);
    expect((await c.tenant!.get(`${CONVERSATIONS}/${alone.id}/messages`)).statusCode).toBe(404);
    expect(await listedIds(c.owner!, 'private')).not.toContain(alone.id);

    const answered = await startPrivate(c.owner!, [ids.tenant!], 'Keep this');
    await write(c.tenant!, answered.id, 'Answer');
    expect((await c.owner!.get(`${CONVERSATIONS}/${answered.id}`)).json()).toMatchObject({
      messageCount: 2,
      canDelete: false,
    });
    const refused = await c.owner!.delete(`${CONVERSATIONS}/${answered.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'COM_CONVERSATION_HAS_REPLIES',
      title: 'A conversation with replies cannot be deleted.',
    });
    expect((await c.tenant!.get(`${CONVERSATIONS}/${answered.id}`)).statusCode).toBe(200);
  });

  it('refuses a banned user every write and stores nothing; reading stays open', async () => {
    const conv = await startPrivate(c.owner!, [ids.tenant!], 'Before the ban');
    const own = await write(c.tenant!, conv.id, 'Calm words');
    const ban = await c.admin!.post(`/api/identity/admin/users/${ids.tenant}/bans`, {
      expiryDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      housingCompanyId: t.hc.lindenCourt,
      reason: 'Rude messages',
    });
    expect(ban.statusCode, ban.body).toBe(201);
    try {
      const reply = await write(c.owner!, conv.id, 'Owner still writes');
      const before = await stored();
      const refused = [
        await c.tenant!.post(CONVERSATIONS, {
          housingCompanyId: t.hc.lindenCourt,
          participantIds: [ids.owner],
          body: 'Angry',
        }),
        await c.tenant!.post(`${CONVERSATIONS}/${conv.id}/messages`, { body: 'Angry' }),
        await c.tenant!.put(`/api/community/messages/${own.id}`, { body: 'Angry' }),
      ];
      for (const res of refused) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'COM_USER_BANNED',
          title: 'You have been banned from commenting.',
        });
      }
      expect(await stored()).toEqual(before);
      expect((await c.tenant!.get(`${CONVERSATIONS}/${conv.id}/messages`)).json().items.at(-1).id).toBe(
        reply.id,
      );
    } finally {
      const banId = ban.json<{ id: string }>().id;
      await c.admin!.delete(`/api/identity/admin/users/${ids.tenant}/bans/${banId}`);
    }
    await write(c.tenant!, conv.id, 'Sorry');
  });

  it('answers 403 FEATURE_NOT_ACTIVATED when neighbours is off for the housing company', async () => {
    const conv = await startPrivate(c.owner!, [ids.tenant!], 'Before the switch');
    await feature('neighbours', false);
    try {
      expect((await list(c.owner!, 'private')).json().code).toBe('FEATURE_NOT_ACTIVATED');
      expect((await c.owner!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(403);
      const start = await c.owner!.post(CONVERSATIONS, {
        housingCompanyId: t.hc.lindenCourt,
        participantIds: [ids.tenant],
        body: 'x',
      });
      expect(start.statusCode).toBe(403);
    } finally {
      await feature('neighbours', true);
    }
    expect((await c.owner!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(200);
  });
});

describe('area discussions', () => {
  async function startArea(as: Client, title: string, housingCompanyId = t.hc.lindenCourt) {
    const res = await as.post(CONVERSATIONS, {
      type: 'area',
      housingCompanyId,
      title,
      body: `<p>${title}</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('are started by moderators in the area of the housing company and told to its members', async () => {
    const refused = await c.owner!.post(CONVERSATIONS, {
      type: 'area',
      housingCompanyId: t.hc.lindenCourt,
      title: 'Residents may not',
      body: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('COM_AREA_MODERATORS_ONLY');
    const conv = await startArea(c.board!, 'Yard party');
    expect(conv).toMatchObject({
      type: 'area',
      housingCompanyId: t.hc.lindenCourt,
      area: { name: 'Espoo' },
      title: 'Yard party',
      participants: [],
      messageCount: 1,
      author: { id: ids.board, label: { kind: 'board', role: 'boardMember' } },
      isOwn: true,
      canDelete: true,
    });
    const event = await eventOf(COMMUNITY_EVENTS.conversationCreated, 'conversationId', conv.id);
    expect(event).toMatchObject({
      conversationType: 'area',
      type: 'neighbour_message',
      url: `/community/area-discussions/${conv.id}`,
      audience: { housingCompanyIds: [t.hc.lindenCourt], roles: [] },
      excludeUserIds: [ids.board],
    });
    expect((event!.titles as Record<string, string>).en).toBe('New area discussion: Yard party');
  });

  it('need a title and take no participants', async () => {
    for (const [payload, code] of [
      [{ title: ' ' }, 'COM_BODY_REQUIRED'],
      [{}, 'COM_BODY_REQUIRED'],
      [{ title: 'T', participantIds: [ids.owner] }, 'COM_PARTICIPANT_INVALID'],
    ] as const) {
      const res = await c.board!.post(CONVERSATIONS, {
        type: 'area',
        housingCompanyId: t.hc.lindenCourt,
        body: 'x',
        ...payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
  });

  it("are read and written by every member, labelled with the area's name, and moderated", async () => {
    const conv = await startArea(c.board!, 'New bike racks');
    expect(await listedIds(c.tenant!, 'area')).toContain(conv.id);
    const message = await write(c.tenant!, conv.id, 'Yes please');
    expect(message.author.label).toEqual({ kind: 'area', role: null, apartment: null, area: 'Espoo' });
    const event = await eventOf(COMMUNITY_EVENTS.messageCreated, 'messageId', message.id);
    expect(event).toMatchObject({
      conversationType: 'area',
      type: 'neighbour_message_reply',
      url: `/community/area-discussions/${conv.id}`,
      // Told only while still in the area: its housing companies go with the event.
      audience: { userIds: [ids.board], readersIn: [t.hc.lindenCourt] },
    });
    expect((event!.titles as Record<string, string>).en).toBe(
      'New message in the area discussion: New bike racks',
    );
    // The next message tells the board member and the tenant, who wrote in it.
    const next = await write(c.owner!, conv.id, 'Me too');
    const nextEvent = await eventOf(COMMUNITY_EVENTS.messageCreated, 'messageId', next.id);
    expect((nextEvent!.audience as { userIds: string[] }).userIds.sort()).toEqual(
      [ids.board, ids.tenant].sort(),
    );

    // The board member moderates: deletes the tenant's message; the owner may not; staff read it.
    expect((await c.owner!.get(`${CONVERSATIONS}/${conv.id}`)).json()).toMatchObject({
      canDelete: false,
      canEdit: false,
    });
    expect((await c.owner!.delete(`/api/community/messages/${message.id}`)).statusCode).toBe(403);
    const moderated = await c.board!.delete(`/api/community/messages/${message.id}`);
    expect(moderated.json()).toMatchObject({ isDeleted: true, body: '' });
    expect((await c.staff!.get(`${CONVERSATIONS}/${conv.id}/messages`)).json().total).toBe(3);
    // Other areas' members do not see it.
    expect((await c.neighbour!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(404);
    expect(await listedIds(c.neighbour!, 'area', t.hc.birchHill)).not.toContain(conv.id);
    // With replies, a moderator still deletes it; its writer could not.
    expect((await c.owner!.delete(`${CONVERSATIONS}/${conv.id}`)).json().code).toBe('COM_NOT_DELETABLE');
    expect((await c.staff!.delete(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(204);
    expect((await c.tenant!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(404);
  });

  it('reach every housing company of the area', async () => {
    const conv = await startArea(c.board!, 'Espoo-wide cleanup');
    const { database } = t.community.context;
    const [birch] = await database.query<{ term: string }>(
      'select building_taxonomy_term_id as term from identity.housing_companies where id = $1',
      [t.hc.birchHill],
    );
    const move = (term: string | null | undefined) =>
      database.query('update identity.housing_companies set building_taxonomy_term_id = $1 where id = $2', [
        term,
        t.hc.birchHill,
      ]);
    const [espoo] = await database.query<{ id: string }>(
      "select id from identity.taxonomy_terms where codename = 'espoo'",
    );
    await move(espoo!.id);
    try {
      // Birch Hill is now in Espoo: its resident reads, lists and writes, labelled with the area.
      expect((await c.neighbour!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(200);
      expect(await listedIds(c.neighbour!, 'area', t.hc.birchHill)).toContain(conv.id);
      const message = await write(c.neighbour!, conv.id, 'From Birch Hill');
      expect(message).toMatchObject({
        housingCompanyId: t.hc.birchHill,
        author: { label: { kind: 'area', area: 'Espoo' } },
      });
      // A new one reaches both companies.
      const wide = await startArea(c.othermanager!, 'Both houses', t.hc.birchHill);
      const event = await eventOf(COMMUNITY_EVENTS.conversationCreated, 'conversationId', wide.id);
      expect((event!.audience as { housingCompanyIds: string[] }).housingCompanyIds.sort()).toEqual(
        [t.hc.lindenCourt, t.hc.birchHill].sort(),
      );
      expect(await listedIds(c.tenant!, 'area')).toContain(wide.id);
    } finally {
      await move(birch?.term);
    }
    expect((await c.neighbour!.get(`${CONVERSATIONS}/${conv.id}`)).statusCode).toBe(404);
  });

  it('answers 403 FEATURE_NOT_ACTIVATED when area-discussion is off', async () => {
    await feature('area-discussion', false);
    try {
      expect((await list(c.tenant!, 'area')).json().code).toBe('FEATURE_NOT_ACTIVATED');
      // Private conversations need neighbours only.
      expect((await list(c.tenant!, 'private')).statusCode).toBe(200);
    } finally {
      await feature('area-discussion', true);
    }
  });
});
