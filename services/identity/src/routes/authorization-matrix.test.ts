import { randomUUID } from 'node:crypto';
import { policyTableTests } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';
import {
  PERSONAS as ALL_PERSONAS,
  pathFiller,
  type Persona as SharedPersona,
  type SignedInPersonas,
  signInPersonas,
} from '../testing/personas.js';

/**
 * The authorization matrix (issue 3): every identity route against every kind of caller, with
 * exactly the expected outcome — 401 for an anonymous caller on a non-public route, 403 for a
 * signed-in caller the route's policy refuses, and through to the handler otherwise (then a 400
 * for the empty body, a 404 for the made-up id, or a 2xx). A route added without a row here
 * fails the test. The second part checks object scope: objects of another housing company answer
 * 404, not 403 and not 200. docs/authorization.md is the readable form of this table.
 */

/** The shared personas but the content publisher, whom identity's policies do not tell apart. */
type Persona = Exclude<SharedPersona, 'publisher'>;
const PERSONAS = ALL_PERSONAS.filter((p): p is Persona => p !== 'publisher');

const SIGNED_IN = PERSONAS.filter((p) => p !== 'anonymous');
const everyone = [...PERSONAS];
const only = (...p: Persona[]) => p;
const except = (...p: Persona[]) => SIGNED_IN.filter((x) => !p.includes(x));

/** Who gets through each policy (see src/policies.ts). */
const ALLOWED = {
  public: everyone,
  self: SIGNED_IN,
  selfProfile: except('partner'),
  signatures: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager'),
  usersRead: only('admin', 'staff', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager', 'board'),
  usersManage: only('admin', 'bizadmin', 'marketing', 'project', 'manager', 'othermanager', 'board'),
  /** Deleting a user crosses housing companies: the global user managers only. */
  globalUserManagers: only('admin', 'bizadmin', 'marketing', 'project'),
  bizadmin: only('admin', 'bizadmin'),
  admin: only('admin'),
  staffArea: only(
    'admin',
    'staff',
    'bizadmin',
    'marketing',
    'project',
    'manager',
    'othermanager',
    'board',
    'partner',
  ),
  hcEditors: only('admin', 'bizadmin', 'project'),
  partnerManagers: only('admin', 'bizadmin', 'marketing', 'project'),
  partnerOwn: only('admin', 'partner', 'manager'),
} satisfies Record<string, readonly Persona[]>;

const MATRIX: Record<string, readonly Persona[]> = {
  'GET /api/identity/openapi.json': ALLOWED.public,
  'POST /api/identity/login': ALLOWED.public,
  'POST /api/identity/token/refresh': ALLOWED.public,
  'POST /api/identity/logout': ALLOWED.public,
  'GET /api/identity/.well-known/jwks.json': ALLOWED.public,
  'GET /api/identity/login-options': ALLOWED.public,
  'GET /api/identity/oidc/b2c/start': ALLOWED.public,
  'POST /api/identity/oidc/b2c/token': ALLOWED.public,
  'POST /api/identity/email-change/:userId/:code': ALLOWED.public,
  'GET /api/identity/first-login/:token': ALLOWED.public,
  'POST /api/identity/first-login/:token': ALLOWED.public,
  // Oneself
  'GET /api/identity/me': ALLOWED.self,
  'PUT /api/identity/me/housing-company': ALLOWED.self,
  'GET /api/identity/features': ALLOWED.self,
  'PUT /api/identity/me/profile': ALLOWED.selfProfile,
  'POST /api/identity/me/register': ALLOWED.self,
  'POST /api/identity/me/deactivate': ALLOWED.self,
  'POST /api/identity/me/dialogs': ALLOWED.self,
  'POST /api/identity/me/tasks/:taskId/status/:done': ALLOWED.self,
  'POST /api/identity/me/email-change': ALLOWED.self,
  'POST /api/identity/me/password': ALLOWED.self,
  'GET /api/identity/me/gdpr-report': ALLOWED.self,
  'GET /api/identity/me/quick-links': ALLOWED.self,
  'PUT /api/identity/me/quick-links': ALLOWED.self,
  'GET /api/identity/bans/me': ALLOWED.self,
  'GET /api/identity/me/signatures': ALLOWED.signatures,
  'POST /api/identity/me/signatures': ALLOWED.signatures,
  'PUT /api/identity/me/signatures/:id': ALLOWED.signatures,
  'DELETE /api/identity/me/signatures/:id': ALLOWED.signatures,
  // Users and roles
  'GET /api/identity/admin/users': ALLOWED.usersRead,
  'GET /api/identity/admin/users/:id': ALLOWED.usersRead,
  'GET /api/identity/admin/users/:id/roles': ALLOWED.usersRead,
  'GET /api/identity/admin/users/:id/apartment-roles': ALLOWED.usersRead,
  'GET /api/identity/admin/apartments/:id/residents': ALLOWED.usersRead,
  'GET /api/identity/admin/apartments/:id/scheduled-changes': ALLOWED.usersRead,
  'GET /api/identity/admin/users/:id/bans': ALLOWED.usersRead,
  'GET /api/identity/admin/housing-companies/:id/bans': ALLOWED.usersRead,
  'POST /api/identity/admin/users': ALLOWED.usersManage,
  'PUT /api/identity/admin/users/:id': ALLOWED.usersManage,
  'POST /api/identity/admin/users/:id/deactivate': ALLOWED.usersManage,
  'POST /api/identity/admin/users/:id/activate': ALLOWED.usersManage,
  'POST /api/identity/admin/users/:id/invitation': ALLOWED.usersManage,
  'GET /api/identity/admin/housing-companies/:id/registration': ALLOWED.usersManage,
  'POST /api/identity/admin/housing-companies/:id/registration-reminders': ALLOWED.usersManage,
  'POST /api/identity/admin/users/:id/password': ALLOWED.usersManage,
  'DELETE /api/identity/admin/users/:id': ALLOWED.globalUserManagers,
  'POST /api/identity/admin/users/:id/apartment-roles': ALLOWED.usersManage,
  'DELETE /api/identity/admin/users/:id/apartment-roles/:apartmentId/:role': ALLOWED.usersManage,
  'POST /api/identity/admin/users/:id/housing-company-roles': ALLOWED.usersManage,
  'DELETE /api/identity/admin/users/:id/housing-company-roles/:housingCompanyId/:role': ALLOWED.usersManage,
  'POST /api/identity/admin/apartments/:id/scheduled-changes': ALLOWED.usersManage,
  'DELETE /api/identity/admin/scheduled-changes/:id': ALLOWED.usersManage,
  'PUT /api/identity/admin/users/:id/global-roles': ALLOWED.admin,
  'GET /api/identity/admin/users/:id/gdpr-report': ALLOWED.bizadmin,
  'POST /api/identity/admin/users/:id/bans': ALLOWED.bizadmin,
  'DELETE /api/identity/admin/users/:id/bans/:banId': ALLOWED.bizadmin,
  // Feature toggles
  'GET /api/identity/admin/feature-toggles': ALLOWED.admin,
  'GET /api/identity/admin/feature-toggles/:id': ALLOWED.admin,
  'POST /api/identity/admin/feature-toggles': ALLOWED.admin,
  'PUT /api/identity/admin/feature-toggles/:id': ALLOWED.admin,
  'DELETE /api/identity/admin/feature-toggles/:id': ALLOWED.admin,
  // Housing companies and apartments
  'GET /api/identity/admin/housing-companies': ALLOWED.staffArea,
  'GET /api/identity/admin/housing-companies/:id': ALLOWED.staffArea,
  'GET /api/identity/admin/housing-companies/:id/features': ALLOWED.staffArea,
  'GET /api/identity/admin/housing-companies/:id/partners': ALLOWED.staffArea,
  'GET /api/identity/admin/apartments': ALLOWED.staffArea,
  'GET /api/identity/admin/apartments/:id': ALLOWED.staffArea,
  'POST /api/identity/admin/housing-companies': ALLOWED.hcEditors,
  'PUT /api/identity/admin/housing-companies/:id': ALLOWED.hcEditors,
  'POST /api/identity/admin/apartments': ALLOWED.hcEditors,
  'PUT /api/identity/admin/apartments/:id': ALLOWED.hcEditors,
  'PUT /api/identity/admin/housing-companies/:id/partners/:type': ALLOWED.partnerManagers,
  'DELETE /api/identity/admin/housing-companies/:id/partners/:type/:partnerCompanyId':
    ALLOWED.partnerManagers,
  // Partner companies
  'GET /api/identity/admin/partner-companies': ALLOWED.staffArea,
  'GET /api/identity/admin/partner-companies/:id': ALLOWED.staffArea,
  'GET /api/identity/admin/partner-companies/:id/users': ALLOWED.staffArea,
  'POST /api/identity/admin/partner-companies': ALLOWED.partnerManagers,
  'PUT /api/identity/admin/partner-companies/:id': ALLOWED.partnerManagers,
  'DELETE /api/identity/admin/partner-companies/:id': ALLOWED.partnerManagers,
  'POST /api/identity/admin/partner-companies/:id/users': ALLOWED.partnerManagers,
  'DELETE /api/identity/admin/partner-companies/:id/users/:userId': ALLOWED.partnerManagers,
  'POST /api/identity/admin/partner-companies/:id/area-proposal/approve': ALLOWED.partnerManagers,
  'DELETE /api/identity/admin/partner-companies/:id/area-proposal': ALLOWED.partnerManagers,
  'GET /api/identity/partner/company': ALLOWED.partnerOwn,
  'PUT /api/identity/partner/company': ALLOWED.partnerOwn,
  'GET /api/identity/partner/housing-companies': ALLOWED.partnerOwn,
  // Taxonomy
  'GET /api/identity/taxonomy/:group': ALLOWED.self,
  'GET /api/identity/admin/taxonomy-terms': ALLOWED.self,
  'GET /api/identity/admin/taxonomy-terms/:id': ALLOWED.self,
  'POST /api/identity/admin/taxonomy-terms': ALLOWED.admin,
  'PUT /api/identity/admin/taxonomy-terms/:id': ALLOWED.admin,
  'DELETE /api/identity/admin/taxonomy-terms/:id': ALLOWED.admin,
};

/** Placeholder values for path parameters: well-formed, pointing at nothing. */
const PARAMS: Record<string, () => string> = {
  id: randomUUID,
  userId: randomUUID,
  apartmentId: randomUUID,
  housingCompanyId: randomUUID,
  partnerCompanyId: randomUUID,
  banId: randomUUID,
  role: () => 'familyMember',
  type: () => 'PropertyManager',
  group: () => 'buildingtaxonomy',
  taskId: () => 'matrix-task',
  done: () => 'true',
  token: () => 'not-a-real-token',
  code: () => 'not-a-real-code',
};

const fillPath = pathFiller(PARAMS);

let t: IdentityTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await identityTestApp();
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const auth = (persona: Persona) => personas.headers(persona);

describe('authorization matrix', () => {
  policyTableTests({
    service: 'identity',
    matrix: MATRIX,
    check: () => ({
      app: t.app,
      personas: PERSONAS,
      anonymous: 'anonymous',
      headers: auth,
      fillPath: fillPath,
      // Signing out with a bearer token ends that session: sign everyone in again.
      afterRoute: async (route) => {
        if (route === 'POST /api/identity/logout') await personas.signInAgain();
      },
    }),
  });
});

describe('objects of another housing company answer 404', () => {
  async function get(persona: Persona, url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: auth(persona) });
    return res;
  }
  async function idOf(kind: 'users' | 'housing-companies' | 'apartments', q: string): Promise<string> {
    const res = await get(
      'admin',
      `/api/identity/admin/${kind}?filter=${encodeURIComponent(JSON.stringify({ q }))}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string }[];
    expect(rows.length).toBeGreaterThan(0);
    return rows[0]!.id;
  }

  it('keeps staff-app objects of other housing companies out of a manager’s reach', async () => {
    const owner = await idOf('users', 'owner@demo.porta.test');
    const tenant = await idOf('users', 'tenant@demo.porta.test');
    const neighbour = await idOf('users', 'neighbour@demo.porta.test');
    const linden = await idOf('housing-companies', 'Linden');
    const birch = await idOf('housing-companies', 'Birch');
    const b12 = await idOf('apartments', 'B 12');

    const cases: { persona: Persona; method: 'GET' | 'PUT' | 'POST'; url: string; payload?: unknown }[] = [
      { persona: 'othermanager', method: 'GET', url: `/api/identity/admin/users/${owner}` },
      { persona: 'othermanager', method: 'GET', url: `/api/identity/admin/users/${owner}/roles` },
      { persona: 'othermanager', method: 'GET', url: `/api/identity/admin/users/${tenant}/bans` },
      {
        persona: 'othermanager',
        method: 'PUT',
        url: `/api/identity/admin/users/${tenant}`,
        payload: { firstName: 'X' },
      },
      {
        persona: 'othermanager',
        method: 'POST',
        url: `/api/identity/admin/users/${tenant}/apartment-roles`,
        payload: { apartmentId: b12, role: 'familyMember' },
      },
      {
        persona: 'othermanager',
        method: 'POST',
        url: `/api/identity/admin/users/${tenant}/invitation`,
        payload: {},
      },
      {
        persona: 'othermanager',
        method: 'POST',
        url: `/api/identity/admin/users/${tenant}/password`,
        payload: { newPassword: 'Vaahtera!Kuja7Z' },
      },
      { persona: 'othermanager', method: 'GET', url: `/api/identity/admin/housing-companies/${linden}` },
      {
        persona: 'othermanager',
        method: 'GET',
        url: `/api/identity/admin/housing-companies/${linden}/registration`,
      },
      {
        persona: 'othermanager',
        method: 'POST',
        url: `/api/identity/admin/housing-companies/${linden}/registration-reminders`,
        payload: {},
      },
      {
        persona: 'othermanager',
        method: 'GET',
        url: `/api/identity/admin/housing-companies/${linden}/partners`,
      },
      {
        persona: 'othermanager',
        method: 'GET',
        url: `/api/identity/admin/housing-companies/${linden}/bans`,
      },
      { persona: 'othermanager', method: 'GET', url: `/api/identity/admin/apartments/${b12}` },
      {
        persona: 'othermanager',
        method: 'GET',
        url: `/api/identity/admin/apartments/${b12}/scheduled-changes`,
      },
      { persona: 'manager', method: 'GET', url: `/api/identity/admin/users/${neighbour}` },
      { persona: 'board', method: 'GET', url: `/api/identity/admin/users/${neighbour}` },
      { persona: 'partner', method: 'GET', url: `/api/identity/admin/housing-companies/${birch}` },
      {
        persona: 'neighbour',
        method: 'PUT',
        url: '/api/identity/me/housing-company',
        payload: { housingCompanyId: linden },
      },
      { persona: 'neighbour', method: 'GET', url: `/api/identity/me/quick-links?projectId=${linden}` },
      {
        persona: 'neighbour',
        method: 'PUT',
        url: '/api/identity/me/quick-links',
        payload: { projectId: linden, links: [{ moduleId: 'contact-book' }] },
      },
      {
        persona: 'neighbour',
        method: 'POST',
        url: '/api/identity/me/dialogs',
        payload: { id: 'welcome-to-plus-dialog', projectId: linden },
      },
      { persona: 'neighbour', method: 'GET', url: `/api/identity/features?housingCompanyId=${linden}` },
    ];
    const wrong: string[] = [];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: auth(c.persona),
        ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
      });
      if (res.statusCode !== 404)
        wrong.push(`${c.method} ${c.url} as ${c.persona}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps a partner who widens its own operational area out of the companies staff did not grant', async () => {
    const birch = await idOf('housing-companies', 'Birch');
    const c1 = await idOf('apartments', 'C 1');
    const company = (await get('admin', `/api/identity/admin/housing-companies/${birch}`)).json();
    // The partner edits its area to cover Birch Hill by its zip code and its building taxonomy.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/partner/company',
      headers: auth('partner'),
      payload: {
        operationalAreaZips: [company.addressZip],
        operationalAreaTaxonomies: [company.buildingTaxonomyTermId],
      },
    });
    expect(edit.statusCode).toBe(200);
    const wrong: string[] = [];
    for (const url of [
      `/api/identity/admin/housing-companies/${birch}`,
      `/api/identity/admin/housing-companies/${birch}/partners`,
      `/api/identity/admin/apartments/${c1}`,
    ]) {
      const res = await get('partner', url);
      if (res.statusCode !== 404) wrong.push(`GET ${url}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    for (const url of ['/api/identity/admin/housing-companies', '/api/identity/partner/housing-companies']) {
      const ids = ((await get('partner', url)).json() as { id: string }[]).map((h) => h.id);
      expect(ids, url).not.toContain(birch);
    }
    const apartments = await get(
      'partner',
      `/api/identity/admin/apartments?filter=${encodeURIComponent(JSON.stringify({ housingCompanyId: birch }))}`,
    );
    expect(apartments.json()).toEqual([]);
    // Staff dismiss the proposal: nothing of it stays.
    const partnerCompanyId = edit.json().id;
    const dismiss = await t.app.inject({
      method: 'DELETE',
      url: `/api/identity/admin/partner-companies/${partnerCompanyId}/area-proposal`,
      headers: auth('admin'),
    });
    expect(dismiss.statusCode).toBe(204);
  });

  it('lists only the users and housing companies in the caller’s reach', async () => {
    const users = await get('othermanager', '/api/identity/admin/users?range=[0,99]');
    expect(users.statusCode).toBe(200);
    const emails = (users.json() as { email: string }[]).map((u) => u.email);
    expect(emails).toContain('neighbour@demo.porta.test');
    expect(emails).not.toContain('owner@demo.porta.test');
    expect(emails).not.toContain('tenant@demo.porta.test');
    const hcs = await get('othermanager', '/api/identity/admin/housing-companies?range=[0,99]');
    expect((hcs.json() as { name: string }[]).map((h) => h.name)).toEqual(['As Oy Demo Birch Hill']);
  });
});
