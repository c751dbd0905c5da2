import { randomUUID } from 'node:crypto';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  multipartFile,
  PDF,
  type ServiceRequestsTestApp,
  serviceRequestsTestApp,
} from '../testing/index.js';

/**
 * The authorization matrix of the service-requests service: every route against every kind of
 * caller, with exactly the expected outcome — 401 for an anonymous caller, and through to the
 * handler for everyone signed in (every route's policy is "signed in"; the handler then decides
 * by the request, answering 404 for what the caller may not see). The manage link's routes are
 * public: everyone, anonymous too, gets through to the handler, which answers 404
 * SRQ_MANAGE_LINK_INVALID for a link that is not good (manage.routes.test.ts). A route added without a row here
 * fails the test. Then every route of a Linden Court request and its attachments is called by
 * residents and a manager of another housing company, and a partner user reaches only their
 * company's requests. docs/authorization.md is the readable form of this table.
 */

const PERSONAS = [
  'anonymous',
  'admin',
  'staff', // yitUser
  'manager', // propertyManager of Harbour View and Linden Court
  'othermanager', // propertyManager of Birch Hill only
  'board', // boardMember of Linden Court, owner of B 14
  'owner', // owner in Harbour View and Linden Court
  'tenant', // tenant of B 14
  'neighbour', // owner of C 1 in Birch Hill
  'partner', // partner role, user of a business partner serving no housing company
  'huolto', // partner role, user of Demo Huolto Oy, Linden Court's maintenance company
] as const;
type Persona = (typeof PERSONAS)[number];

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const P = '/api/service-requests';

const STAFF: readonly Persona[] = ['admin', 'staff', 'manager', 'othermanager', 'board'];

const MATRIX: Record<string, readonly Persona[]> = {
  [`GET ${P}/openapi.json`]: [...PERSONAS],
  [`GET ${P}/types`]: SIGNED_IN,
  [`GET ${P}/targets`]: SIGNED_IN,
  [`GET ${P}/admin/requests`]: STAFF,
  [`GET ${P}/admin/requests/:id`]: STAFF,
  [`GET ${P}/requests`]: SIGNED_IN,
  [`GET ${P}/requests/export`]: SIGNED_IN,
  [`POST ${P}/requests`]: SIGNED_IN,
  [`GET ${P}/requests/:id`]: SIGNED_IN,
  [`PUT ${P}/requests/:id`]: SIGNED_IN,
  [`DELETE ${P}/requests/:id`]: SIGNED_IN,
  [`POST ${P}/requests/:id/responses`]: SIGNED_IN,
  [`PUT ${P}/requests/:id/responses/:responseId`]: SIGNED_IN,
  [`DELETE ${P}/requests/:id/responses/:responseId`]: SIGNED_IN,
  [`DELETE ${P}/requests/:id/attachments/:attachmentId`]: SIGNED_IN,
  [`DELETE ${P}/requests/:id/responses/:responseId/attachments/:attachmentId`]: SIGNED_IN,
  [`POST ${P}/requests/:id/recipients`]: SIGNED_IN,
  [`POST ${P}/requests/:id/forward`]: SIGNED_IN,
  [`POST ${P}/requests/:id/reminder`]: SIGNED_IN,
  [`POST ${P}/attachments`]: SIGNED_IN,
  [`GET ${P}/attachments/:id`]: SIGNED_IN,
  // Public: the signed link is the credential.
  [`GET ${P}/manage/:id/:userId/:token`]: [...PERSONAS],
  [`POST ${P}/manage/:id/:userId/:token/responses`]: [...PERSONAS],
  [`PUT ${P}/manage/:id/:userId/:token`]: [...PERSONAS],
};

let t: ServiceRequestsTestApp;
let personas: SignedInPersonas<Persona>;
let huoltoId: string;

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  huoltoId = await addTestUser(t, { key: 'huolto', roles: ['partner'] });
  await t.query(
    `insert into identity.partner_company_users (partner_company_id, user_id)
       select id, $1 from identity.partner_companies where name = 'Demo Huolto Oy'`,
    [huoltoId],
  );
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

const inject = (persona: Persona, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: auth(persona),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function uploadAs(persona: Persona, name: string) {
  const { payload, headers } = multipartFile(name, PDF);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/attachments?housingCompanyId=${t.hc.lindenCourt}`,
    payload,
    headers: { ...headers, ...auth(persona) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; url: string }>();
}

describe('service-requests authorization matrix', () => {
  policyTableTests({
    service: 'service-requests',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: (url) =>
        url
          .replace(/:id|:userId|:responseId|:attachmentId/g, () => randomUUID())
          .replace(':token', `${Date.now() + 1}.${'x'.repeat(43)}`),
      handlerRefusalPrefix: 'SRQ_',
    }),
  });

  it("answers 404 on every route of a Linden Court request and its attachments to another housing company's people", async () => {
    const file = await uploadAs('tenant', 'leak.pdf');
    const created = await inject('tenant', 'POST', `${P}/requests`, {
      housingCompanyId: t.hc.lindenCourt,
      typeId: 'maintenance_dispatch',
      content: 'Members only',
      public: true,
      attachmentIds: [file.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const answerFile = await uploadAs('manager', 'answer.pdf');
    const answer = await inject('manager', 'POST', `${P}/requests/${id}/responses`, {
      content: 'Members only',
      attachmentIds: [answerFile.id],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const responseId = answer.json<{ responses: { id: string }[] }>().responses[0]!.id;
    const bodies: Record<string, unknown> = {
      [`PUT ${P}/requests/:id`]: { statusKey: 'closed', public: false },
      [`POST ${P}/requests/:id/responses`]: { content: 'x' },
      [`PUT ${P}/requests/:id/responses/:responseId`]: { content: 'x' },
      [`POST ${P}/requests/:id/recipients`]: { userId: randomUUID() },
      [`POST ${P}/requests/:id/forward`]: { targetUserId: randomUUID() },
      [`PUT ${P}/manage/:id/:userId/:token`]: { statusKey: 'closed' },
      [`POST ${P}/manage/:id/:userId/:token/responses`]: { content: 'x' },
    };
    const wrong: string[] = [];
    for (const persona of ['neighbour', 'othermanager', 'partner', 'huolto'] as const) {
      for (const route of Object.keys(MATRIX).filter((r) => r.includes(':id'))) {
        const [method, path] = route.split(' ') as [string, string];
        const targets = path.startsWith(`${P}/attachments`) ? [file.id, answerFile.id] : [id];
        for (const target of targets) {
          // The request's own response and files: the request still answers 404.
          const url = path
            .replace(':id', target)
            .replace(':responseId', responseId)
            .replace(':attachmentId', path.includes(':responseId') ? answerFile.id : file.id);
          const res = await inject(persona, method, url, bodies[route]);
          // The staff routes refuse non-staff by policy (403, whatever the id).
          const expected = MATRIX[route]!.includes(persona) ? 404 : 403;
          if (res.statusCode !== expected || res.body.includes('Members only')) {
            wrong.push(`${route} as ${persona}: ${res.statusCode}`);
          }
        }
      }
      for (const url of [
        `${P}/requests?housingCompanyId=${t.hc.lindenCourt}`,
        `${P}/types?housingCompanyId=${t.hc.lindenCourt}`,
      ]) {
        const res = await inject(persona, 'GET', url);
        const ok =
          persona === 'huolto'
            ? res.statusCode === 200 && !res.body.includes('Members only')
            : res.statusCode === 404;
        if (!ok) wrong.push(`GET ${url} as ${persona}: ${res.statusCode}`);
      }
      // The staff list of Linden Court, and the residents to send to (partner users send nothing).
      const staffList = await inject(
        persona,
        'GET',
        `${P}/admin/requests?filter=${encodeURIComponent(JSON.stringify({ housingCompanyId: t.hc.lindenCourt }))}`,
      );
      if (
        staffList.statusCode !== (persona === 'othermanager' ? 404 : 403) ||
        staffList.body.includes('Members only')
      )
        wrong.push(`GET admin/requests as ${persona}: ${staffList.statusCode}`);
      const targets = await inject(persona, 'GET', `${P}/targets?housingCompanyId=${t.hc.lindenCourt}`);
      if (targets.statusCode !== (persona === 'huolto' ? 403 : 404))
        wrong.push(`GET targets as ${persona}: ${targets.statusCode}`);
      const upload = multipartFile('x.pdf', PDF);
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/attachments?housingCompanyId=${t.hc.lindenCourt}`,
        payload: upload.payload,
        headers: { ...upload.headers, ...auth(persona) },
      });
      if (res.statusCode !== (persona === 'huolto' ? 201 : 404))
        wrong.push(`POST attachments as ${persona}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // Nothing of theirs changed.
    const after = await inject('tenant', 'GET', `${P}/requests/${id}`);
    expect(after.json()).toMatchObject({
      statusKey: 'open',
      public: true,
      responseCount: 1,
      attachments: [expect.objectContaining({ id: file.id })],
      responses: [
        expect.objectContaining({
          content: 'Members only',
          isDeleted: false,
          attachments: [expect.objectContaining({ id: answerFile.id })],
        }),
      ],
    });
  }, 120_000);

  it("lets a partner company's users read and handle its requests, and no others", async () => {
    const types = (await inject('tenant', 'GET', `${P}/types?housingCompanyId=${t.hc.lindenCourt}`)).json();
    const huolto = types.partnerCompanies.find((c: { name: string }) => c.name === 'Demo Huolto Oy').id;
    const toPartner = await inject('tenant', 'POST', `${P}/requests`, {
      housingCompanyId: t.hc.lindenCourt,
      typeId: 'partner',
      partnerCompanyId: huolto,
      content: 'The lift is stuck',
    });
    expect(toPartner.statusCode, toPartner.body).toBe(201);
    expect(toPartner.json().recipients.map((r: { userId: string }) => r.userId)).toEqual([huoltoId]);
    const id = toPartner.json().id as string;
    const list = await inject(
      'huolto',
      'GET',
      `${P}/requests?housingCompanyId=${t.hc.lindenCourt}&limit=100`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([id]);
    const answer = await inject('huolto', 'POST', `${P}/requests/${id}/responses`, { content: 'On our way' });
    expect(answer.statusCode, answer.body).toBe(201);
    const status = await inject('huolto', 'PUT', `${P}/requests/${id}`, { statusKey: 'inprogress' });
    expect(status.json().statusKey).toBe('inprogress');
    // The Kitchen partner serves no housing company.
    expect((await inject('partner', 'GET', `${P}/requests/${id}`)).statusCode).toBe(404);
    expect(
      (await inject('partner', 'GET', `${P}/requests?housingCompanyId=${t.hc.lindenCourt}`)).statusCode,
    ).toBe(404);
    // Sending is for members: the partner user is refused past the policy.
    const send = await inject('huolto', 'POST', `${P}/requests`, {
      housingCompanyId: t.hc.lindenCourt,
      typeId: 'fit_out',
      content: 'x',
    });
    expect(send.json().code).toBe('SRQ_NOT_PERMITTED');
  });
});
