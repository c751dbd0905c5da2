import { MemoryBus } from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureToggles, housingCompanies, taxonomyTerms } from '../db/schema.js';
import { type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';
import {
  FeatureCache,
  featuresFrom,
  housingCompanyFeatureScopes,
  isToggleVisible,
  isUniqueViolation,
  userFeatures,
} from './features.js';

const now = new Date('2026-06-01T12:00:00Z');
const base = { active: true, visibleFrom: null, visibleUntil: null, languages: null };

describe('isToggleVisible', () => {
  it('needs the toggle active', () => {
    expect(isToggleVisible(base, now, 'en')).toBe(true);
    expect(isToggleVisible({ ...base, active: false }, now, 'en')).toBe(false);
  });

  it('honours the schedule: from inclusive, until exclusive', () => {
    expect(isToggleVisible({ ...base, visibleFrom: now }, now, 'en')).toBe(true);
    expect(isToggleVisible({ ...base, visibleFrom: new Date('2026-06-02T00:00:00Z') }, now, 'en')).toBe(
      false,
    );
    expect(isToggleVisible({ ...base, visibleUntil: now }, now, 'en')).toBe(false);
    expect(isToggleVisible({ ...base, visibleUntil: new Date('2026-06-02T00:00:00Z') }, now, 'en')).toBe(
      true,
    );
  });

  it('honours the language restriction; none or empty means every language', () => {
    expect(isToggleVisible({ ...base, languages: ['fi', 'sv'] }, now, 'sv')).toBe(true);
    expect(isToggleVisible({ ...base, languages: ['fi', 'sv'] }, now, 'en')).toBe(false);
    expect(isToggleVisible({ ...base, languages: [] }, now, 'en')).toBe(true);
  });
});

describe('isUniqueViolation', () => {
  it('finds 23505 however deep the driver wraps it', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('userFeatures with building taxonomies (global, then the nearest term wins)', () => {
  let t: IdentityTestApp;
  let db: IdentityTestApp['identity']['context']['db'];
  /**
   * Finland > Uusimaa > Helsinki and Espoo (the demo's regions, with Finland added above Uusimaa):
   * Linden Court is in Espoo, Harbour View in Helsinki; Birch Hill is given no term.
   */
  let finland: string;
  let uusimaa: string;
  let helsinki: string;
  let espoo: string;
  let linden: string;
  let harbour: string;
  let birch: string;

  beforeAll(async () => {
    t = await identityTestApp();
    db = t.identity.context.db;
    const terms = await db.select().from(taxonomyTerms).where(eq(taxonomyTerms.group, 'buildingtaxonomy'));
    const term = (codename: string) => terms.find((r) => r.codename === codename)!.id;
    [uusimaa, helsinki, espoo] = [term('uusimaa'), term('helsinki'), term('espoo')];
    const [fi] = await db
      .insert(taxonomyTerms)
      .values({ group: 'buildingtaxonomy', codename: 'finland', name: 'Finland' })
      .returning();
    finland = fi!.id;
    await db.update(taxonomyTerms).set({ parentId: finland }).where(eq(taxonomyTerms.id, uusimaa));
    const companies = await db.select().from(housingCompanies);
    const company = (hcExt: string) => companies.find((c) => c.hcExt === hcExt)!.id;
    [harbour, linden, birch] = [company('DEMO-1000'), company('DEMO-2000'), company('DEMO-3000')];
    await db
      .update(housingCompanies)
      .set({ buildingTaxonomyTermId: null })
      .where(eq(housingCompanies.id, birch));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db.delete(featureToggles);
  });

  const toggle = (values: Partial<typeof featureToggles.$inferInsert> & { featureId: string }) =>
    db.insert(featureToggles).values(values);
  const features = async (housingCompanyId: string | undefined, language: 'en' | 'fi' = 'en', at = now) =>
    (await userFeatures(featuresFrom(db), { language, housingCompanyId, now: at })).features;

  it('lists the scopes of a company nearest first, ending with global', async () => {
    expect(await housingCompanyFeatureScopes(db, linden)).toEqual([espoo, uusimaa, finland, 'global']);
    expect(await housingCompanyFeatureScopes(db, harbour)).toEqual([helsinki, uusimaa, finland, 'global']);
    expect(await housingCompanyFeatureScopes(db, birch)).toEqual(['global']);
    expect(await housingCompanyFeatureScopes(db, '00000000-0000-4000-8000-000000000000')).toEqual(['global']);
  });

  it('adds the toggles of the company’s term and its ancestors to the global ones', async () => {
    await toggle({ featureId: 'faq' });
    await toggle({ featureId: 'warranty', scope: finland });
    await toggle({ featureId: 'hab', scope: espoo });
    expect(Object.keys(await features(linden)).sort()).toEqual([
      'calendar',
      'faq',
      'hab',
      'news',
      'warranty',
    ]);
    expect(Object.keys(await features(harbour)).sort()).toEqual(['calendar', 'faq', 'news', 'warranty']);
    expect(Object.keys(await features(birch)).sort()).toEqual(['calendar', 'faq', 'news']);
    expect(Object.keys(await features(undefined)).sort()).toEqual(['calendar', 'faq', 'news']);
  });

  it('takes the settings of the nearest toggle, and lets a term switch a global feature off', async () => {
    await toggle({ featureId: 'project-camera', settings: { url: 'global' } });
    await toggle({ featureId: 'project-camera', scope: finland, settings: { url: 'finland' } });
    await toggle({
      featureId: 'project-camera',
      scope: uusimaa,
      settings: { url: 'uusimaa', navigationOrderNumber: 7 },
    });
    await toggle({ featureId: 'faq' });
    await toggle({ featureId: 'faq', scope: uusimaa, active: false });
    const lindenFeatures = await features(linden);
    expect(lindenFeatures['project-camera']).toEqual({
      settings: { url: 'uusimaa', navigationOrderNumber: 7 },
    });
    expect(lindenFeatures.faq).toBeUndefined();
    const birchFeatures = await features(birch);
    expect(birchFeatures['project-camera']).toEqual({
      settings: { url: 'global', navigationOrderNumber: 25 },
    });
    expect(birchFeatures.faq).toEqual({ settings: {} });
  });

  it('falls back to a farther scope while the nearest toggle is out of its schedule or language', async () => {
    const later = new Date(now.getTime() + 86_400_000);
    await toggle({ featureId: 'project-camera', settings: { url: 'global' } });
    await toggle({
      featureId: 'project-camera',
      scope: espoo,
      settings: { url: 'espoo' },
      visibleFrom: later,
      languages: ['en'],
    });
    expect((await features(linden))['project-camera']!.settings.url).toBe('global');
    expect((await features(linden, 'en', later))['project-camera']!.settings.url).toBe('espoo');
    expect((await features(linden, 'fi', later))['project-camera']!.settings.url).toBe('global');
  });

  it('keeps news and calendar on whatever the toggles say', async () => {
    await toggle({ featureId: 'news', active: false });
    await toggle({ featureId: 'calendar', scope: espoo, active: false });
    expect(await features(linden)).toEqual({ news: { settings: {} }, calendar: { settings: {} } });
  });

  it('still answers the scopes given without a housing company (the older call)', async () => {
    await toggle({ featureId: 'faq', scope: finland });
    await toggle({ featureId: 'hab' });
    const byScopes = await userFeatures(featuresFrom(db), {
      language: 'en',
      scopes: [finland, 'global'],
      now,
    });
    expect(Object.keys(byScopes.features).sort()).toEqual(['calendar', 'faq', 'hab', 'news']);
    const globalOnly = await userFeatures(featuresFrom(db), { language: 'en', scopes: ['global'], now });
    expect(Object.keys(globalOnly.features).sort()).toEqual(['calendar', 'hab', 'news']);
  });
  describe('FeatureCache', () => {
    const onIn = async (cache: FeatureCache, hc: string) =>
      Object.keys((await userFeatures(cache, { language: 'en', housingCompanyId: hc, now })).features).sort();

    it('answers as the database does, and keeps its answer until told of a change', async () => {
      const cache = new FeatureCache(db);
      await toggle({ featureId: 'faq', scope: espoo });
      expect(await onIn(cache, linden)).toEqual(['calendar', 'faq', 'news']);
      // Written past the cache: not seen yet…
      await toggle({ featureId: 'hab' });
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: helsinki })
        .where(eq(housingCompanies.id, birch));
      expect(await onIn(cache, linden)).toEqual(['calendar', 'faq', 'news']);
      expect(await onIn(cache, birch)).toEqual(['calendar', 'news']);
      // …until the writer says so: then the toggles and the company's scopes are read again.
      cache.clear();
      expect(await onIn(cache, linden)).toEqual(['calendar', 'faq', 'hab', 'news']);
      expect(await cache.scopesOf(birch)).toEqual([helsinki, uusimaa, finland, 'global']);
      expect(await onIn(cache, linden)).toEqual(await onIn(new FeatureCache(db), linden));
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: null })
        .where(eq(housingCompanies.id, birch));
    });

    it('reads an entry again once it is older than its time to live', async () => {
      let clock = 0;
      const cache = new FeatureCache(db, { ttlMs: 1_000, clock: () => clock });
      expect(await onIn(cache, linden)).toEqual(['calendar', 'news']);
      await toggle({ featureId: 'faq' });
      clock = 999;
      expect(await onIn(cache, linden)).toEqual(['calendar', 'news']);
      clock = 1_000;
      expect(await onIn(cache, linden)).toEqual(['calendar', 'faq', 'news']);
    });

    it("forgets in every process on identity's feature events, and not on others", async () => {
      const bus = new MemoryBus();
      const [here, there] = [new FeatureCache(db), new FeatureCache(db)];
      // Two processes: one durable consumer hands each event to one of them, both forget.
      const listening = [await here.forgetOnChanges(bus), await there.forgetOnChanges(bus)];
      try {
        for (const cache of [here, there]) expect(await onIn(cache, linden)).toEqual(['calendar', 'news']);
        await toggle({ featureId: 'faq' });
        await bus.publish('identity.user.created.v1', { id: 'u' }, { msgId: 'not-features' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await onIn(there, linden)).toEqual(['calendar', 'news']);
        await bus.publish('identity.feature-toggle.changed.v1', { change: 'created' }, { msgId: 'toggle-1' });
        for (const cache of [here, there]) {
          await vi.waitFor(async () =>
            expect(await onIn(cache, linden)).toEqual(['calendar', 'faq', 'news']),
          );
        }
      } finally {
        for (const l of listening) await l.stop();
        await bus.close();
      }
    });
  });
});
