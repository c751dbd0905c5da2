import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryApartments, directoryHousingCompanies } from '../db/schema.js';
import { apiClient, type ContentTestApp, contentTestApp, loginAs } from '../testing/index.js';
import { housingCompaniesReached } from './directory.js';

describe('the directory read model', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await contentTestApp();
  });
  afterAll(() => t.close());

  it('holds every demo housing company with apartments, taxonomy path and partner key contacts after the first start', async () => {
    const { db } = t.content.context;
    const hcs = await db.select().from(directoryHousingCompanies);
    expect(hcs.map((h) => h.hcExt).sort()).toEqual(['DEMO-1000', 'DEMO-2000', 'DEMO-3000']);
    const linden = hcs.find((h) => h.hcExt === 'DEMO-2000')!;
    expect(linden.taxonomyPath.length).toBeGreaterThan(0);
    const apts = await db
      .select()
      .from(directoryApartments)
      .where(eq(directoryApartments.housingCompanyId, linden.id));
    expect(apts.length).toBeGreaterThan(0);
    expect(hcs.some((h) => h.partnerContacts.length > 0)).toBe(true);
  });

  it('follows identity: a renamed housing company and a new apartment reach the read model through events', async () => {
    const admin = apiClient(t.app, (await loginAs(t.app, 'admin')).accessToken);
    const renamed = await admin.put(`/api/identity/admin/housing-companies/${t.hc.birchHill}`, {
      name: 'Birch Hill Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const apt = await admin.post('/api/identity/admin/apartments', {
      housingCompanyId: t.hc.birchHill,
      no: 'Z 99',
      aptext: 'DEMO-3000-Z99',
      size: 77.5,
      rooms: 3,
    });
    expect(apt.statusCode).toBe(201);
    t.identity.context.kickEvents();
    const { db } = t.content.context;
    await expect
      .poll(
        async () => {
          const [hc] = await db
            .select()
            .from(directoryHousingCompanies)
            .where(eq(directoryHousingCompanies.id, t.hc.birchHill));
          const apts = await db
            .select()
            .from(directoryApartments)
            .where(eq(directoryApartments.housingCompanyId, t.hc.birchHill));
          return { name: hc?.name, z99: apts.find((a) => a.no === 'Z 99')?.size };
        },
        { timeout: 5000 },
      )
      .toEqual({ name: 'Birch Hill Renamed', z99: 77.5 });
  });

  it('resolves a targeting to the housing companies it reaches (by id, by taxonomy term and its children, or all)', async () => {
    const { db } = t.content.context;
    expect(await housingCompaniesReached(db, { housingCompanyIds: [], buildingTaxonomies: [] })).toHaveLength(
      3,
    );
    expect(
      await housingCompaniesReached(db, { housingCompanyIds: [t.hc.lindenCourt], buildingTaxonomies: [] }),
    ).toEqual([t.hc.lindenCourt]);
    const [linden] = await db
      .select()
      .from(directoryHousingCompanies)
      .where(eq(directoryHousingCompanies.id, t.hc.lindenCourt));
    const top = linden!.taxonomyPath[linden!.taxonomyPath.length - 1]!;
    expect(await housingCompaniesReached(db, { housingCompanyIds: [], buildingTaxonomies: [top] })).toContain(
      t.hc.lindenCourt,
    );
  });
});
