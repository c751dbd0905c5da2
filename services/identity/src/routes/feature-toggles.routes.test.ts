import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { featureToggles, outbox, taxonomyTerms } from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
/** Building-taxonomy terms of the demo (Helsinki under Uusimaa; Tampere) and a term of another group. */
let terms: { uusimaa: string; helsinki: string; tampere: string; other: string };
beforeAll(async () => {
  t = await identityTestApp();
  const rows = await t.identity.context.db.select().from(taxonomyTerms);
  const id = (group: string, codename: string) =>
    rows.find((r) => r.group === group && r.codename === codename)!.id;
  terms = {
    uusimaa: id('buildingtaxonomy', 'uusimaa'),
    helsinki: id('buildingtaxonomy', 'helsinki'),
    tampere: id('buildingtaxonomy', 'tampere'),
    other: id('building_type', 'block_of_flats'),
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  // Written past the routes: the cache is told, as every writer of toggles must.
  await t.identity.context.db.delete(featureToggles);
  t.identity.context.features.clear();
});

const BASE = '/api/identity/admin/feature-toggles';

const as = (who: string) => apiClientAs(t.app, who);

function listUrl(query: Record<string, unknown> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  ).toString();
  return `${BASE}${qs ? `?${qs}` : ''}`;
}

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('feature toggles administration (admin)', () => {
  it('creates, lists, gets, replaces and deletes', async () => {
    const admin = await as('admin');
    const created = await admin.post(BASE, {
      featureId: 'project-camera',
      settings: { url: 'https://camera.example/1' },
      languages: ['fi', 'en'],
    });
    expect(created.statusCode).toBe(201);
    const toggle = created.json();
    expect(toggle).toMatchObject({
      featureId: 'project-camera',
      scope: 'global',
      active: true,
      visibleFrom: null,
      visibleUntil: null,
      languages: ['fi', 'en'],
      settings: { url: 'https://camera.example/1', navigationOrderNumber: 25 },
    });

    const second = await admin.post(BASE, {
      featureId: 'warranty',
      scope: terms.helsinki,
      active: false,
      visibleFrom: iso(-HOUR),
      visibleUntil: iso(HOUR),
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      scope: terms.helsinki,
      settings: {},
      active: false,
      languages: null,
    });

    const list = await admin.get(listUrl({ sort: ['featureId', 'DESC'], range: [0, 0] }));
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('feature-toggles 0-0/2');
    expect(list.json().map((x: { featureId: string }) => x.featureId)).toEqual(['warranty']);
    const filtered = await admin.get(listUrl({ filter: { active: true } }));
    expect(filtered.json().map((x: { id: string }) => x.id)).toEqual([toggle.id]);
    expect(filtered.headers['content-range']).toBe('feature-toggles 0-0/1');
    const many = await admin.get(listUrl({ filter: { id: [toggle.id] } }));
    expect(many.json()).toHaveLength(1);

    const one = await admin.get(`${BASE}/${toggle.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(toggle);

    const replaced = await admin.put(`${BASE}/${toggle.id}`, {
      featureId: 'project-camera',
      settings: { url: 'https://camera.example/2', navigationOrderNumber: 3 },
      active: false,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: toggle.id,
      active: false,
      languages: null,
      settings: { url: 'https://camera.example/2', navigationOrderNumber: 3 },
    });

    const deleted = await admin.delete(`${BASE}/${toggle.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await admin.get(`${BASE}/${toggle.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${BASE}/${toggle.id}`)).statusCode).toBe(404);
    expect((await admin.put(`${BASE}/${toggle.id}`, { featureId: 'faq' })).statusCode).toBe(404);
  });

  it('refuses staff (yitUser), residents and partners with 403', async () => {
    for (const who of ['staff', 'owner', 'tenant', 'partner']) {
      const c = await as(who);
      const list = await c.get(BASE);
      expect(list.statusCode, who).toBe(403);
      expect(list.json().code).toBe('FORBIDDEN');
      expect((await c.post(BASE, { featureId: 'faq' })).statusCode, who).toBe(403);
    }
  });

  it('answers 409 for a second toggle of the same feature and scope', async () => {
    const admin = await as('admin');
    expect((await admin.post(BASE, { featureId: 'faq' })).statusCode).toBe(201);
    const dup = await admin.post(BASE, { featureId: 'faq', scope: 'global' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('IDN_FEATURE_TOGGLE_EXISTS');
    // Another scope is fine; moving it onto the taken scope is not.
    const other = await admin.post(BASE, { featureId: 'faq', scope: terms.uusimaa });
    expect(other.statusCode).toBe(201);
    const move = await admin.put(`${BASE}/${other.json().id}`, { featureId: 'faq', scope: 'global' });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('IDN_FEATURE_TOGGLE_EXISTS');
  });

  it('accepts only global or a building-taxonomy term as the scope', async () => {
    const admin = await as('admin');
    const before = await t.identity.context.db.select().from(featureToggles);
    const text = await admin.post(BASE, { featureId: 'faq', scope: 'bt-helsinki' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors[0].path).toBe('body.scope');
    for (const scope of ['00000000-0000-4000-8000-000000000000', terms.other]) {
      const res = await admin.post(BASE, { featureId: 'faq', scope });
      expect(res.statusCode, scope).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IDN_FEATURE_SCOPE_UNKNOWN',
        title: 'No taxonomies found',
        errors: [{ path: 'body.scope', message: 'No building taxonomy term with this id' }],
      });
    }
    expect(await t.identity.context.db.select().from(featureToggles)).toEqual(before);
    const ok = await admin.post(BASE, { featureId: 'faq', scope: terms.helsinki });
    expect(ok.statusCode).toBe(201);
    const move = await admin.put(`${BASE}/${ok.json().id}`, { featureId: 'faq', scope: terms.other });
    expect(move.json().code).toBe('IDN_FEATURE_SCOPE_UNKNOWN');
    const filtered = await admin.get(listUrl({ filter: { scope: terms.helsinki } }));
    expect(filtered.json().map((x: { id: string }) => x.id)).toEqual([ok.json().id]);
  });

  it('publishes identity.feature-toggle.changed for every change', async () => {
    const admin = await as('admin');
    const created = (await admin.post(BASE, { featureId: 'hab', scope: terms.uusimaa })).json();
    await admin.put(`${BASE}/${created.id}`, { featureId: 'hab', scope: terms.uusimaa, active: false });
    await admin.delete(`${BASE}/${created.id}`);
    const rows = await t.identity.context.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, IDENTITY_EVENTS.featureToggleChanged));
    const mine = rows
      .map((r) => r.payload as { change: string; toggle: { id: string; active: boolean; scope: string } })
      .filter((p) => p.toggle.id === created.id);
    expect(mine.map((p) => [p.change, p.toggle.active, p.toggle.scope])).toEqual([
      ['created', true, terms.uusimaa],
      ['updated', false, terms.uusimaa],
      ['deleted', false, terms.uusimaa],
    ]);
  });

  it.each([
    ['navigationlink', { links: [{ title: 'Intranet' }] }, 'body.settings.links.0.href'],
    [
      'navigationlink',
      { links: [{ title: 'X', href: '/x', target: '_top' }] },
      'body.settings.links.0.target',
    ],
    [
      'navigationlink',
      { links: [{ title: 'X', href: '/x', language: 'de' }] },
      'body.settings.links.0.language',
    ],
    ['material-selection', { disableStudioIntegration: 'yes' }, 'body.settings.disableStudioIntegration'],
    ['project-camera', {}, 'body.settings.url'],
    ['project-camera', { url: 'u', navigationOrderNumber: 'first' }, 'body.settings.navigationOrderNumber'],
    ['one4all-bookings', { showPin: 1 }, 'body.settings.showPin'],
    ['electrolux-bookings', {}, 'body.settings.showMainNavigationLink'],
    ['consumption', { water: 'true' }, 'body.settings.water'],
    ['faq', { anything: true }, 'body.settings.anything'],
  ])('rejects invalid %s settings %j naming %s', async (featureId, settings, path) => {
    const admin = await as('admin');
    const res = await admin.post(BASE, { featureId, settings });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('accepts valid settings of every configurable feature', async () => {
    const admin = await as('admin');
    const cases: [string, object, object][] = [
      [
        'navigationlink',
        {
          links: [
            { title: 'Intranet', href: 'https://x.example', target: '_blank', language: 'fi', icon: 'link' },
          ],
        },
        {
          links: [
            { title: 'Intranet', href: 'https://x.example', target: '_blank', language: 'fi', icon: 'link' },
          ],
        },
      ],
      ['material-selection', { disableStudioIntegration: true }, { disableStudioIntegration: true }],
      [
        'one4all-bookings',
        { showPin: true, moduleId: 'm1' },
        { showPin: true, moduleId: 'm1', navigationOrderNumber: 35 },
      ],
      ['electrolux-bookings', { showMainNavigationLink: false }, { showMainNavigationLink: false }],
      ['consumption', { water: true, temperature: false }, { water: true, temperature: false }],
    ];
    for (const [featureId, settings, stored] of cases) {
      const res = await admin.post(BASE, { featureId, settings });
      expect(res.statusCode, featureId).toBe(201);
      expect(res.json().settings).toEqual(stored);
    }
  });

  it('rejects a schedule that ends before it starts, unknown features and languages', async () => {
    const admin = await as('admin');
    const backwards = await admin.post(BASE, {
      featureId: 'faq',
      visibleFrom: '2026-05-01T00:00:00Z',
      visibleUntil: '2026-04-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.visibleUntil']);
    const unknown = await admin.post(BASE, { featureId: 'teleport' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('body.featureId');
    const lang = await admin.post(BASE, { featureId: 'faq', languages: ['de'] });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().errors[0].path).toBe('body.languages.0');
    const extra = await admin.post(BASE, { featureId: 'faq', colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].path).toBe('body.colour');
  });
});

describe('GET /api/identity/features (resident)', () => {
  async function features(query = '') {
    const owner = await as('owner');
    const { hcs } = (await owner.get('/api/identity/me')).json();
    const res = await owner.get(`/api/identity/features?housingCompanyId=${hcs[0].id}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().features as Record<string, { settings: Record<string, unknown> }>;
  }

  it('has news and calendar always, and the visible global toggles with settings', async () => {
    const admin = await as('admin');
    const toggles = [
      { featureId: 'project-camera', settings: { url: 'https://cam.example' } },
      { featureId: 'faq', active: false },
      { featureId: 'warranty', visibleFrom: iso(-HOUR), visibleUntil: iso(HOUR) },
      { featureId: 'neighbours', visibleFrom: iso(HOUR) },
      { featureId: 'hab', visibleUntil: iso(-HOUR) },
      // A toggle of a building taxonomy the owner's housing company does not belong to.
      { featureId: 'documents', scope: terms.tampere },
      { featureId: 'consumption', settings: { water: true }, languages: ['fi'] },
    ];
    for (const toggle of toggles) expect((await admin.post(BASE, toggle)).statusCode).toBe(201);

    expect(await features()).toEqual({
      news: { settings: {} },
      calendar: { settings: {} },
      'project-camera': { settings: { url: 'https://cam.example', navigationOrderNumber: 25 } },
      warranty: { settings: {} },
    });
    expect(Object.keys(await features('&lang=fi')).sort()).toEqual([
      'calendar',
      'consumption',
      'news',
      'project-camera',
      'warranty',
    ]);
    expect((await features('&lang=fi')).consumption).toEqual({ settings: { water: true } });
    expect(Object.keys(await features('&lang=sv'))).not.toContain('consumption');
  });

  it('adds the toggles of the company’s building taxonomy and its parents; the nearest wins', async () => {
    // The owner's first housing company, Harbour View, is in Helsinki (under Uusimaa).
    const admin = await as('admin');
    const toggles = [
      { featureId: 'project-camera', settings: { url: 'https://global.example' } },
      { featureId: 'project-camera', scope: terms.uusimaa, settings: { url: 'https://uusimaa.example' } },
      { featureId: 'warranty', scope: terms.helsinki },
      { featureId: 'faq' },
      { featureId: 'faq', scope: terms.helsinki, active: false },
      { featureId: 'hab', scope: terms.tampere },
    ];
    for (const toggle of toggles) expect((await admin.post(BASE, toggle)).statusCode).toBe(201);
    expect(await features()).toEqual({
      news: { settings: {} },
      calendar: { settings: {} },
      'project-camera': { settings: { url: 'https://uusimaa.example', navigationOrderNumber: 25 } },
      warranty: { settings: {} },
    });
    // Without a housing company only the global toggles count.
    const owner = await as('owner');
    const global = (await owner.get('/api/identity/features')).json().features;
    expect(Object.keys(global).sort()).toEqual(['calendar', 'faq', 'news', 'project-camera']);
    expect(global['project-camera'].settings.url).toBe('https://global.example');
  });

  it('shows a change made through the admin routes at once (the cached toggles are dropped)', async () => {
    const admin = await as('admin');
    expect(Object.keys(await features())).not.toContain('faq');
    const toggle = (await admin.post(BASE, { featureId: 'faq' })).json();
    expect(Object.keys(await features())).toContain('faq');
    expect((await admin.put(`${BASE}/${toggle.id}`, { featureId: 'faq', active: false })).statusCode).toBe(
      200,
    );
    expect(Object.keys(await features())).not.toContain('faq');
    expect((await admin.post(BASE, { featureId: 'hab', scope: terms.tampere })).statusCode).toBe(201);
    expect(Object.keys(await features())).not.toContain('hab');
    // The owner's first company moved to Tampere through the housing-company admin: its toggles follow.
    const owner = await as('owner');
    const [first] = (await owner.get('/api/identity/me')).json().hcs;
    const HCS = '/api/identity/admin/housing-companies';
    const before = (await admin.get(`${HCS}/${first.id}`)).json().buildingTaxonomyTermId;
    try {
      expect(
        (await admin.put(`${HCS}/${first.id}`, { buildingTaxonomyTermId: terms.tampere })).statusCode,
      ).toBe(200);
      expect(Object.keys(await features())).toContain('hab');
    } finally {
      await admin.put(`${HCS}/${first.id}`, { buildingTaxonomyTermId: before });
    }
    expect(Object.keys(await features())).not.toContain('hab');
  });

  it('still has news and calendar with no toggles, and refuses an unknown language', async () => {
    expect(await features()).toEqual({ news: { settings: {} }, calendar: { settings: {} } });
    const owner = await as('owner');
    expect((await owner.get('/api/identity/features?lang=de')).statusCode).toBe(400);
  });
});
