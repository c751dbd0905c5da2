import { randomUUID } from 'node:crypto';
import { PERSONAS, type Persona, type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommunityTestApp, communityTestApp, multipartFile, pngImage } from '../testing/index.js';

/**
 * The authorization matrix of the community service: every route against every kind of caller,
 * with exactly the expected outcome — 401 for an anonymous caller, 403 for a signed-in caller the
 * route's policy refuses, and through to the handler otherwise (then a 400 for the empty body, a
 * 404 for the made-up id, or a 2xx). A route added without a row here fails the test. Then every
 * route that takes an object is called on a real object of Linden Court by members of another
 * housing company: 404, always. docs/authorization.md is the readable form of this table.
 */

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const only = (...p: Persona[]) => p;

/** Who gets through each policy (see src/policies.ts). */
const ALLOWED = {
  public: [...PERSONAS],
  resident: SIGNED_IN,
  reportSend: SIGNED_IN,
  reportsRead: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager', 'board'),
} satisfies Record<string, readonly Persona[]>;

const MATRIX: Record<string, readonly Persona[]> = {
  'DELETE /api/community/comments/:id': ALLOWED.resident,
  'DELETE /api/community/conversations/:id': ALLOWED.resident,
  'DELETE /api/community/discussions/:id': ALLOWED.resident,
  'DELETE /api/community/messages/:id': ALLOWED.resident,
  'GET /api/community/admin/reports': ALLOWED.reportsRead,
  'GET /api/community/admin/reports/:id': ALLOWED.reportsRead,
  'GET /api/community/comments/:id/likes': ALLOWED.resident,
  'GET /api/community/conversations': ALLOWED.resident,
  'GET /api/community/conversations/:id': ALLOWED.resident,
  'GET /api/community/conversations/:id/messages': ALLOWED.resident,
  'GET /api/community/conversations/recipients': ALLOWED.resident,
  'GET /api/community/discussions': ALLOWED.resident,
  'GET /api/community/discussions/:id': ALLOWED.resident,
  'GET /api/community/discussions/:id/comments': ALLOWED.resident,
  'GET /api/community/discussions/:id/likes': ALLOWED.resident,
  'GET /api/community/images/:id': ALLOWED.resident,
  'GET /api/community/neighbours': ALLOWED.resident,
  'GET /api/community/openapi.json': ALLOWED.public,
  'GET /api/community/references/:type/:id/comments': ALLOWED.resident,
  'POST /api/community/admin/reports/:id/handled': ALLOWED.reportsRead,
  'POST /api/community/admin/reports/:id/reopen': ALLOWED.reportsRead,
  'POST /api/community/comments/:id/likes': ALLOWED.resident,
  'POST /api/community/conversations': ALLOWED.resident,
  'POST /api/community/conversations/:id/messages': ALLOWED.resident,
  'POST /api/community/discussions': ALLOWED.resident,
  'POST /api/community/discussions/:id/comments': ALLOWED.resident,
  'POST /api/community/discussions/:id/likes': ALLOWED.resident,
  'POST /api/community/discussions/:id/subscription': ALLOWED.resident,
  'POST /api/community/images': ALLOWED.resident,
  'POST /api/community/references/:type/:id/comments': ALLOWED.resident,
  'POST /api/community/reports': ALLOWED.reportSend,
  'PUT /api/community/comments/:id': ALLOWED.resident,
  'PUT /api/community/conversations/:id': ALLOWED.resident,
  'PUT /api/community/discussions/:id': ALLOWED.resident,
  'PUT /api/community/messages/:id': ALLOWED.resident,
};

let t: CommunityTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await communityTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

describe('community authorization matrix', () => {
  policyTableTests({
    service: 'community',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: (url) => url.replace(':type', 'news').replace(/:id/g, () => randomUUID()),
      handlerRefusalPrefix: 'COM_',
    }),
  });

  it("answers 404 on every route that takes Linden Court's objects to members of another housing company", async () => {
    const inject = (persona: Persona, method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: auth(persona),
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
    const d = await inject('owner', 'POST', '/api/community/discussions', {
      housingCompanyId: t.hc.lindenCourt,
      title: 'Linden Court only',
      body: 'Members only',
    });
    const discussionId = d.json<{ id: string }>().id;
    const { payload, headers } = multipartFile('yard.png', pngImage(10, 10), 'image/png');
    const image = await t.app.inject({
      method: 'POST',
      url: `/api/community/images?housingCompanyId=${t.hc.lindenCourt}`,
      payload,
      headers: { ...headers, ...auth('owner') },
    });
    const imageId = image.json<{ id: string }>().id;
    const comment = await inject('owner', 'POST', `/api/community/discussions/${discussionId}/comments`, {
      body: 'Members only',
      imageIds: [imageId],
    });
    const commentId = comment.json<{ id: string }>().id;
    // A news article of Linden Court only, with a comment.
    const articleId = t.article({ housingCompanyIds: [t.hc.lindenCourt] });
    const newsComment = await inject(
      'owner',
      'POST',
      `/api/community/references/news/${articleId}/comments?housingCompanyId=${t.hc.lindenCourt}`,
      { body: 'Members only' },
    );
    expect(newsComment.statusCode, newsComment.body).toBe(201);
    const report = await inject('owner', 'POST', '/api/community/reports', {
      housingCompanyId: t.hc.lindenCourt,
      targetObject: commentId,
      targetType: 'comment',
      targetHref: `/community/public-discussions/${discussionId}?_hc=DEMO-2000`,
    });
    const reportId = report.json<{ id: string }>().id;
    const conversation = await inject('owner', 'POST', '/api/community/conversations', {
      housingCompanyId: t.hc.lindenCourt,
      participantIds: [await t.userId('tenant')],
      body: 'Members only',
    });
    const { id: conversationId, newestMessage } = conversation.json<{
      id: string;
      newestMessage: { id: string };
    }>();
    const objects: Record<string, string> = {
      discussions: discussionId,
      comments: commentId,
      images: imageId,
      conversations: conversationId,
      messages: newestMessage.id,
      admin: reportId,
      references: articleId,
    };
    const objectOf = (url: string) => objects[url.split('/')[3]!]!;
    const bodies: Record<string, unknown> = {
      'PUT /api/community/discussions/:id': { title: 'Taken over', body: 'x' },
      'POST /api/community/discussions/:id/comments': { body: 'x' },
      'POST /api/community/references/:type/:id/comments': { body: 'x' },
      'PUT /api/community/comments/:id': { body: 'x' },
      'PUT /api/community/conversations/:id': { title: 'Taken over' },
      'POST /api/community/conversations/:id/messages': { body: 'x' },
      'PUT /api/community/messages/:id': { body: 'x' },
    };
    const wrong: string[] = [];
    for (const [route, allowed] of Object.entries(MATRIX)) {
      if (!route.includes(':id')) continue;
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(':type', 'news').replace(':id', objectOf(path));
      for (const persona of ['neighbour', 'othermanager'] as const) {
        if (!allowed.includes(persona)) continue;
        // A reference's comments are asked in Linden Court, and in the caller's own company.
        const urls = path.includes('/references/')
          ? [t.hc.lindenCourt, t.hc.birchHill].map((hc) => `${url}?housingCompanyId=${hc}`)
          : [url];
        for (const one of urls) {
          const res = await inject(persona, method, one, bodies[route]);
          if (res.statusCode !== 404 || res.body.includes('Members only')) {
            wrong.push(`${route} ${one} as ${persona}: ${res.statusCode}`);
          }
        }
        if (urls.length > 1) continue;
        const res = await inject(persona, method, url, bodies[route]);
        if (res.statusCode !== 404 || res.body.includes('Members only')) {
          wrong.push(`${route} as ${persona}: ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Nothing of theirs changed: the report is still open.
    const stillOpen = await inject('manager', 'GET', `/api/community/admin/reports/${reportId}`);
    expect(stillOpen.json()).toMatchObject({ state: 'open', handledAt: null });
    const after = await inject('owner', 'GET', `/api/community/discussions/${discussionId}/comments`);
    expect(after.json().items[0]).toMatchObject({ id: commentId, body: 'Members only', isDeleted: false });
    const news = await inject(
      'owner',
      'GET',
      `/api/community/references/news/${articleId}/comments?housingCompanyId=${t.hc.lindenCourt}`,
    );
    expect(news.json().items).toEqual([
      expect.objectContaining({ id: newsComment.json().id, body: 'Members only', isDeleted: false }),
    ]);
    const thread = await inject('owner', 'GET', `/api/community/conversations/${conversationId}/messages`);
    expect(thread.json().items).toEqual([
      expect.objectContaining({ id: newestMessage.id, body: 'Members only', isDeleted: false }),
    ]);
  }, 120_000);
});
