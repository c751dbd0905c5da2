import {
  type AreasResponse,
  IDENTITY_AREAS_RPC,
  IDENTITY_NEIGHBOURS_RPC,
  type NeighboursResponse,
} from '@porta/contracts';
import { MemoryBus } from '@porta/service-kit';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartmentRoles, apartments, housingCompanies, taxonomyTerms, users } from '../db/schema.js';
import { addTestUser, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';
import { areasAnswer, neighboursAnswer, serveAreas, serveNeighbours } from './neighbours.js';

let t: IdentityTestApp;
const hc: Record<string, string> = {};
const id: Record<string, string> = {};
const apt: Record<string, string> = {};

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  for (const row of await db.select().from(housingCompanies)) hc[row.hcExt] = row.id;
  for (const row of await db.select().from(users)) id[row.email.split('@')[0]!] = row.id;
  for (const row of await db.select().from(apartments)) apt[row.no] = row.id;
});
afterAll(() => t?.close());

const linden = () => hc['DEMO-2000']!;

describe('the neighbours of a housing company (rpc.identity.neighbours.get.v1)', () => {
  it('answers the apartments and the members with a public profile, with their apartments', async () => {
    const answer = await neighboursAnswer(t.identity.context.db, { housingCompanyId: linden() });
    expect(answer.found).toBe(true);
    expect(answer.apartments).toEqual([
      { id: apt['B 12'], no: 'B 12' },
      { id: apt['B 14'], no: 'B 14' },
    ]);
    expect(answer.members).toEqual([
      { userId: id.board, firstName: 'Bertil', apartmentIds: [apt['B 14']] },
      { userId: id.manager, firstName: 'Maria', apartmentIds: [] },
      { userId: id.owner, firstName: 'Olivia', apartmentIds: [apt['B 12']] },
      // The developer's staff member holds the project role of Linden Court (ADR 0022).
      { userId: id.staff, firstName: 'Sami', apartmentIds: [] },
      { userId: id.tenant, firstName: 'Timo', apartmentIds: [apt['B 14']] },
    ]);
  });

  it('leaves out members without a public profile, unregistered, deactivated and moved-out ones', async () => {
    const { db } = t.identity.context;
    await addTestUser(t, {
      key: 'private',
      firstName: 'Pia',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'familyMember' }],
    });
    const unregistered = await addTestUser(t, {
      key: 'unregistered-neighbour',
      registered: false,
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const gone = await addTestUser(t, {
      key: 'moved-out',
      apartments: [{ aptext: 'DEMO-2000-B14', role: 'tenant' }],
    });
    const disabled = await addTestUser(t, {
      key: 'disabled-neighbour',
      housingCompanies: [{ hcExt: 'DEMO-2000', role: 'boardMember' }],
    });
    // Everyone but Pia has a public profile; the disabled one is deactivated.
    await db
      .update(users)
      .set({ publicProfile: true })
      .where(inArray(users.id, [unregistered, gone, disabled]));
    await db.update(users).set({ enabled: false }).where(eq(users.id, disabled));
    await db.update(apartmentRoles).set({ validUntil: '2020-01-01' }).where(eq(apartmentRoles.userId, gone));
    const answer = await neighboursAnswer(db, { housingCompanyId: linden() });
    expect(answer.members.map((m) => m.firstName)).toEqual(['Bertil', 'Maria', 'Olivia', 'Sami', 'Timo']);
  });

  it("answers one company's members only, and found false for a company that does not exist", async () => {
    const { db } = t.identity.context;
    const birch = await neighboursAnswer(db, { housingCompanyId: hc['DEMO-3000']! });
    expect(birch.members.map((m) => m.userId).sort()).toEqual([id.neighbour, id.othermanager].sort());
    expect(birch.apartments.map((a) => a.no)).toEqual(['C 1', 'C 2']);
    expect(await neighboursAnswer(db, { housingCompanyId: crypto.randomUUID() })).toEqual({
      found: false,
      apartments: [],
      members: [],
    });
  });
});

describe('areas of housing companies (rpc.identity.areas.get.v1)', () => {
  it("answers a company's building-taxonomy term as its area, and the companies of an area", async () => {
    const { db } = t.identity.context;
    const [espoo] = await db.select().from(taxonomyTerms).where(eq(taxonomyTerms.codename, 'espoo'));
    const answer = await areasAnswer(db, { housingCompanyIds: [linden(), crypto.randomUUID()] });
    expect(answer.housingCompanies).toEqual([{ id: linden(), area: { id: espoo!.id, name: 'Espoo' } }]);
    expect((await areasAnswer(db, { areaId: espoo!.id })).housingCompanies.map((h) => h.id)).toEqual([
      linden(),
    ]);
    // Birch Hill moves to Espoo: the area holds both.
    const birch = hc['DEMO-3000']!;
    const [before] = await db.select().from(housingCompanies).where(eq(housingCompanies.id, birch));
    await db
      .update(housingCompanies)
      .set({ buildingTaxonomyTermId: espoo!.id })
      .where(eq(housingCompanies.id, birch));
    try {
      const both = (await areasAnswer(db, { areaId: espoo!.id })).housingCompanies.map((h) => h.id);
      expect(both.sort()).toEqual([linden(), birch].sort());
    } finally {
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: before!.buildingTaxonomyTermId })
        .where(eq(housingCompanies.id, birch));
    }
  });

  it('makes a company placed in no term an area of its own, named by its marketing name', async () => {
    const { db } = t.identity.context;
    const harbour = hc['DEMO-1000']!;
    const [before] = await db.select().from(housingCompanies).where(eq(housingCompanies.id, harbour));
    await db
      .update(housingCompanies)
      .set({ buildingTaxonomyTermId: null })
      .where(eq(housingCompanies.id, harbour));
    try {
      const own = { id: harbour, area: { id: harbour, name: 'Harbour View' } };
      expect((await areasAnswer(db, { housingCompanyIds: [harbour] })).housingCompanies).toEqual([own]);
      expect((await areasAnswer(db, { areaId: harbour })).housingCompanies).toEqual([own]);
    } finally {
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: before!.buildingTaxonomyTermId })
        .where(eq(housingCompanies.id, harbour));
    }
    // The area of Harbour View's term does not answer the company by its own id.
    expect((await areasAnswer(db, { areaId: harbour })).housingCompanies).toEqual([]);
  });
});

describe('over the bus', () => {
  it('answers both questions and refuses malformed requests', async () => {
    const { db } = t.identity.context;
    const bus = new MemoryBus();
    const responders = [await serveNeighbours(db, bus), await serveAreas(db, bus)];
    try {
      const neighbours = await bus.request<NeighboursResponse>(IDENTITY_NEIGHBOURS_RPC, {
        housingCompanyId: linden(),
      });
      expect(neighbours.members.map((m) => m.firstName)).toContain('Olivia');
      const areas = await bus.request<AreasResponse>(IDENTITY_AREAS_RPC, { housingCompanyIds: [linden()] });
      expect(areas.housingCompanies[0]!.area.name).toBe('Espoo');
      await expect(bus.request(IDENTITY_NEIGHBOURS_RPC, { housingCompanyId: 'x' })).rejects.toThrow();
      await expect(bus.request(IDENTITY_AREAS_RPC, { housingCompanyIds: [] })).rejects.toThrow();
    } finally {
      for (const responder of responders) await responder.stop();
      await bus.close();
    }
  });
});
