import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  t = await communityTestApp();
  // A resident of Linden Court without a public profile (the default): never named.
  await addTestUser(t, {
    key: 'private',
    firstName: 'Pia',
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'familyMember' }],
  });
  // The developer's staff without a project role in Linden Court (the demo's staff@ holds one).
  await addTestUser(t, { key: 'yitstaff', roles: ['yitUser'] });
  ({ c, ids } = await clientsOf(t, [
    'yitstaff',
    'owner',
    'tenant',
    'board',
    'manager',
    'staff',
    'admin',
    'neighbour',
    'partner',
  ]));
}, 90_000);
afterAll(() => t?.close());

const neighbours = (as: Client, housingCompanyId = t.hc.lindenCourt) =>
  as.get(`/api/community/neighbours?housingCompanyId=${housingCompanyId}`);
const recipients = (as: Client, housingCompanyId = t.hc.lindenCourt) =>
  as.get(`/api/community/conversations/recipients?housingCompanyId=${housingCompanyId}`);

describe('the neighbour list', () => {
  it('lists every apartment with the first names of the residents who have a public profile', async () => {
    const res = await neighbours(c.tenant!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      housingCompanyId: t.hc.lindenCourt,
      apartments: [
        { id: expect.any(String), no: 'B 12', residents: [{ id: ids.owner, firstName: 'Olivia' }] },
        {
          id: expect.any(String),
          no: 'B 14',
          residents: [
            { id: ids.board, firstName: 'Bertil' },
            { id: ids.tenant, firstName: 'Timo' },
          ],
        },
      ],
    });
    expect(res.body).not.toContain('Pia');
    // Birch Hill's own list is Birch Hill's.
    const birch = (await neighbours(c.neighbour!, t.hc.birchHill)).json();
    expect(birch.apartments.map((a: { no: string }) => a.no)).toEqual(['C 1', 'C 2']);
    expect(birch.apartments[0].residents).toEqual([{ id: ids.neighbour, firstName: 'Nora' }]);
  });

  it('answers 404 to everyone but the members of the housing company', async () => {
    for (const key of ['neighbour', 'yitstaff', 'admin', 'partner']) {
      for (const res of [await neighbours(c[key]!), await recipients(c[key]!)]) {
        expect(res.statusCode, key).toBe(404);
        expect(res.json().code).toBe('COM_HOUSING_COMPANY_NOT_FOUND');
        expect(res.body).not.toContain('Olivia');
      }
    }
    expect((await neighbours(c.owner!, crypto.randomUUID())).statusCode).toBe(404);
    expect((await c.owner!.get('/api/community/neighbours')).statusCode).toBe(400);
  });

  it('answers 403 FEATURE_NOT_ACTIVATED when neighbours is off', async () => {
    const { database, features } = t.community.context;
    await database.query(
      "update identity.feature_toggles set active = false where feature_id = 'neighbours'",
    );
    features.clear();
    t.identity.context.features.clear();
    try {
      for (const res of [await neighbours(c.owner!), await recipients(c.owner!)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FEATURE_NOT_ACTIVATED');
      }
    } finally {
      await database.query(
        "update identity.feature_toggles set active = true where feature_id = 'neighbours'",
      );
      features.clear();
      t.identity.context.features.clear();
    }
  });
});

describe('recipients of private messages', () => {
  it('are the members with a public profile, the caller left out, with their apartments', async () => {
    const res = await recipients(c.owner!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: ids.board, firstName: 'Bertil', apartments: ['B 14'] },
        { id: ids.manager, firstName: 'Maria', apartments: [] },
        // The demo's developer staff holds the project role of Linden Court (ADR 0022).
        { id: ids.staff, firstName: 'Sami', apartments: [] },
        { id: ids.tenant, firstName: 'Timo', apartments: ['B 14'] },
      ],
    });
    const asTenant = (await recipients(c.tenant!)).json();
    expect(asTenant.items.map((r: { firstName: string }) => r.firstName)).toEqual([
      'Bertil',
      'Maria',
      'Olivia',
      'Sami',
    ]);
  });
});
