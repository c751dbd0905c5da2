import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, conversations, discussions, likes, messages, participants, reports } from './db/schema.js';
import { type CommunityTestApp, clientAs, communityTestApp } from './testing/index.js';

let t: CommunityTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await communityTestApp();
  seeded = await t.community.seedDemo();
});
afterAll(() => t.close());

describe('the community demo', () => {
  it('gives every demo company discussions with comments, replies and likes', async () => {
    expect(seeded).toBe(true);
    const { db } = t.community.context;
    for (const hc of Object.values(t.hc)) {
      const [d] = await db
        .select({ n: count() })
        .from(discussions)
        .where(eq(discussions.housingCompanyId, hc));
      const [c] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.housingCompanyId, hc), isNull(comments.parentId)));
      const [r] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.housingCompanyId, hc), isNotNull(comments.parentId)));
      const [l] = await db.select({ n: count() }).from(likes).where(eq(likes.housingCompanyId, hc));
      expect(d!.n).toBeGreaterThanOrEqual(1);
      expect(c!.n).toBeGreaterThanOrEqual(1);
      expect(r!.n).toBeGreaterThanOrEqual(1);
      expect(l!.n).toBeGreaterThanOrEqual(1);
    }
    // Linden Court's residents talk among themselves: owner, tenant and board member all comment.
    const writers = await db
      .selectDistinct({ name: comments.authorFirstName })
      .from(comments)
      .where(eq(comments.housingCompanyId, t.hc.lindenCourt));
    expect(writers.map((w) => w.name).sort()).toEqual(['Bertil', 'Olivia', 'Timo']);
  });

  it('keeps the counters as the routes keep them', async () => {
    const { db } = t.community.context;
    for (const d of await db.select().from(discussions)) {
      const [n] = await db.select({ n: count() }).from(comments).where(eq(comments.discussionId, d.id));
      expect(d.commentCount).toBe(n!.n);
    }
  });

  it('writes in the residents’ languages: English, Finnish and Swedish', async () => {
    const titles = await t.community.context.db
      .select({ hc: discussions.housingCompanyId, title: discussions.title })
      .from(discussions);
    const of = (hc: string) => titles.filter((d) => d.hc === hc).map((d) => d.title);
    expect(of(t.hc.harbourView)).toContain('Welcome to the Harbour View discussion board');
    expect(of(t.hc.lindenCourt)).toContain('Pyörävaraston siivous ensi kuussa');
    expect(of(t.hc.birchHill)).toContain('Bastuturer för hösten');
  });

  it('shows the owner a private conversation with the tenant, and area discussions', async () => {
    const { db } = t.community.context;
    const [owner, tenant] = [await t.userId('owner'), await t.userId('tenant')];
    const [talk] = await db.select().from(conversations).where(eq(conversations.type, 'private'));
    expect(talk!.authorId).toBe(owner);
    const people = await db.select().from(participants).where(eq(participants.conversationId, talk!.id));
    expect(people.map((p) => p.userId).sort()).toEqual([owner, tenant].sort());
    const [m] = await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, talk!.id));
    expect(m!.n).toBe(talk!.messageCount);
    const areas = await db.select().from(conversations).where(eq(conversations.type, 'area'));
    expect(areas.map((a) => a.housingCompanyId).sort()).toEqual(Object.values(t.hc).sort());
    expect(areas.every((a) => a.areaId && a.areaName)).toBe(true);

    const c = await clientAs(t, 'owner');
    const list = await c.get(
      `/api/community/conversations?housingCompanyId=${t.hc.lindenCourt}&type=private`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Parcel at your door');
  });

  it('leaves one reported comment for the moderators', async () => {
    const all = await t.community.context.db.select().from(reports);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ housingCompanyId: t.hc.lindenCourt, targetType: 'comment' });
    const staff = await clientAs(t, 'manager');
    const detail = await staff.get(`/api/community/admin/reports/${all[0]!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().target).toMatchObject({ kind: 'comment', id: all[0]!.targetObject });
  });

  it('answers a resident’s discussion list', async () => {
    const c = await clientAs(t, 'tenant');
    const res = await c.get(`/api/community/discussions?housingCompanyId=${t.hc.lindenCourt}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Kevättalkoot');
  });

  it('runs once', async () => {
    const { db } = t.community.context;
    const [before] = await db.select({ n: count() }).from(comments);
    expect(await t.community.seedDemo()).toBe(false);
    const [after] = await db.select({ n: count() }).from(comments);
    expect(after!.n).toBe(before!.n);
  });
});
