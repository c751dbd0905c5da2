import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialogReads,
  featureToggles,
  housingCompanies,
  outbox,
  sessions,
  taskStatuses,
  taxonomyTerms,
  users,
} from '../db/schema.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import {
  addTestUser,
  apiClientAs,
  type IdentityTestApp,
  identityTestApp,
  loginAs,
} from '../testing/identity-app.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await identityTestApp();
});
afterAll(() => t.close());

const as = (who: string) => apiClientAs(t.app, who);

const anonymous = {
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload }),
  post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload }),
};

async function userRow(id: string) {
  return (await t.identity.context.db.select().from(users).where(eq(users.id, id)))[0]!;
}

async function eventsFor(subject: string, userId: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>).filter((p) => p.userId === userId);
}

describe('GET /api/identity/me', () => {
  it('answers the user, housing companies with derived state, apartments and roles', async () => {
    const owner = await as('owner');
    const res = await owner.get('/api/identity/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.user).toMatchObject({
      email: 'owner@demo.porta.test',
      firstName: 'Olivia',
      registered: true,
      roles: [],
    });
    expect(me.issuer).toBe('portal');
    const [construction, living] = me.hcs;
    expect(construction).toMatchObject({
      isDemo: true,
      state: 'construction',
      apts: [{ no: 'A 1', roles: ['owner'] }],
    });
    expect(living).toMatchObject({
      isDemo: false,
      state: 'living',
      apts: [{ no: 'B 12', roles: ['owner'] }],
    });
    expect(me.selectedHousingCompanyId).toBeNull();
  });

  it('shows housing-company roles and partner companies', async () => {
    const board = (await (await as('board')).get('/api/identity/me')).json();
    expect(board.hcs).toHaveLength(1);
    expect(board.hcs[0]).toMatchObject({ roles: ['boardMember'], apts: [{ no: 'B 14', roles: ['owner'] }] });
    const partner = (await (await as('partner')).get('/api/identity/me')).json();
    expect(partner.user).toMatchObject({ isBusinessPartner: true, roles: ['partner'] });
    expect(partner.user.partnerCompanies).toEqual([
      expect.objectContaining({ name: 'Demo Kitchen Partners Oy' }),
    ]);
  });
});

describe('selecting a housing company', () => {
  it('stores the selection with the first apartment when none is named', async () => {
    const owner = await as('owner');
    const { hcs } = (await owner.get('/api/identity/me')).json();
    const res = await owner.put('/api/identity/me/housing-company', { housingCompanyId: hcs[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      selectedHousingCompanyId: hcs[1].id,
      selectedApartmentId: hcs[1].apts[0].id,
    });
    expect((await owner.get('/api/identity/me')).json().selectedHousingCompanyId).toBe(hcs[1].id);
  });

  it('answers 404 for a housing company or apartment the user does not belong to', async () => {
    const owner = await as('owner');
    const tenant = await as('tenant');
    const ownerMe = (await owner.get('/api/identity/me')).json();
    const tenantMe = (await tenant.get('/api/identity/me')).json();
    const construction = ownerMe.hcs.find((h: { isDemo: boolean }) => h.isDemo);
    const res = await tenant.put('/api/identity/me/housing-company', { housingCompanyId: construction.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'IDN_HOUSING_COMPANY_NOT_FOUND',
      title: 'Housing company could not be retrieved',
    });
    // The tenant's own housing company, but the owner's apartment in it.
    const own = tenantMe.hcs[0];
    const otherApartment = ownerMe.hcs.find((h: { id: string }) => h.id === own.id).apts[0].id;
    const apt = await tenant.put('/api/identity/me/housing-company', {
      housingCompanyId: own.id,
      apartmentId: otherApartment,
    });
    expect(apt.statusCode).toBe(404);
  });

  it('validates the body', async () => {
    const owner = await as('owner');
    const res = await owner.put('/api/identity/me/housing-company', { housingCompanyId: 'not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body.housingCompanyId');
  });
});

describe('GET /api/identity/features', () => {
  it('always has news and calendar', async () => {
    const owner = await as('owner');
    const { hcs } = (await owner.get('/api/identity/me')).json();
    const res = await owner.get(`/api/identity/features?housingCompanyId=${hcs[0].id}`);
    expect(res.json()).toEqual({ features: { news: { settings: {} }, calendar: { settings: {} } } });
  });

  it("adds the toggles of the housing company's building taxonomy", async () => {
    const { db } = t.identity.context;
    const owner = await as('owner');
    const [harbour, linden] = (await owner.get('/api/identity/me')).json().hcs;
    const [term] = await db
      .insert(taxonomyTerms)
      .values({ group: 'buildingtaxonomy', codename: 'me-features-area', name: 'Area' })
      .returning();
    await db
      .update(housingCompanies)
      .set({ buildingTaxonomyTermId: term!.id })
      .where(eq(housingCompanies.id, linden.id));
    await db.insert(featureToggles).values({ featureId: 'warranty', scope: term!.id });
    t.identity.context.features.clear();
    try {
      const there = (await owner.get(`/api/identity/features?housingCompanyId=${linden.id}`)).json();
      expect(Object.keys(there.features)).toContain('warranty');
      const elsewhere = (await owner.get(`/api/identity/features?housingCompanyId=${harbour.id}`)).json();
      expect(Object.keys(elsewhere.features)).not.toContain('warranty');
    } finally {
      await db.delete(featureToggles).where(eq(featureToggles.scope, term!.id));
      await db
        .update(housingCompanies)
        .set({ buildingTaxonomyTermId: null })
        .where(eq(housingCompanies.id, linden.id));
      t.identity.context.features.clear();
    }
  });

  it('answers 404 for a housing company of someone else', async () => {
    const owner = await as('owner');
    const tenant = await as('tenant');
    const construction = (await owner.get('/api/identity/me')).json().hcs[0];
    expect((await tenant.get(`/api/identity/features?housingCompanyId=${construction.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/identity/me: self-service fields', () => {
  it('answers phone, gender, quick links, markers and whether signatures are offered', async () => {
    await addTestUser(t, { key: 'fresh' });
    const fresh = (await (await as('fresh')).get('/api/identity/me')).json();
    expect(fresh.user).toMatchObject({
      phone: null,
      male: null,
      quickLinks: { projectId: null, links: [] },
      dialogs: [],
      tasks: [],
      canManageSignatures: false,
    });
    for (const who of ['manager', 'staff', 'admin']) {
      const me = (await (await as(who)).get('/api/identity/me')).json();
      expect(me.user.canManageSignatures, who).toBe(true);
    }
    for (const who of ['owner', 'board', 'partner']) {
      const me = (await (await as(who)).get('/api/identity/me')).json();
      expect(me.user.canManageSignatures, who).toBe(false);
    }
  });
});

describe('PUT /api/identity/me/profile', () => {
  const URL = '/api/identity/me/profile';

  it('updates the own profile, answers the user part of /me and emits user.updated', async () => {
    const userId = await addTestUser(t, { key: 'profiled' });
    const res = await (await as('profiled')).put(URL, {
      firstName: ' Pia ',
      lastName: 'Profile',
      phone: '+358 40 123 4567',
      locale: 'sv_FI',
      publicProfile: false,
      male: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: userId,
      firstName: 'Pia',
      lastName: 'Profile',
      phone: '+358 40 123 4567',
      locale: 'sv_FI',
      publicProfile: false,
      male: false,
      email: 'profiled@demo.porta.test',
    });
    expect(await userRow(userId)).toMatchObject({ firstName: 'Pia', phone: '+358 40 123 4567', male: false });
    expect(await eventsFor(IDENTITY_EVENTS.userUpdated, userId)).toEqual([
      expect.objectContaining({ firstName: 'Pia', locale: 'sv_FI' }),
    ]);
    // Optional fields left out stay; an empty phone clears it.
    const cleared = await (await as('profiled')).put(URL, {
      firstName: 'Pia',
      lastName: 'Profile',
      phone: '',
    });
    expect(cleared.json()).toMatchObject({ phone: null, locale: 'sv_FI', male: false });
  });

  it('rejects bad input and e-mail changes, storing nothing', async () => {
    const userId = await addTestUser(t, { key: 'steady' });
    const steady = await as('steady');
    const before = await userRow(userId);
    for (const body of [
      { lastName: 'Only' },
      { firstName: '', lastName: 'Empty' },
      { firstName: 'x'.repeat(51), lastName: 'Long' },
      { firstName: 'Locale', lastName: 'Bad', locale: 'xx_XX' },
      { firstName: 'Mail', lastName: 'Change', email: 'other@example.test' },
      { firstName: 'Male', lastName: 'Text', male: 'yes' },
    ]) {
      const res = await steady.put(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await userRow(userId)).toEqual(before);
  });

  it('is not for partner-only users (403) and needs a token (401)', async () => {
    const partner = await as('partner');
    const res = await partner.put(URL, { firstName: 'Changed', lastName: 'Partner' });
    expect(res.statusCode).toBe(403);
    expect((await partner.get('/api/identity/me')).json().user.firstName).toBe('Paula');
    expect((await anonymous.put(URL, { firstName: 'A', lastName: 'B' })).statusCode).toBe(401);
  });
});

describe('POST /api/identity/me/register', () => {
  const URL = '/api/identity/me/register';

  it('registers a signed-in user once, with the terms accepted', async () => {
    const userId = await addTestUser(t, { key: 'newcomer', registered: false });
    const newcomer = await as('newcomer');
    const before = await userRow(userId);
    for (const body of [
      { locale: 'fi_FI', publicProfile: true, acceptTerms: false },
      { locale: 'fi_FI', publicProfile: true },
      { locale: 'fi_FI', acceptTerms: true },
      { locale: 'xx', publicProfile: true, acceptTerms: true },
    ]) {
      const res = await newcomer.post(URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await userRow(userId)).toEqual(before);

    const res = await newcomer.post(URL, {
      locale: 'fi_FI',
      phoneNumber: '040 555 0101',
      male: true,
      publicProfile: true,
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      registered: true,
      locale: 'fi_FI',
      phone: '040 555 0101',
      male: true,
      publicProfile: true,
    });
    const row = await userRow(userId);
    expect(row.registered).toBe(true);
    expect(row.registeredAt).toBeInstanceOf(Date);
    expect(await eventsFor(IDENTITY_EVENTS.userUpdated, userId)).toEqual([
      expect.objectContaining({ registered: true }),
    ]);

    const again = await newcomer.post(URL, { locale: 'en_US', publicProfile: false, acceptTerms: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('IDN_ALREADY_REGISTERED');
    expect((await userRow(userId)).locale).toBe('fi_FI');
  });

  it('needs a token (401)', async () => {
    const res = await anonymous.post(URL, { locale: 'fi_FI', publicProfile: true, acceptTerms: true });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/identity/me/deactivate', () => {
  const URL = '/api/identity/me/deactivate';

  it('needs the confirmation', async () => {
    const userId = await addTestUser(t, { key: 'hesitant' });
    const hesitant = await as('hesitant');
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      expect((await hesitant.post(URL, body)).statusCode).toBe(400);
    }
    expect((await userRow(userId)).enabled).toBe(true);
    expect((await hesitant.get('/api/identity/me')).statusCode).toBe(200);
  });

  it('deactivates the account, ends every session and emits user.deactivated', async () => {
    const userId = await addTestUser(t, { key: 'leaving' });
    const other = await loginAs(t.app, 'leaving');
    const leaving = await as('leaving');
    expect((await leaving.post(URL, { confirm: true })).statusCode).toBe(204);
    const row = await userRow(userId);
    expect(row.enabled).toBe(false);
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    const open = (
      await t.identity.context.db.select().from(sessions).where(eq(sessions.userId, userId))
    ).filter((s) => s.revokedAt === null);
    expect(open).toEqual([]);
    expect((await leaving.get('/api/identity/me')).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/identity/token/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'leaving@demo.porta.test', password: 'Demo-Portal-2026' },
    });
    expect(login.json().code).toBe('IDN_ACCOUNT_DISABLED');
    expect(await eventsFor(IDENTITY_EVENTS.userDeactivated, userId)).toEqual([
      expect.objectContaining({ enabled: false, by: 'self' }),
    ]);
  });

  it('needs a token (401)', async () => {
    expect((await anonymous.post(URL, { confirm: true })).statusCode).toBe(401);
  });
});

describe('dialog read markers', () => {
  const URL = '/api/identity/me/dialogs';

  it('marks a dialog read for a housing company of the user, once', async () => {
    const userId = await addTestUser(t, {
      key: 'reader',
      apartments: [{ aptext: 'DEMO-1000-A2', role: 'owner' }],
    });
    const reader = await as('reader');
    const projectId = (await reader.get('/api/identity/me')).json().hcs[0].id;
    expect((await reader.post(URL, { id: 'welcome-to-plus-dialog', projectId })).statusCode).toBe(204);
    expect((await reader.post(URL, { id: 'welcome-to-plus-dialog', projectId })).statusCode).toBe(204);
    expect((await reader.get('/api/identity/me')).json().user.dialogs).toEqual([
      { id: 'welcome-to-plus-dialog', projectId },
    ]);
    const rows = await t.identity.context.db.select().from(dialogReads).where(eq(dialogReads.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for another housing company and 400 for bad input, storing nothing', async () => {
    const userId = await addTestUser(t, {
      key: 'outsider',
      apartments: [{ aptext: 'DEMO-2000-B14', role: 'tenant' }],
    });
    const outsider = await as('outsider');
    const harbour = (await (await as('owner')).get('/api/identity/me'))
      .json()
      .hcs.find((h: { isDemo: boolean }) => h.isDemo).id;
    const res = await outsider.post(URL, { id: 'welcome-to-plus-dialog', projectId: harbour });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    for (const body of [
      { projectId: harbour },
      { id: '', projectId: harbour },
      { id: 'welcome-to-plus-dialog', projectId: 'not-a-uuid' },
      { id: 'x'.repeat(101), projectId: harbour },
    ]) {
      expect((await outsider.post(URL, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      await t.identity.context.db.select().from(dialogReads).where(eq(dialogReads.userId, userId)),
    ).toEqual([]);
    expect((await anonymous.post(URL, { id: 'welcome-to-plus-dialog', projectId: harbour })).statusCode).toBe(
      401,
    );
  });
});

describe('task done markers', () => {
  it('marks a task done and not done again; each user has their own', async () => {
    const userId = await addTestUser(t, { key: 'tasker' });
    const tasker = await as('tasker');
    const url = (taskId: string, done: string) => `/api/identity/me/tasks/${taskId}/status/${done}`;
    expect((await tasker.post(url('deadline-sauna-2026', 'true'))).statusCode).toBe(204);
    expect((await tasker.get('/api/identity/me')).json().user.tasks).toEqual([
      { taskId: 'deadline-sauna-2026', done: true },
    ]);
    expect((await tasker.post(url('deadline-sauna-2026', 'false'))).statusCode).toBe(204);
    expect((await tasker.get('/api/identity/me')).json().user.tasks).toEqual([
      { taskId: 'deadline-sauna-2026', done: false },
    ]);
    expect((await (await as('tenant')).get('/api/identity/me')).json().user.tasks).toEqual([]);

    for (const bad of [url('t1', 'maybe'), url('t1', '1'), url('x'.repeat(201), 'true')]) {
      expect((await tasker.post(bad)).statusCode, bad.slice(0, 60)).toBe(400);
    }
    const rows = await t.identity.context.db
      .select()
      .from(taskStatuses)
      .where(eq(taskStatuses.userId, userId));
    expect(rows.map((r) => r.taskId)).toEqual(['deadline-sauna-2026']);
    expect((await anonymous.post(url('t1', 'true'))).statusCode).toBe(401);
  });
});
