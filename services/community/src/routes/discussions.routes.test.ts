import { COMMUNITY_EVENTS, PAGE_SIZE_COMMUNITY } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussions } from '../db/schema.js';
import { type apiClient, type CommunityTestApp, clientAs, communityTestApp } from '../testing/index.js';

type Client = ReturnType<typeof apiClient>;
let t: CommunityTestApp;
const c: Record<string, Client> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await communityTestApp();
  for (const key of [
    'admin',
    'staff',
    'manager',
    'othermanager',
    'board',
    'owner',
    'tenant',
    'neighbour',
    'partner',
  ]) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
}, 60_000);
afterAll(() => t?.close());

async function start(
  as: Client,
  title: string,
  housingCompanyId = t.hc.lindenCourt,
  body = `<p>${title}</p>`,
) {
  const res = await as.post('/api/community/discussions', { housingCompanyId, title, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('public discussions', () => {
  it('starts a discussion with its author, label, rights and subscription, and announces it to the residents', async () => {
    const d = await start(c.owner!, 'Bike storage', t.hc.lindenCourt, '<p>Who has the <b>key</b>?</p>');
    expect(d).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      title: 'Bike storage',
      body: '<p>Who has the <b>key</b>?</p>',
      author: {
        id: ids.owner,
        firstName: 'Olivia',
        label: { kind: 'apartment', apartment: 'B 12', role: null },
      },
      commentCount: 0,
      edited: false,
      subscribed: true,
      isOwn: true,
      canEdit: true,
      canDelete: true,
      canBan: false,
      likes: { count: 0, likedByMe: false, names: [], remainder: 0 },
    });
    const [event] = (await t.events(COMMUNITY_EVENTS.discussionCreated)).filter(
      (e) => e.payload.discussionId === d.id,
    );
    expect(event?.payload).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      authorId: ids.owner,
      type: 'public_discussion',
      url: `/community/public-discussions/${d.id}`,
      audience: { housingCompanyIds: [t.hc.lindenCourt], roles: [] },
      excludeUserIds: [ids.owner],
      defaultLanguage: 'en',
    });
    expect((event!.payload.titles as Record<string, string>).en).toBe('New discussion: Bike storage');
    expect((event!.payload.titles as Record<string, string>).fi).toBe('Uusi keskustelu: Bike storage');
    expect(Object.keys(event!.payload.titles as object).sort()).toEqual([
      'cs',
      'en',
      'et',
      'fi',
      'lt',
      'lv',
      'pl',
      'sk',
      'sv',
    ]);
  });

  it('shows it to the other members of the housing company with their own rights', async () => {
    const d = await start(c.tenant!, 'Sauna times');
    const asBoard = (await c.board!.get(`/api/community/discussions/${d.id}`)).json();
    expect(asBoard).toMatchObject({
      isOwn: false,
      canEdit: false,
      canDelete: true,
      canBan: false,
      subscribed: false,
    });
    const asOwner = (await c.owner!.get(`/api/community/discussions/${d.id}`)).json();
    expect(asOwner).toMatchObject({ isOwn: false, canEdit: false, canDelete: false, canBan: false });
    const asAdmin = (await c.admin!.get(`/api/community/discussions/${d.id}`)).json();
    expect(asAdmin).toMatchObject({ isOwn: false, canEdit: true, canDelete: true, canBan: true });
    const asStaff = (await c.staff!.get(`/api/community/discussions/${d.id}`)).json();
    expect(asStaff).toMatchObject({ canEdit: false, canDelete: true, canBan: false });
  });

  it('answers 404 to residents and managers of another housing company, and to partners, for the discussion and the list', async () => {
    const d = await start(c.owner!, 'Private to Linden Court');
    for (const key of ['neighbour', 'othermanager', 'partner']) {
      const res = await c[key]!.get(`/api/community/discussions/${d.id}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().code).toBe('COM_DISCUSSION_NOT_FOUND');
      expect(res.body).not.toContain('Private to Linden Court');
      const list = await c[key]!.get(`/api/community/discussions?housingCompanyId=${t.hc.lindenCourt}`);
      expect(list.statusCode, key).toBe(404);
      expect(list.json().code).toBe('COM_HOUSING_COMPANY_NOT_FOUND');
      const write = await c[key]!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'Hello',
        body: 'Hi',
      });
      expect(write.statusCode, key).toBe(404);
      for (const path of ['', '/likes', '/comments']) {
        expect(
          (await c[key]!.get(`/api/community/discussions/${d.id}${path}`)).statusCode,
          `${key} ${path}`,
        ).toBe(404);
      }
      for (const path of ['/likes', '/subscription']) {
        expect(
          (await c[key]!.post(`/api/community/discussions/${d.id}${path}`)).statusCode,
          `${key} ${path}`,
        ).toBe(404);
      }
      expect(
        (await c[key]!.put(`/api/community/discussions/${d.id}`, { title: 'x', body: 'y' })).statusCode,
      ).toBe(404);
      expect((await c[key]!.delete(`/api/community/discussions/${d.id}`)).statusCode).toBe(404);
    }
    // Birch Hill's own list does not show it either.
    const birch = (
      await c.neighbour!.get(`/api/community/discussions?housingCompanyId=${t.hc.birchHill}`)
    ).json();
    expect(birch.items.map((i: { id: string }) => i.id)).not.toContain(d.id);
    // The developer's staff read every housing company's discussions.
    expect((await c.staff!.get(`/api/community/discussions/${d.id}`)).statusCode).toBe(200);
  });

  it('answers 404 to staff for a housing company that does not exist', async () => {
    const res = await c.staff!.get(`/api/community/discussions?housingCompanyId=${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
  });

  it('lists newest activity first in pages of 25 (skip/limit) with the total', async () => {
    const own = await t.community.context.db
      .select({ id: discussions.id })
      .from(discussions)
      .where(eq(discussions.housingCompanyId, t.hc.birchHill));
    expect(own).toHaveLength(0);
    const made: string[] = [];
    for (let i = 0; i < 27; i++) made.push((await start(c.neighbour!, `Topic ${i}`, t.hc.birchHill)).id);
    const first = (
      await c.neighbour!.get(`/api/community/discussions?housingCompanyId=${t.hc.birchHill}`)
    ).json();
    expect(first.total).toBe(27);
    expect(first.limit).toBe(PAGE_SIZE_COMMUNITY);
    expect(first.items).toHaveLength(25);
    expect(first.items[0].title).toBe('Topic 26');
    const second = (
      await c.neighbour!.get(`/api/community/discussions?housingCompanyId=${t.hc.birchHill}&skip=25`)
    ).json();
    expect(second.items.map((i: { title: string }) => i.title)).toEqual(['Topic 1', 'Topic 0']);
    // A comment brings an old discussion to the top.
    const res = await c.othermanager!.post(`/api/community/discussions/${made[0]}/comments`, {
      body: 'Still open?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (
      await c.neighbour!.get(`/api/community/discussions?housingCompanyId=${t.hc.birchHill}&limit=2`)
    ).json();
    expect(after.items.map((i: { title: string }) => i.title)).toEqual(['Topic 0', 'Topic 26']);
    expect(after.items[0].commentCount).toBe(1);
    expect(
      (await c.neighbour!.get(`/api/community/discussions?housingCompanyId=${t.hc.birchHill}&limit=101`))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an empty title or a body without text, and stores nothing', async () => {
    const before = (await t.community.context.db.select().from(discussions)).length;
    for (const body of [
      '',
      '   ',
      '<p> </p>',
      '<p>&nbsp;</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
    ]) {
      const res = await c.owner!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'T',
        body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'COM_BODY_REQUIRED',
        title: 'Error on validating the form. Please check you have entered value on each required field.',
      });
    }
    const noTitle = await c.owner!.post('/api/community/discussions', {
      housingCompanyId: t.hc.lindenCourt,
      title: ' ',
      body: 'x',
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().title).toBe(
      'Error on validating the form. Please check you have entered value on each required field.',
    );
    expect((await t.community.context.db.select().from(discussions)).length).toBe(before);
  });

  it('sanitises the body to a small safe subset', async () => {
    const d = await start(
      c.owner!,
      'Links',
      t.hc.lindenCourt,
      '<p onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.org">ok</a><script>x</script><iframe src="https://e.org"></iframe><img src="https://e.org/a.png"></p>',
    );
    expect(d.body).toBe(
      '<p>Hi <a target="_blank" rel="noopener noreferrer nofollow">bad</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">ok</a></p>',
    );
  });

  it('lets the writer and admin edit, others not; marks it edited', async () => {
    const d = await start(c.owner!, 'Typo');
    const denied = await c.board!.put(`/api/community/discussions/${d.id}`, { title: 'Hijack', body: 'x' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('COM_NOT_EDITABLE');
    const own = await c.owner!.put(`/api/community/discussions/${d.id}`, {
      title: 'Fixed',
      body: '<p>Better</p>',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ title: 'Fixed', body: '<p>Better</p>', edited: true });
    const admin = await c.admin!.put(`/api/community/discussions/${d.id}`, {
      title: 'Moderated',
      body: 'ok',
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().author.id).toBe(ids.owner);
  });

  it('lets the writer and the moderators delete; a deleted discussion is gone from the list and answers 404', async () => {
    const a = await start(c.tenant!, 'Mine');
    const b = await start(c.tenant!, 'Moderated away');
    const e = await start(c.tenant!, 'Staff removes');
    const denied = await c.owner!.delete(`/api/community/discussions/${a.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('COM_NOT_DELETABLE');
    // Birch Hill's manager does not even see it.
    expect((await c.othermanager!.delete(`/api/community/discussions/${b.id}`)).statusCode).toBe(404);
    expect((await c.tenant!.delete(`/api/community/discussions/${a.id}`)).statusCode).toBe(204);
    expect((await c.board!.delete(`/api/community/discussions/${b.id}`)).statusCode).toBe(204);
    expect((await c.staff!.delete(`/api/community/discussions/${e.id}`)).statusCode).toBe(204);
    for (const id of [a.id, b.id, e.id]) {
      expect((await c.tenant!.get(`/api/community/discussions/${id}`)).statusCode).toBe(404);
    }
    const list = (
      await c.tenant!.get(`/api/community/discussions?housingCompanyId=${t.hc.lindenCourt}&limit=100`)
    ).json();
    const listed = list.items.map((i: { id: string }) => i.id);
    for (const id of [a.id, b.id, e.id]) expect(listed).not.toContain(id);
  });

  it('toggles the subscription to its notifications', async () => {
    const d = await start(c.owner!, 'Subscribe me');
    const off = await c.owner!.post(`/api/community/discussions/${d.id}/subscription`);
    expect(off.json()).toEqual({ subscribed: false });
    expect((await c.owner!.get(`/api/community/discussions/${d.id}`)).json().subscribed).toBe(false);
    const tenantOn = await c.tenant!.post(`/api/community/discussions/${d.id}/subscription`);
    expect(tenantOn.json()).toEqual({ subscribed: true });
    expect((await c.owner!.post(`/api/community/discussions/${d.id}/subscription`)).json()).toEqual({
      subscribed: true,
    });
  });

  it('answers 403 FEATURE_NOT_ACTIVATED when public-discussion is off for the housing company', async () => {
    const d = await start(c.owner!, 'Before the switch');
    const toggles = await c.admin!.get(
      `/api/identity/admin/feature-toggles?filter=${encodeURIComponent('{"featureId":"public-discussion"}')}`,
    );
    expect(toggles.statusCode, toggles.body).toBe(200);
    const [toggle] = toggles.json();
    const off = await c.admin!.put(`/api/identity/admin/feature-toggles/${toggle.id}`, {
      ...pick(toggle),
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    t.community.context.features.clear();
    try {
      const res = await c.owner!.get(`/api/community/discussions?housingCompanyId=${t.hc.lindenCourt}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_NOT_ACTIVATED');
      expect((await c.owner!.get(`/api/community/discussions/${d.id}`)).statusCode).toBe(403);
      const write = await c.owner!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'x',
        body: 'y',
      });
      expect(write.statusCode).toBe(403);
    } finally {
      await c.admin!.put(`/api/identity/admin/feature-toggles/${toggle.id}`, {
        ...pick(toggle),
        active: true,
      });
      t.community.context.features.clear();
    }
    expect((await c.owner!.get(`/api/community/discussions/${d.id}`)).statusCode).toBe(200);
  });
});

/** The writable fields of a feature toggle as the admin list answers it. */
function pick(toggle: Record<string, unknown>) {
  const { featureId, scope, settings, visibleFrom, visibleUntil, languages } = toggle;
  return { featureId, scope, settings, visibleFrom, visibleUntil, languages };
}
