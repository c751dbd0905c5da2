import { INVISIBLE_CHARACTERS_MESSAGE } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housingCompanies, partnerCompanies } from '../db/schema.js';
import { apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

/**
 * Names of people, housing companies, apartments and partner companies refuse characters that do
 * not show (issue 16): bidirectional overrides and isolates, zero-width characters, the byte-order
 * mark, the word joiner and the like, so that no name can pass for another or flip the text
 * around it. Each write of a name answers 400 VALIDATION_FAILED with the field's error.
 */

let t: IdentityTestApp;
let linden: string;
let kitchen: string;
beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  linden = (await db.select().from(housingCompanies)).find((h) => h.hcExt === 'DEMO-2000')!.id;
  kitchen = (await db.select().from(partnerCompanies)).find((p) => p.externalId === 'DEMO-PC-1')!.id;
});
afterAll(() => t.close());

const INVISIBLE = {
  'right-to-left override U+202E': '\u202E',
  'left-to-right isolate U+2066': '\u2066',
  'pop directional isolate U+2069': '\u2069',
  'zero-width space U+200B': '\u200B',
  'zero-width joiner U+200D': '\u200D',
  'right-to-left mark U+200F': '\u200F',
  'byte-order mark U+FEFF': '\uFEFF',
  'word joiner U+2060': '\u2060',
};

/** Each name field of identity: who writes it, where, and the body around the name. */
const FIELDS: {
  field: string;
  who: string;
  method: 'POST' | 'PUT';
  url: () => string;
  body: (name: string) => Record<string, unknown>;
}[] = [
  {
    field: 'body.firstName',
    who: 'owner',
    method: 'PUT',
    url: () => '/api/identity/me/profile',
    body: (name) => ({ firstName: name, lastName: 'Owner' }),
  },
  {
    field: 'body.lastName',
    who: 'owner',
    method: 'PUT',
    url: () => '/api/identity/me/profile',
    body: (name) => ({ firstName: 'Olli', lastName: name }),
  },
  {
    field: 'body.firstName',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/users',
    body: (name) => ({ email: 'named@example.com', firstName: name, lastName: 'Named' }),
  },
  {
    field: 'body.lastName',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/users',
    body: (name) => ({ email: 'named@example.com', firstName: 'Nina', lastName: name }),
  },
  {
    field: 'body.name',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/housing-companies',
    body: (name) => ({ hcExt: 'NAMED-1', name }),
  },
  {
    field: 'body.marketingName',
    who: 'admin',
    method: 'PUT',
    url: () => `/api/identity/admin/housing-companies/${linden}`,
    body: (name) => ({ marketingName: name }),
  },
  {
    field: 'body.no',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/apartments',
    body: (name) => ({ housingCompanyId: linden, no: name, aptext: 'NAMED-APT-1' }),
  },
  {
    field: 'body.externalName',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/apartments',
    body: (name) => ({ housingCompanyId: linden, no: 'N 1', aptext: 'NAMED-APT-1', externalName: name }),
  },
  {
    field: 'body.name',
    who: 'admin',
    method: 'POST',
    url: () => '/api/identity/admin/partner-companies',
    body: (name) => ({ name, type: 'BUSINESS_PARTNER' }),
  },
  {
    field: 'body.name',
    who: 'partner',
    method: 'PUT',
    url: () => '/api/identity/partner/company',
    body: (name) => ({ name }),
  },
  {
    field: 'body.contactDetails.name',
    who: 'admin',
    method: 'PUT',
    url: () => `/api/identity/admin/partner-companies/${kitchen}`,
    body: (name) => ({ contactDetails: { name } }),
  },
];

describe('names with characters that do not show', () => {
  it('are refused in every name field with 400 VALIDATION_FAILED at the field', async () => {
    const wrong: string[] = [];
    for (const { field, who, method, url, body } of FIELDS) {
      const client = await apiClientAs(t.app, who);
      for (const [label, ch] of Object.entries(INVISIBLE)) {
        const send = method === 'POST' ? client.post : client.put;
        const res = await send(url(), body(`Anna${ch}Admin`));
        const problem = res.json() as { code?: string; errors?: { path: string; message: string }[] };
        const named = problem.errors?.some(
          (e) => e.path === field && e.message === INVISIBLE_CHARACTERS_MESSAGE,
        );
        if (res.statusCode !== 400 || problem.code !== 'VALIDATION_FAILED' || !named) {
          wrong.push(`${method} ${url()} ${field} with ${label}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still accepts names in the portal’s languages', async () => {
    const owner = await apiClientAs(t.app, 'owner');
    const res = await owner.put('/api/identity/me/profile', {
      firstName: 'Žaneta-Łucja',
      lastName: 'Bērziņš',
    });
    expect(res.statusCode).toBe(200);
    const partner = await apiClientAs(t.app, 'partner');
    expect(
      (await partner.put('/api/identity/partner/company', { name: 'Demo Kitchen Partners Oy' })).statusCode,
    ).toBe(200);
  });
});
