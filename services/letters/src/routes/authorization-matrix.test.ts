import { randomUUID } from 'node:crypto';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LettersTestApp, lettersTestApp } from '../testing/index.js';

/**
 * The authorization matrix of the letters service: every route against every kind of caller, with
 * exactly the expected outcome — 401 for an anonymous caller, 403 for those the staff access rule
 * `letters` does not let in (residents, board members, partners), and through to the handler for
 * the developer's staff, admin and property managers, where a housing company they do not write
 * for answers 404. A route added without a row here fails the test. Then every route of a Linden
 * Court letter is called by another company's property manager and by Linden Court's residents.
 * docs/authorization.md is the readable form of this table.
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
  'partner', // partner role, user of a business partner serving no housing company
] as const;
type Persona = (typeof PERSONAS)[number];

const WRITERS: readonly Persona[] = ['admin', 'staff', 'manager', 'othermanager'];
const P = '/api/letters';

const MATRIX: Record<string, readonly Persona[]> = {
  [`GET ${P}/openapi.json`]: [...PERSONAS],
  [`GET ${P}/housing-companies/:housingCompanyId/letters`]: WRITERS,
  [`POST ${P}/housing-companies/:housingCompanyId/letters`]: WRITERS,
  [`GET ${P}/letters/:id`]: WRITERS,
  [`PUT ${P}/letters/:id`]: WRITERS,
  [`DELETE ${P}/letters/:id`]: WRITERS,
  [`POST ${P}/letters/:id/copies`]: WRITERS,
  [`GET ${P}/letters/:id/recipients`]: WRITERS,
  [`POST ${P}/letters/:id/recipients`]: WRITERS,
  [`DELETE ${P}/letters/:id/recipients/:recipientId`]: WRITERS,
  [`POST ${P}/letters/:id/recipients/csv`]: WRITERS,
  [`GET ${P}/letters/:id/audience`]: WRITERS,
  [`GET ${P}/letters/:id/preview`]: WRITERS,
  [`POST ${P}/letters/:id/test-mails`]: WRITERS,
  [`POST ${P}/letters/:id/send`]: WRITERS,
  [`GET ${P}/letters/:id/progress`]: WRITERS,
  [`GET ${P}/letters/:id/deliveries`]: WRITERS,
  [`GET ${P}/letters/:id/deliveries.csv`]: WRITERS,
  [`POST ${P}/letters/:id/retrieve-logs`]: WRITERS,
  // The mail server's: its bearer token is the credential (checked in the handler; 404 without it).
  [`POST ${P}/bounces`]: [...PERSONAS],
};

let t: LettersTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await lettersTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

describe('letters authorization matrix', () => {
  policyTableTests({
    service: 'letters',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: (url) => url.replace(/:id|:housingCompanyId|:recipientId/g, () => randomUUID()),
      handlerRefusalPrefix: 'LETTER_',
    }),
  });

  it("answers 404 on every route of a Linden Court letter to another company's property manager", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `${P}/housing-companies/${t.hc.lindenCourt}/letters`,
      payload: { title: 'Members only' },
      headers: auth('manager'),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: string }>().id;
    const named = await t.app.inject({
      method: 'POST',
      url: `${P}/letters/${id}/recipients`,
      payload: { name: 'Members Only', email: 'members.only@example.com' },
      headers: auth('manager'),
    });
    expect(named.statusCode, named.body).toBe(201);
    const recipientId = named.json<{ id: string }>().id;
    const bodies: Record<string, unknown> = {
      [`POST ${P}/housing-companies/:housingCompanyId/letters`]: { title: 'x' },
      [`PUT ${P}/letters/:id`]: { title: 'x' },
      [`POST ${P}/letters/:id/recipients`]: { name: 'X', email: 'x@example.com' },
      [`POST ${P}/letters/:id/test-mails`]: { addresses: 'x@example.com' },
    };
    const wrong: string[] = [];
    for (const route of Object.keys(MATRIX).filter((r) => r.includes(':'))) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path
        .replace(':housingCompanyId', t.hc.lindenCourt)
        .replace(':recipientId', recipientId)
        .replace(':id', id);
      const body = bodies[route];
      const csv = route.endsWith('/csv');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...auth('othermanager'), ...(csv ? { 'content-type': 'text/csv' } : {}) },
        ...(csv ? { payload: 'name,email\nX,x@example.com\n' } : body ? { payload: body as object } : {}),
      });
      if (res.statusCode !== 404 || res.body.includes('Members')) wrong.push(`${route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
    const [letter] = await t.query<{ title: string; recipient_count: number }>(
      'select title, recipient_count from letters.letters where id = $1',
      [id],
    );
    expect(letter).toEqual({ title: 'Members only', recipient_count: 1 });
  });
});
