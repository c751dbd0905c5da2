import { REPORT_TYPES } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../db/schema.js';
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
    key: 'publisher',
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'contentPublisher' }],
  });
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
    'publisher',
  ]) {
    c[key] = await clientAs(t, key);
    ids[key] = await t.userId(key);
  }
}, 60_000);
afterAll(() => t?.close());

const href = (ext: string, id = 'x') => `/community/public-discussions/${id}?_hc=${ext}`;
const stored = async () => (await t.community.context.db.select().from(reports)).length;

async function report(as: Client, body: Record<string, unknown>) {
  return as.post('/api/community/reports', {
    housingCompanyId: t.hc.lindenCourt,
    targetObject: 'comment-1',
    targetType: 'comment',
    targetHref: href('DEMO-2000'),
    ...body,
  });
}

describe('violation reports', () => {
  it('stores a report with the default type, the reporter and the housing company', async () => {
    const res = await report(c.tenant!, { description: 'Insulting\nwords' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const one = await c.manager!.get(`/api/community/admin/reports/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id,
      housingCompanyId: t.hc.lindenCourt,
      hcExt: 'DEMO-2000',
      housingCompanyName: expect.any(String),
      targetObject: 'comment-1',
      targetType: 'comment',
      targetHref: href('DEMO-2000'),
      reportType: 'improper_or_inappropriate_content',
      description: 'Insulting\nwords',
      reporterId: ids.tenant,
      reporterFirstName: 'Timo',
    });
  });

  it.each(REPORT_TYPES)('takes the report type %s', async (reportType) => {
    const res = await report(c.owner!, { reportType });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['an unknown report type', { reportType: 'spam' }, 'body.reportType'],
    ['an address without _hc=', { targetHref: '/community/public-discussions/x' }, 'body.targetHref'],
    ['no target', { targetObject: '' }, 'body.targetObject'],
    ['an unknown field', { extra: 1 }, 'body.extra'],
  ])('refuses %s with a clear error and stores nothing', async (_what, body, path) => {
    const before = await stored();
    const res = await report(c.tenant!, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['another site', 'https://evil.example.com/community?_hc=DEMO-2000'],
    ['a host without a scheme', '//evil.example.com/community?_hc=DEMO-2000'],
    ['a javascript: address', 'javascript:alert(document.cookie)//?_hc=DEMO-2000'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>?_hc=DEMO-2000'],
    ['a backslash', '/\\evil.example.com/community?_hc=DEMO-2000'],
    ['a tab a browser drops', '/\t/evil.example.com/community?_hc=DEMO-2000'],
    ['a line break', '/community/x\n?_hc=DEMO-2000'],
    ['a C1 control character', '/community/x\u0085?_hc=DEMO-2000'],
    ['a relative address', 'community/public-discussions/x?_hc=DEMO-2000'],
  ])('refuses an address that is not a path of the portal: %s', async (_what, targetHref) => {
    const before = await stored();
    const res = await report(c.tenant!, { targetHref });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors).toContainEqual({
      path: 'body.targetHref',
      message: 'The address must be a path of the portal',
    });
    expect(await stored()).toBe(before);
  });

  it('takes a path of the portal with its query and anchor', async () => {
    const res = await report(c.tenant!, {
      targetHref: '/community/public-discussions/d-1?_hc=DEMO-2000&page=2#comment-c-1',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses an address whose _hc= is another housing company's, and a housing company of others", async () => {
    const before = await stored();
    const wrong = await report(c.tenant!, { targetHref: href('DEMO-3000') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('COM_REPORT_HREF');
    const foreign = await report(c.neighbour!, {});
    expect(foreign.statusCode).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('lists reports to moderators of their housing companies, react-admin style with Content-Range', async () => {
    const birch = await c.neighbour!.post('/api/community/reports', {
      housingCompanyId: t.hc.birchHill,
      targetObject: 'd-1',
      targetType: 'discussion',
      targetHref: href('DEMO-3000'),
      reportType: 'other_reason',
    });
    expect(birch.statusCode).toBe(201);
    const total = await stored();
    const all = await c.staff!.get('/api/community/admin/reports?range=[0,4]');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    expect(all.headers['content-range']).toBe(`reports 0-4/${total}`);
    // Newest first by default.
    expect(all.json()[0].id).toBe(birch.json().id);

    const linden = (await c.manager!.get('/api/community/admin/reports?range=[0,99]')).json();
    expect(linden.every((r: { housingCompanyId: string }) => r.housingCompanyId === t.hc.lindenCourt)).toBe(
      true,
    );
    expect(linden).toHaveLength(total - 1);
    expect((await c.board!.get('/api/community/admin/reports')).json()).toHaveLength(Math.min(25, total - 1));
    const other = await c.othermanager!.get('/api/community/admin/reports');
    expect(other.json().map((r: { id: string }) => r.id)).toEqual([birch.json().id]);
    expect(other.headers['content-range']).toBe('reports 0-0/1');
    // A report of another housing company answers 404 to a company moderator.
    const lindenId = linden[0].id;
    expect((await c.othermanager!.get(`/api/community/admin/reports/${lindenId}`)).statusCode).toBe(404);

    const filtered = await c.staff!.get(
      `/api/community/admin/reports?filter=${encodeURIComponent(JSON.stringify({ reportType: 'other_reason', targetType: 'discussion' }))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    );
    expect(filtered.json().map((r: { id: string }) => r.id)).toEqual([birch.json().id]);
    expect((await c.staff!.get('/api/community/admin/reports?filter={"reportType":"spam"}')).statusCode).toBe(
      400,
    );
  });

  it("shows the moderator the reported comment or discussion as it is now, only of the report's housing company", async () => {
    const discussion = (
      await c.owner!.post('/api/community/discussions', {
        housingCompanyId: t.hc.lindenCourt,
        title: 'Parking',
        body: '<p>Who parks <b>here</b>?</p>',
      })
    ).json();
    const comment = (
      await c.tenant!.post(`/api/community/discussions/${discussion.id}/comments`, {
        body: '<p>Rude &amp; loud</p>',
      })
    ).json();
    const reportOf = async (as: Client, targetType: string, targetObject: string, hc = t.hc.lindenCourt) => {
      const res = await as.post('/api/community/reports', {
        housingCompanyId: hc,
        targetObject,
        targetType,
        targetHref: href(hc === t.hc.lindenCourt ? 'DEMO-2000' : 'DEMO-3000', discussion.id),
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await c.manager!.get(`/api/community/admin/reports/${res.json().id}`)).json();
    };

    const onComment = await reportOf(c.owner!, 'comment', comment.id);
    expect(onComment.target).toEqual({
      kind: 'comment',
      id: comment.id,
      discussionId: discussion.id,
      discussionTitle: 'Parking',
      text: 'Rude & loud',
      authorId: ids.tenant,
      authorFirstName: 'Timo',
      createdAt: expect.any(String),
      isDeleted: false,
      url: `/community/public-discussions/${discussion.id}#comment-${comment.id}`,
    });
    const onDiscussion = await reportOf(c.tenant!, 'discussion', discussion.id);
    expect(onDiscussion.target).toMatchObject({
      kind: 'discussion',
      discussionTitle: 'Parking',
      text: 'Parking — Who parks here?',
      authorId: ids.owner,
      url: `/community/public-discussions/${discussion.id}`,
    });

    // The moderator deletes the comment: the report shows it deleted.
    expect((await c.manager!.delete(`/api/community/comments/${comment.id}`)).statusCode).toBe(200);
    const again = await c.manager!.get(`/api/community/admin/reports/${onComment.id}`);
    expect(again.json().target).toMatchObject({ kind: 'comment', isDeleted: true });

    // A report from Birch Hill naming Linden Court's comment shows no target to anyone.
    const crossed = await c.neighbour!.post('/api/community/reports', {
      housingCompanyId: t.hc.birchHill,
      targetObject: comment.id,
      targetType: 'comment',
      targetHref: href('DEMO-3000'),
    });
    const seen = await c.staff!.get(`/api/community/admin/reports/${crossed.json().id}`);
    expect(seen.json().target).toBeNull();
  });

  describe('open and handled', () => {
    const filterUrl = (filter: Record<string, unknown>) =>
      `/api/community/admin/reports?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const idsOf = async (as: Client, filter: Record<string, unknown>) =>
      (await as.get(filterUrl(filter))).json().map((r: { id: string }) => r.id) as string[];
    const newDiscussion = async () =>
      (
        await c.owner!.post('/api/community/discussions', {
          housingCompanyId: t.hc.lindenCourt,
          title: 'Noise at night',
          body: '<p>Who is it?</p>',
        })
      ).json() as { id: string };
    const newComment = async (discussionId: string, as: Client = c.tenant!) =>
      (
        await as.post(`/api/community/discussions/${discussionId}/comments`, { body: '<p>Loud</p>' })
      ).json() as {
        id: string;
      };
    const reportOn = async (
      targetType: string,
      targetObject: string,
      as: Client = c.owner!,
      hc = t.hc.lindenCourt,
    ) => {
      const res = await as.post('/api/community/reports', {
        housingCompanyId: hc,
        targetObject,
        targetType,
        targetHref: href(hc === t.hc.lindenCourt ? 'DEMO-2000' : 'DEMO-3000'),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const one = async (id: string, as: Client = c.manager!) =>
      (await as.get(`/api/community/admin/reports/${id}`)).json();

    it('a new report is open; a moderator marks it handled and reopens it; the list filters by state', async () => {
      const id = await reportOn('comment', 'comment-x');
      expect(await one(id)).toMatchObject({
        state: 'open',
        handledAt: null,
        handledBy: null,
        handledByFirstName: null,
        handledHow: null,
      });
      expect(await idsOf(c.manager!, { state: 'open' })).toContain(id);
      expect(await idsOf(c.manager!, { state: 'handled' })).not.toContain(id);

      const handled = await c.board!.post(`/api/community/admin/reports/${id}/handled`, {});
      expect(handled.statusCode, handled.body).toBe(200);
      expect(handled.json()).toMatchObject({
        id,
        state: 'handled',
        handledAt: expect.any(String),
        handledBy: ids.board,
        handledByFirstName: 'Bertil',
        handledHow: 'marked',
      });
      expect(await idsOf(c.manager!, { state: 'open' })).not.toContain(id);
      expect(await idsOf(c.manager!, { state: 'handled' })).toContain(id);
      // Both without the filter; an unknown state is refused.
      expect(await idsOf(c.manager!, {})).toContain(id);
      expect((await c.manager!.get(filterUrl({ state: 'closed' }))).statusCode).toBe(400);

      // Marking it again keeps who handled it first.
      const again = await c.manager!.post(`/api/community/admin/reports/${id}/handled`, {});
      expect(again.json()).toMatchObject({ handledBy: ids.board, handledByFirstName: 'Bertil' });

      const reopened = await c.staff!.post(`/api/community/admin/reports/${id}/reopen`, {});
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json()).toMatchObject({
        state: 'open',
        handledAt: null,
        handledBy: null,
        handledHow: null,
      });
      expect(await idsOf(c.manager!, { state: 'open' })).toContain(id);
      // Reopening an open report leaves it open.
      expect((await c.manager!.post(`/api/community/admin/reports/${id}/reopen`, {})).json().state).toBe(
        'open',
      );
    });

    it('answers 404 to moderators of another housing company and to unknown reports, and keeps the state', async () => {
      const id = await reportOn('comment', 'comment-y');
      for (const action of ['handled', 'reopen']) {
        const res = await c.othermanager!.post(`/api/community/admin/reports/${id}/${action}`, {});
        expect(res.statusCode, action).toBe(404);
        expect(res.json().code).toBe('COM_REPORT_NOT_FOUND');
      }
      const unknown = await c.staff!.post(
        '/api/community/admin/reports/0195f0a0-0000-7000-8000-000000000999/handled',
        {},
      );
      expect(unknown.statusCode).toBe(404);
      for (const key of ['owner', 'tenant', 'partner', 'publisher']) {
        expect((await c[key]!.post(`/api/community/admin/reports/${id}/handled`, {})).statusCode, key).toBe(
          403,
        );
      }
      expect((await one(id)).state).toBe('open');
    });

    it('a report becomes handled when a moderator or the writer deletes the reported comment', async () => {
      const discussion = await newDiscussion();
      const byModerator = await newComment(discussion.id);
      const byWriter = await newComment(discussion.id);
      const onModerated = await reportOn('comment', byModerator.id);
      const onOwn = await reportOn('comment', byWriter.id);
      // A report from Birch Hill naming Linden Court's comment is not touched (it never shows it).
      const crossed = await reportOn('comment', byModerator.id, c.neighbour!, t.hc.birchHill);

      expect((await c.manager!.delete(`/api/community/comments/${byModerator.id}`)).statusCode).toBe(200);
      expect(await one(onModerated)).toMatchObject({
        state: 'handled',
        handledBy: ids.manager,
        handledByFirstName: 'Maria',
        handledHow: 'deleted',
      });
      expect((await one(crossed, c.staff!)).state).toBe('open');

      expect((await c.tenant!.delete(`/api/community/comments/${byWriter.id}`)).statusCode).toBe(200);
      expect(await one(onOwn)).toMatchObject({
        state: 'handled',
        handledBy: ids.tenant,
        handledHow: 'deleted',
      });

      // A moderator may reopen it all the same; it stays open.
      const reopened = await c.manager!.post(`/api/community/admin/reports/${onOwn}/reopen`, {});
      expect(reopened.json()).toMatchObject({ state: 'open', target: { isDeleted: true } });
    });

    it('deleting a discussion handles the reports on it and on its comments; deleting a message, those on it', async () => {
      const discussion = await newDiscussion();
      const comment = await newComment(discussion.id);
      const onDiscussion = await reportOn('discussion', discussion.id, c.tenant!);
      const onComment = await reportOn('comment', comment.id);
      expect((await c.board!.delete(`/api/community/discussions/${discussion.id}`)).statusCode).toBe(204);
      for (const id of [onDiscussion, onComment]) {
        expect(await one(id)).toMatchObject({
          state: 'handled',
          handledBy: ids.board,
          handledHow: 'deleted',
        });
      }

      const conversation = (
        await c.owner!.post('/api/community/conversations', {
          housingCompanyId: t.hc.lindenCourt,
          participantIds: [ids.tenant],
          body: 'Private words',
        })
      ).json() as { newestMessage: { id: string } };
      const onMessage = await reportOn('message', conversation.newestMessage.id, c.tenant!);
      expect(
        (await c.owner!.delete(`/api/community/messages/${conversation.newestMessage.id}`)).statusCode,
      ).toBe(200);
      expect(await one(onMessage)).toMatchObject({
        state: 'handled',
        handledBy: ids.owner,
        handledHow: 'deleted',
      });
    });
  });

  it('keeps the staff list from residents, partners and publishers', async () => {
    for (const key of ['owner', 'tenant', 'neighbour', 'partner', 'publisher']) {
      const res = await c[key]!.get('/api/community/admin/reports');
      expect(res.statusCode, key).toBe(403);
    }
  });
});
