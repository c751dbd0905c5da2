import { QUICK_LINK_MODULES } from '@porta/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apartmentRoles,
  featureToggles,
  housingCompanies,
  quickLinks,
  taxonomyTerms,
  users,
} from '../db/schema.js';
import { addTestUser, apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
let harbour: string;
let linden: string;
let ownerId: string;

/** Features on globally for these tests: each opens one quick-link module. */
const FEATURES = [
  'documents',
  'warranty',
  'service-requests',
  'public-discussion',
  'service-lounge',
  'material-selection',
];

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  const hcs = await db.select().from(housingCompanies);
  harbour = hcs.find((h) => h.hcExt === 'DEMO-1000')!.id;
  linden = hcs.find((h) => h.hcExt === 'DEMO-2000')!.id;
  ownerId = (await db.select().from(users).where(eq(users.email, 'owner@demo.porta.test')))[0]!.id;
  await db.insert(featureToggles).values(FEATURES.map((featureId) => ({ featureId, scope: 'global' })));
});
afterAll(() => t.close());

const as = (who: string) => apiClientAs(t.app, who);

const URL = '/api/identity/me/quick-links';
const links = (...moduleIds: string[]) => moduleIds.map((moduleId) => ({ moduleId }));

async function stored(userId: string, housingCompanyId: string) {
  const [row] = await t.identity.context.db
    .select()
    .from(quickLinks)
    .where(and(eq(quickLinks.userId, userId), eq(quickLinks.housingCompanyId, housingCompanyId)));
  return (row?.links as { moduleId: string }[] | undefined)?.map((l) => l.moduleId) ?? null;
}

describe('quick links', () => {
  it('stores the links of a housing company in order, with label key, address and icon', async () => {
    const owner = await as('owner');
    const res = await owner.put(URL, {
      projectId: linden,
      links: links('warranty', 'contact-book', 'documents'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.projectId).toBe(linden);
    expect(body.links.map((l: { moduleId: string }) => l.moduleId)).toEqual([
      'warranty',
      'contact-book',
      'documents',
    ]);
    const warranty = QUICK_LINK_MODULES.find((m) => m.moduleId === 'warranty')!;
    expect(body.links[0]).toEqual({
      _id: expect.any(String),
      moduleId: 'warranty',
      translationKey: warranty.translationKey,
      href: warranty.href,
      icon: warranty.icon,
    });
    expect(await stored(ownerId, linden)).toEqual(['warranty', 'contact-book', 'documents']);

    const again = (await owner.get(`${URL}?projectId=${linden}`)).json();
    expect(again.links).toEqual(body.links);
    // The other housing company has its own (none yet).
    expect((await owner.get(`${URL}?projectId=${harbour}`)).json().links).toEqual([]);
  });

  it('offers the modules whose feature is on; the contact book always', async () => {
    const owner = await as('owner');
    const { available } = (await owner.get(`${URL}?projectId=${linden}`)).json();
    expect(available).toEqual([
      'documents',
      'warranty',
      'contact-book',
      'service-requests',
      'community',
      'service-shop',
      'material-selection',
    ]);
  });

  it('keeps the _id of a module that stays, and reorders', async () => {
    const owner = await as('owner');
    const first = (
      await owner.put(URL, { projectId: linden, links: links('contact-book', 'warranty') })
    ).json();
    const second = (
      await owner.put(URL, { projectId: linden, links: links('warranty', 'contact-book') })
    ).json();
    expect(second.links.map((l: { _id: string }) => l._id)).toEqual(
      [...first.links].reverse().map((l: { _id: string }) => l._id),
    );
  });

  it('shows the links of the selected housing company on /me', async () => {
    const owner = await as('owner');
    await owner.put(URL, { projectId: linden, links: links('material-selection', 'contact-book') });
    await owner.put('/api/identity/me/housing-company', { housingCompanyId: linden });
    const me = (await owner.get('/api/identity/me')).json();
    expect(me.user.quickLinks.projectId).toBe(linden);
    expect(me.user.quickLinks.links.map((l: { moduleId: string }) => l.moduleId)).toEqual([
      'material-selection',
      'contact-book',
    ]);
    await owner.put('/api/identity/me/housing-company', { housingCompanyId: harbour });
    const other = (await owner.get('/api/identity/me')).json();
    expect(other.user.quickLinks).toEqual({ projectId: harbour, links: [] });
  });

  it('refuses a sixth quick link and stores nothing', async () => {
    const owner = await as('owner');
    await owner.put(URL, { projectId: linden, links: links('contact-book') });
    const six = links(
      'documents',
      'warranty',
      'contact-book',
      'service-requests',
      'community',
      'service-shop',
    );
    const res = await owner.put(URL, { projectId: linden, links: six });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IDN_QUICK_LINKS_TOO_MANY',
      title: 'You can choose at most 5 quick links.',
    });
    expect(await stored(ownerId, linden)).toEqual(['contact-book']);
    // Five are fine.
    expect((await owner.put(URL, { projectId: linden, links: six.slice(0, 5) })).statusCode).toBe(200);
    expect(await stored(ownerId, linden)).toHaveLength(5);
  });

  it('refuses a module twice and stores nothing', async () => {
    const owner = await as('owner');
    await owner.put(URL, { projectId: linden, links: links('contact-book') });
    const res = await owner.put(URL, {
      projectId: linden,
      links: links('warranty', 'contact-book', 'warranty'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IDN_QUICK_LINK_DUPLICATE',
      title: 'This link is already in your quick links.',
    });
    expect(await stored(ownerId, linden)).toEqual(['contact-book']);
  });

  it('refuses a module whose feature is off, and an unknown module', async () => {
    const owner = await as('owner');
    await owner.put(URL, { projectId: linden, links: links('contact-book') });
    const off = await owner.put(URL, { projectId: linden, links: links('consumption') });
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('IDN_QUICK_LINK_UNAVAILABLE');
    const unknown = await owner.put(URL, { projectId: linden, links: links('secret-admin') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
    expect(await stored(ownerId, linden)).toEqual(['contact-book']);
  });

  it('offers v2 documents instead of v1 when both are on', async () => {
    const { db } = t.identity.context;
    await db.insert(featureToggles).values({ featureId: 'documentsv2', scope: 'global' });
    t.identity.context.features.clear();
    try {
      const owner = await as('owner');
      await owner.put(URL, { projectId: linden, links: links('documents', 'contact-book') });
      const { available, links: shown } = (await owner.get(`${URL}?projectId=${linden}`)).json();
      expect(available).toContain('documents-v2');
      expect(available).not.toContain('documents');
      // A stored v1 link is not shown while v1 is not offered.
      expect(shown.map((l: { moduleId: string }) => l.moduleId)).toEqual(['contact-book']);
      const v1 = await owner.put(URL, { projectId: linden, links: links('documents') });
      expect(v1.statusCode).toBe(400);
      expect(v1.json().code).toBe('IDN_QUICK_LINK_UNAVAILABLE');
      expect((await owner.put(URL, { projectId: linden, links: links('documents-v2') })).statusCode).toBe(
        200,
      );
    } finally {
      await db.delete(featureToggles).where(eq(featureToggles.featureId, 'documentsv2'));
      t.identity.context.features.clear();
    }
  });

  it("offers a module switched on for the company's building taxonomy only there", async () => {
    const { db } = t.identity.context;
    const [term] = await db
      .insert(taxonomyTerms)
      .values({ group: 'buildingtaxonomy', codename: 'quick-links-area', name: 'Quick links area' })
      .returning();
    await db
      .update(housingCompanies)
      .set({ buildingTaxonomyTermId: term!.id })
      .where(eq(housingCompanies.id, linden));
    await db.insert(featureToggles).values({ featureId: 'consumption', scope: term!.id });
    t.identity.context.features.clear();
    try {
      const owner = await as('owner');
      expect((await owner.get(`${URL}?projectId=${linden}`)).json().available).toContain('consumption');
      expect((await owner.get(`${URL}?projectId=${harbour}`)).json().available).not.toContain('consumption');
      expect((await owner.put(URL, { projectId: linden, links: links('consumption') })).statusCode).toBe(200);
      expect((await owner.put(URL, { projectId: harbour, links: links('consumption') })).statusCode).toBe(
        400,
      );
    } finally {
      await db.delete(featureToggles).where(eq(featureToggles.scope, term!.id));
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: null })
        .where(eq(housingCompanies.id, linden));
      t.identity.context.features.clear();
    }
  });

  it('needs a project id', async () => {
    const owner = await as('owner');
    await owner.put(URL, { projectId: linden, links: links('contact-book') });
    for (const res of [
      await owner.put(URL, { links: links('warranty') }),
      await owner.put(URL, { projectId: '', links: links('warranty') }),
      await owner.put(URL, { projectId: null, links: links('warranty') }),
      await owner.get(URL),
      await owner.get(`${URL}?projectId=`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDN_QUICK_LINKS_PROJECT_REQUIRED',
        title: 'Project ID must be specified in order to update quick links',
      });
    }
    expect(await stored(ownerId, linden)).toEqual(['contact-book']);
  });

  it('answers 404 for a housing company the user does not belong to, and stores nothing', async () => {
    const tenant = await as('tenant');
    const tenantId = (
      await t.identity.context.db.select().from(users).where(eq(users.email, 'tenant@demo.porta.test'))
    )[0]!.id;
    const get = await tenant.get(`${URL}?projectId=${harbour}`);
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    const put = await tenant.put(URL, { projectId: harbour, links: links('contact-book') });
    expect(put.statusCode).toBe(404);
    expect(await stored(tenantId, harbour)).toBeNull();
    const unknown = await tenant.put(URL, {
      projectId: '00000000-0000-4000-8000-000000000000',
      links: links('contact-book'),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 when the role in the housing company is no longer valid', async () => {
    const userId = await addTestUser(t, {
      key: 'quick-former',
      apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
    });
    const former = await as('quick-former');
    expect((await former.get(`${URL}?projectId=${linden}`)).statusCode).toBe(200);
    await t.identity.context.db
      .update(apartmentRoles)
      .set({ validUntil: '2000-01-01' })
      .where(eq(apartmentRoles.userId, userId));
    expect((await former.get(`${URL}?projectId=${linden}`)).statusCode).toBe(404);
    expect((await former.put(URL, { projectId: linden, links: links('contact-book') })).statusCode).toBe(404);
    expect(await stored(userId, linden)).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${URL}?projectId=${linden}` })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: URL, payload: { projectId: linden, links: [] } });
    expect(put.statusCode).toBe(401);
  });
});
