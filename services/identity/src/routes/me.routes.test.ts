import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestApp, identityTestApp, loginAs } from '../testing/identity-app.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await identityTestApp();
});
afterAll(() => t.close());

async function as(who: string) {
  const { accessToken } = await loginAs(t.app, who);
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload }),
  };
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

  it('answers 404 for a housing company of someone else', async () => {
    const owner = await as('owner');
    const tenant = await as('tenant');
    const construction = (await owner.get('/api/identity/me')).json().hcs[0];
    expect((await tenant.get(`/api/identity/features?housingCompanyId=${construction.id}`)).statusCode).toBe(
      404,
    );
  });
});
