import { createCommunity, zCommunityConfig } from '@porta/community';
import type { apiClient } from '@porta/community/testing';
import { discussionUrl } from '@porta/contracts';
import { type IdentityNode, startIdentityNode } from '@porta/identity/testing';
import type { App, Database } from '@porta/service-kit';
import {
  Closers,
  cleanupNats,
  createDatabases,
  dropDatabases,
  itUrls,
  requireService,
  runId,
  until,
} from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, inboxOf, startNotificationsNode, startServiceNode } from '../testing/itest-nodes.js';

/**
 * The community and its notifications in the distributed mode: identity, community and notifications each with their own
 * PostgreSQL database and a NATS bus, as their processes run them. A resident's comment reaches the
 * discussion's other subscribers as a notification that leads to the comment; a ban made in
 * identity stops the next comment (asked over NATS); another housing company's resident gets 404.
 * community's migrations run on the real PostgreSQL here (PGlite in the unit tests).
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const ns = runId();
const databases = {
  identity: `porta_it_com_${ns}_identity`,
  community: `porta_it_com_${ns}_community`,
  notifications: `porta_it_com_${ns}_notifications`,
};

type Client = ReturnType<typeof apiClient>;

describe.skipIf(!postgresUp || !natsUp)('community on PostgreSQL and NATS JetStream', () => {
  const closers = new Closers();
  let identity: IdentityNode;
  let communityDb: Database;
  let notificationsDb: Database;
  let as: Record<string, Client>;
  let userIds: Record<string, string>;
  let lindenCourt = '';

  beforeAll(async () => {
    await createDatabases(...Object.values(databases));
    closers.add('databases', () => dropDatabases(...Object.values(databases)));
    closers.add('nats', () => cleanupNats(ns));
    identity = await startIdentityNode({ ns, databaseName: databases.identity });
    closers.add('identity', () => identity.close());
    await identity.identity.start();
    notificationsDb = await startNotificationsNode(closers, { ns, databaseName: databases.notifications });
    let app: App;
    ({ app, database: communityDb } = await startServiceNode(closers, {
      ns,
      name: 'community',
      databaseName: databases.community,
      identity,
      schema: zCommunityConfig,
      env: { BAN_CACHE_SECONDS: '0' },
      create: createCommunity,
    }));
    ({ as, userIds, lindenCourt } = await demoPeople(
      identity,
      app,
      ['owner', 'tenant', 'neighbour'],
      'public-discussion',
    ));
  }, 120_000);

  afterAll(() => closers.closeAll());

  const notificationsOf = (userId: string) => inboxOf(notificationsDb, userId);

  it("tells the discussion's writer of a comment, with the address of the comment", async () => {
    const created = await as.owner!.post('/api/community/discussions', {
      housingCompanyId: lindenCourt,
      title: 'Bicycle storage',
      body: '<p>Shall we tidy the bicycle storage on Saturday?</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const discussion = created.json<{ id: string }>();

    // Everyone else of Linden Court hears of the new discussion; its writer does not.
    await until(
      async () => (await notificationsOf(userIds.tenant!)).length === 1,
      20_000,
      'the new discussion in the tenant’s inbox',
    );
    expect((await notificationsOf(userIds.tenant!))[0]).toMatchObject({
      type: 'public_discussion',
      target_url: discussionUrl(discussion.id),
    });
    expect(await notificationsOf(userIds.owner!)).toEqual([]);

    const comment = await as.tenant!.post(`/api/community/discussions/${discussion.id}/comments`, {
      body: '<p>Yes, I will bring gloves.</p>',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json<{ id: string }>().id;
    await until(
      async () => (await notificationsOf(userIds.owner!)).length === 1,
      20_000,
      'the comment in the writer’s inbox',
    );
    expect((await notificationsOf(userIds.owner!))[0]).toMatchObject({
      type: 'public_discussion_reply',
      target_url: discussionUrl(discussion.id, commentId),
    });

    // Birch Hill's resident gets 404 on the discussion, its comments and its likes.
    for (const path of [
      `/api/community/discussions/${discussion.id}`,
      `/api/community/discussions/${discussion.id}/comments`,
      `/api/community/discussions/${discussion.id}/likes`,
    ]) {
      expect((await as.neighbour!.get(path)).statusCode, path).toBe(404);
    }
    expect(
      (await as.neighbour!.post(`/api/community/discussions/${discussion.id}/comments`, { body: 'Hi' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses the comment of a user banned in identity, with the clear message, and stores nothing', async () => {
    const discussion = (
      await as.owner!.post('/api/community/discussions', {
        housingCompanyId: lindenCourt,
        title: 'Sauna times',
        body: '<p>New sauna times from December.</p>',
      })
    ).json<{ id: string }>();
    const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const ban = await as['admin@identity']!.post(`/api/identity/admin/users/${userIds.tenant}/bans`, {
      housingCompanyId: lindenCourt,
      expiryDate: expiry,
    });
    expect(ban.statusCode, ban.body).toBe(201);
    const storedComments = async () =>
      Number((await communityDb.query<{ n: string }>('select count(*) as n from community.comments'))[0]!.n);
    const countBefore = await storedComments();

    const refused = await as.tenant!.post(`/api/community/discussions/${discussion.id}/comments`, {
      body: '<p>Again me.</p>',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'COM_USER_BANNED',
      title: 'You have been banned from commenting.',
    });
    expect(await storedComments()).toBe(countBefore);

    // The ban lifted, the comment goes through.
    const bans = (await as['admin@identity']!.get(`/api/identity/admin/users/${userIds.tenant}/bans`)).json<
      { id: string }[]
    >();
    for (const b of bans) {
      await as['admin@identity']!.delete(`/api/identity/admin/users/${userIds.tenant}/bans/${b.id}`);
    }
    const allowed = await as.tenant!.post(`/api/community/discussions/${discussion.id}/comments`, {
      body: '<p>Thanks!</p>',
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});
