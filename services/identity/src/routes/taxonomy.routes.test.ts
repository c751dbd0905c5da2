import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housingCompanies, outbox, partnerCompanies, taxonomyTerms } from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
/** Building-taxonomy and other term ids by codename. */
let terms: Record<string, string>;

beforeAll(async () => {
  t = await identityTestApp();
  const rows = await t.identity.context.db.select().from(taxonomyTerms);
  terms = Object.fromEntries(rows.map((r) => [r.codename, r.id]));
});
afterAll(() => t.close());

const ADMIN_BASE = '/api/identity/admin/taxonomy-terms';

const as = (who: string) => apiClientAs(t.app, who);

function listUrl(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `${ADMIN_BASE}${qs ? `?${qs}` : ''}`;
}

type Node = { name: string; terms: Node[] };
const outline = (nodes: Node[]): unknown[] =>
  nodes.map((n) => (n.terms.length ? { [n.name]: outline(n.terms) } : n.name));

async function taxonomyEvents() {
  const rows = await t.identity.context.db
    .select()
    .from(outbox)
    .where(eq(outbox.subject, IDENTITY_EVENTS.taxonomyChanged));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

describe('GET /taxonomy/:group', () => {
  it('answers the nested terms of a group to anyone signed in', async () => {
    const res = await (await as('tenant')).get('/api/identity/taxonomy/buildingtaxonomy');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group).toBe('buildingtaxonomy');
    expect(outline(body.terms)).toEqual([{ Pirkanmaa: ['Tampere'] }, { Uusimaa: ['Espoo', 'Helsinki'] }]);
    expect(body.terms[1].terms[1]).toEqual({
      id: terms.helsinki,
      codename: 'helsinki',
      externalId: null,
      name: 'Helsinki',
      terms: [],
    });
    const contacts = (await (await as('owner')).get('/api/identity/taxonomy/contact_taxonomy')).json();
    expect(contacts.terms.map((n: { codename: string }) => n.codename).sort()).toEqual([
      'building_administration',
      'construction_site',
      'customer_service',
      'design_management',
      'maintenance',
      'other',
      'property_management',
      'suppliers',
      'yit_plus_support',
    ]);
  });

  it("serves the demo's FAQ groups and campaign categories, which the staff app's FAQ, help and campaign screens name", async () => {
    const partner = await as('partner');
    const faq = await partner.get('/api/identity/taxonomy/faqtaxonomy');
    expect(faq.statusCode).toBe(200);
    expect(
      faq
        .json()
        .terms.map((n: { codename: string }) => n.codename)
        .sort(),
    ).toEqual(['contacts', 'maintenance', 'moving_in', 'news_and_calendar', 'portal', 'users']);
    const campaigns = await partner.get('/api/identity/taxonomy/campaign_category');
    expect(campaigns.statusCode).toBe(200);
    expect(
      campaigns
        .json()
        .terms.map((n: { codename: string }) => n.codename)
        .sort(),
    ).toEqual(['cleaning', 'design', 'energy', 'furniture', 'garden', 'maintenance', 'renovation']);
    // The staff list a group may be empty in answers 200 (the staff app reads these groups there).
    const flat = await partner.get(
      `${ADMIN_BASE}?filter=${encodeURIComponent(JSON.stringify({ group: 'campaign_category' }))}&range=[0,999]`,
    );
    expect(flat.statusCode).toBe(200);
    expect(flat.json()).toHaveLength(7);
    const empty = await partner.get(
      `${ADMIN_BASE}?filter=${encodeURIComponent(JSON.stringify({ group: 'age_group' }))}`,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });

  it('answers 404 No taxonomies found for an unknown or an empty group, 401 without sign-in', async () => {
    const owner = await as('owner');
    for (const group of ['regions', 'age_group']) {
      const res = await owner.get(`/api/identity/taxonomy/${group}`);
      expect(res.statusCode, group).toBe(404);
      expect(res.json()).toMatchObject({ code: 'IDN_TAXONOMY_NOT_FOUND', title: 'No taxonomies found' });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/identity/taxonomy/buildingtaxonomy' })).statusCode,
    ).toBe(401);
  });
});

describe('staff administration of taxonomy terms', () => {
  it('lists terms flat with Content-Range, filtered by group, parent and text', async () => {
    const staff = await as('staff');
    const res = await staff.get(listUrl({ filter: { group: 'buildingtaxonomy' }, sort: ['name', 'ASC'] }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('taxonomy-terms 0-4/5');
    expect(res.json().map((r: { name: string }) => r.name)).toEqual([
      'Espoo',
      'Helsinki',
      'Pirkanmaa',
      'Tampere',
      'Uusimaa',
    ]);
    expect(res.json()[1]).toMatchObject({
      group: 'buildingtaxonomy',
      parentId: terms.uusimaa,
      codename: 'helsinki',
    });
    const roots = await staff.get(listUrl({ filter: { group: 'buildingtaxonomy', parentId: null } }));
    expect(roots.json().map((r: { name: string }) => r.name)).toEqual(['Pirkanmaa', 'Uusimaa']);
    const children = await staff.get(listUrl({ filter: { parentId: terms.uusimaa } }));
    expect(children.json().map((r: { name: string }) => r.name)).toEqual(['Espoo', 'Helsinki']);
    const q = await staff.get(listUrl({ filter: { q: 'LEISURE' } }));
    expect(q.json().map((r: { codename: string }) => r.codename)).toEqual(['leisure_home']);
    const one = await staff.get(`${ADMIN_BASE}/${terms.tampere}`);
    expect(one.json()).toMatchObject({ name: 'Tampere', parentId: terms.pirkanmaa });
    expect((await staff.get(`${ADMIN_BASE}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await staff.get(listUrl({ filter: { group: 'regions' } }))).statusCode).toBe(400);
  });

  it('creates a nested term with a codename made from its name; refuses duplicates and bad parents', async () => {
    const admin = await as('admin');
    const res = await admin.post(ADMIN_BASE, {
      group: 'buildingtaxonomy',
      name: 'Vantaa – Tikkurila',
      parentId: terms.uusimaa,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      codename: 'vantaa_tikkurila',
      parentId: terms.uusimaa,
      externalId: null,
    });
    const tree = (await admin.get('/api/identity/taxonomy/buildingtaxonomy')).json();
    expect(outline(tree.terms)).toEqual([
      { Pirkanmaa: ['Tampere'] },
      { Uusimaa: ['Espoo', 'Helsinki', 'Vantaa – Tikkurila'] },
    ]);
    expect(await taxonomyEvents()).toContainEqual(
      expect.objectContaining({ action: 'created', termId: created.id, group: 'buildingtaxonomy' }),
    );

    const duplicate = await admin.post(ADMIN_BASE, { group: 'buildingtaxonomy', name: 'Helsinki' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('IDN_TAXONOMY_CODENAME_IN_USE');
    // The same codename in another group is fine.
    const otherGroup = await admin.post(ADMIN_BASE, { group: 'room_type', name: 'Helsinki' });
    expect(otherGroup.statusCode).toBe(201);
    const foreignParent = await admin.post(ADMIN_BASE, {
      group: 'buildingtaxonomy',
      name: 'Lahti',
      parentId: terms.maintenance,
    });
    expect(foreignParent.statusCode).toBe(400);
    expect(foreignParent.json().errors[0].path).toBe('body.parentId');
    const cases: [Record<string, unknown>, string][] = [
      [{ group: 'regions', name: 'X' }, 'body.group'],
      [{ group: 'room_type', name: '' }, 'body.name'],
      [{ group: 'room_type', name: 'X', codename: 'Not Valid' }, 'body.codename'],
      [{ group: 'room_type', name: 'X', colour: 'red' }, 'body.colour'],
    ];
    for (const [payload, path] of cases) {
      const bad = await admin.post(ADMIN_BASE, payload);
      expect(bad.statusCode, path).toBe(400);
      expect(bad.json().errors[0].path, path).toBe(path);
    }
  });

  it('updates a term; refuses nesting a term under itself or a descendant, and a group change', async () => {
    const admin = await as('admin');
    const res = await admin.put(`${ADMIN_BASE}/${terms.espoo}`, { name: 'Espoo city', externalId: 'KNT-49' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Espoo city', codename: 'espoo', externalId: 'KNT-49' });
    const cycle = await admin.put(`${ADMIN_BASE}/${terms.uusimaa}`, { parentId: terms.helsinki });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors[0].path).toBe('body.parentId');
    const self = await admin.put(`${ADMIN_BASE}/${terms.uusimaa}`, { parentId: terms.uusimaa });
    expect(self.statusCode).toBe(400);
    const group = await admin.put(`${ADMIN_BASE}/${terms.uusimaa}`, { group: 'room_type' });
    expect(group.statusCode).toBe(400);
    expect(group.json().errors[0]).toEqual({ path: 'body.group', message: 'Unknown field' });
    const taken = await admin.put(`${ADMIN_BASE}/${terms.espoo}`, { codename: 'helsinki' });
    expect(taken.statusCode).toBe(409);
    // Moving a city to the top level.
    const moved = await admin.put(`${ADMIN_BASE}/${terms.tampere}`, { parentId: null });
    expect(moved.json().parentId).toBeNull();
    await admin.put(`${ADMIN_BASE}/${terms.tampere}`, { parentId: terms.pirkanmaa });
    expect(await taxonomyEvents()).toContainEqual(
      expect.objectContaining({ action: 'updated', termId: terms.espoo }),
    );
  });

  it('deletes a term with its nested terms; companies and partner areas let go of them', async () => {
    const admin = await as('admin');
    const { db } = t.identity.context;
    await db
      .update(partnerCompanies)
      .set({ operationalAreaTaxonomies: [terms.helsinki!, terms.tampere!] })
      .where(eq(partnerCompanies.externalId, 'DEMO-PC-1'));
    const res = await admin.delete(`${ADMIN_BASE}/${terms.pirkanmaa}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`${ADMIN_BASE}/${terms.tampere}`)).statusCode).toBe(404);
    const tree = (await admin.get('/api/identity/taxonomy/buildingtaxonomy')).json();
    expect(tree.terms.map((n: { name: string }) => n.name)).toEqual(['Uusimaa']);
    const [birch] = await db.select().from(housingCompanies).where(eq(housingCompanies.hcExt, 'DEMO-3000'));
    expect(birch!.buildingTaxonomyTermId).toBeNull();
    const [linden] = await db.select().from(housingCompanies).where(eq(housingCompanies.hcExt, 'DEMO-2000'));
    expect(linden!.buildingTaxonomyTermId).toBe(terms.espoo);
    const [kitchen] = await db
      .select()
      .from(partnerCompanies)
      .where(eq(partnerCompanies.externalId, 'DEMO-PC-1'));
    expect(kitchen!.operationalAreaTaxonomies).toEqual([terms.helsinki]);
    const deleted = (await taxonomyEvents()).find((e) => e.action === 'deleted');
    expect(deleted).toMatchObject({ termId: terms.pirkanmaa });
    expect((deleted!.deletedTermIds as string[]).sort()).toEqual([terms.pirkanmaa, terms.tampere].sort());
    expect((await admin.delete(`${ADMIN_BASE}/${terms.pirkanmaa}`)).statusCode).toBe(404);
  });

  it('lets only admin write terms', async () => {
    for (const who of ['staff', 'manager', 'partner', 'owner']) {
      const user = await as(who);
      expect((await user.post(ADMIN_BASE, { group: 'room_type', name: 'Sauna' })).statusCode, who).toBe(403);
      expect((await user.put(`${ADMIN_BASE}/${terms.espoo}`, { name: 'X' })).statusCode, who).toBe(403);
      expect((await user.delete(`${ADMIN_BASE}/${terms.espoo}`)).statusCode, who).toBe(403);
    }
  });
});
