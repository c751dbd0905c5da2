import { startOfLocalDay } from '@porta/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans, housingCompanies, outbox, users } from '../db/schema.js';
import { banExpiresAt, banExpiryDate } from '../domain/bans.js';
import { IDENTITY_EVENTS } from '../domain/events.js';
import { todayIso } from '../domain/membership.js';
import { addDays } from '../domain/scheduled-changes.js';
import { apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
let hcs: Record<string, string>;
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await identityTestApp();
  const db = t.identity.context.db;
  // A business admin (the role that bans, 03 §6), signing in with the demo password.
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.porta.test'));
  await db.insert(users).values({
    email: 'business@demo.porta.test',
    firstName: 'Bea',
    lastName: 'Business',
    passwordHash: admin!.passwordHash,
    registered: true,
    roles: ['yitBusinessAdmin'],
  });
  hcs = Object.fromEntries((await db.select().from(housingCompanies)).map((h) => [h.hcExt, h.id]));
});
afterAll(() => t.close());

const as = (who: string) => apiClientAs(t.app, who);

async function userId(key: string) {
  const [row] = await t.identity.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${key}@demo.porta.test`));
  return row!.id;
}

async function events(subject: string) {
  const rows = await t.identity.context.db.select().from(outbox).where(eq(outbox.subject, subject));
  return rows.map((r) => r.payload as Record<string, unknown>);
}

const bansUrl = (id: string) => `/api/identity/admin/users/${id}/bans`;

describe('ban expiry', () => {
  it("lasts through the end of the expiry date, the housing company's local day, and back", () => {
    // Finland (the default): the next day's midnight is 21:00 UTC in summer, 22:00 in winter.
    expect(banExpiresAt('2026-05-31').toISOString()).toBe('2026-05-31T21:00:00.000Z');
    expect(banExpiresAt('2028-02-28').toISOString()).toBe('2028-02-28T22:00:00.000Z');
    // Poland is an hour behind.
    expect(banExpiresAt('2026-05-31', 'Europe/Warsaw').toISOString()).toBe('2026-05-31T22:00:00.000Z');
    expect(banExpiryDate(new Date('2026-05-31T21:00:00Z'))).toBe('2026-05-31');
    expect(banExpiryDate(new Date('2026-05-31T21:00:00Z'), 'Europe/Warsaw')).toBe('2026-05-31');
    expect(banExpiryDate(new Date('2026-05-31T21:00:01Z'))).toBe('2026-06-01');
    expect(banExpiryDate(banExpiresAt('2026-12-31'))).toBe('2026-12-31');
  });
});

describe('bans', () => {
  it('bans a user in a housing company; GET /bans/me shows it; unbanning lifts it', async () => {
    const business = await as('business');
    const tenantId = await userId('tenant');
    const tomorrow = addDays(todayIso(), 1);
    const res = await business.post(bansUrl(tenantId), {
      expiryDate: tomorrow,
      housingCompanyId: hcs['DEMO-2000'],
      reason: '  Rude comments ',
    });
    expect(res.statusCode).toBe(201);
    const ban = res.json();
    expect(ban).toEqual({
      id: expect.any(String),
      userId: tenantId,
      housingCompanyId: hcs['DEMO-2000'],
      housingCompanyName: 'As Oy Demo Linden Court',
      expiryDate: tomorrow,
      // Linden Court is Finnish: the ban ends at Helsinki's midnight after the expiry date.
      expiresAt: startOfLocalDay(addDays(tomorrow, 1), 'Europe/Helsinki').toISOString(),
      reason: 'Rude comments',
      active: true,
      createdBy: await userId('business'),
      createdAt: expect.any(String),
    });
    expect(await events(IDENTITY_EVENTS.userBanned)).toContainEqual(
      expect.objectContaining({
        banId: ban.id,
        userId: tenantId,
        housingCompanyId: hcs['DEMO-2000'],
        expiresAt: ban.expiresAt,
      }),
    );

    const tenant = await as('tenant');
    const mine = await tenant.get('/api/identity/bans/me');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ bans: [ban] });
    expect((await (await as('owner')).get('/api/identity/bans/me')).json()).toEqual({ bans: [] });
    expect((await business.get(bansUrl(tenantId))).json()).toEqual([ban]);

    const lifted = await business.delete(`${bansUrl(tenantId)}/${ban.id}`);
    expect(lifted.statusCode).toBe(204);
    expect((await tenant.get('/api/identity/bans/me')).json()).toEqual({ bans: [] });
    expect(await events(IDENTITY_EVENTS.userUnbanned)).toContainEqual(
      expect.objectContaining({ banId: ban.id, userId: tenantId }),
    );
    const again = await business.delete(`${bansUrl(tenantId)}/${ban.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('IDN_BAN_NOT_FOUND');
  });

  it('bans globally; a second ban of the same scope replaces the one in force', async () => {
    const admin = await as('admin');
    const ownerId = await userId('owner');
    const first = await admin.post(bansUrl(ownerId), { expiryDate: todayIso(), housingCompanyId: null });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      housingCompanyId: null,
      housingCompanyName: null,
      reason: null,
      active: true,
    });
    const later = addDays(todayIso(), 30);
    const second = await admin.post(bansUrl(ownerId), {
      expiryDate: later,
      housingCompanyId: null,
      reason: 'Spam',
    });
    expect(second.json()).toMatchObject({ id: first.json().id, expiryDate: later, reason: 'Spam' });
    const project = await admin.post(bansUrl(ownerId), {
      expiryDate: later,
      housingCompanyId: hcs['DEMO-1000'],
    });
    expect(project.json().id).not.toBe(first.json().id);
    const mine = (await (await as('owner')).get('/api/identity/bans/me')).json();
    expect(mine.bans.map((b: { housingCompanyId: string | null }) => b.housingCompanyId).sort()).toEqual(
      [hcs['DEMO-1000'], null].sort(),
    );
    for (const b of mine.bans) await admin.delete(`${bansUrl(ownerId)}/${b.id}`);
  });

  it('keeps expired bans in the staff list but not in GET /bans/me', async () => {
    const boardId = await userId('board');
    await t.identity.context.db
      .insert(bans)
      .values({ userId: boardId, housingCompanyId: null, expiresAt: new Date(Date.now() - 1000) });
    const list = (await (await as('admin')).get(bansUrl(boardId))).json();
    expect(list).toEqual([expect.objectContaining({ active: false, housingCompanyId: null })]);
    expect((await (await as('board')).get('/api/identity/bans/me')).json()).toEqual({ bans: [] });
  });

  it('refuses an expiry in the past, bad dates and unknown users or housing companies; nothing stored', async () => {
    const admin = await as('admin');
    const tenantId = await userId('tenant');
    const before = await t.identity.context.db.select().from(bans);
    const past = await admin.post(bansUrl(tenantId), {
      expiryDate: addDays(todayIso(), -1),
      housingCompanyId: null,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'IDN_BAN_EXPIRY_IN_PAST',
      errors: [{ path: 'body.expiryDate', message: 'The expiry date cannot be in the past.' }],
    });
    const format = await admin.post(bansUrl(tenantId), { expiryDate: '31.12.2030', housingCompanyId: null });
    expect(format.json().errors[0].path).toBe('body.expiryDate');
    const missing = await admin.post(bansUrl(tenantId), { expiryDate: '2030-12-31' });
    expect(missing.json().errors[0].path).toBe('body.housingCompanyId');
    const hc = await admin.post(bansUrl(tenantId), { expiryDate: '2030-12-31', housingCompanyId: NOBODY });
    expect(hc.statusCode).toBe(404);
    expect(hc.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    const user = await admin.post(bansUrl(NOBODY), { expiryDate: '2030-12-31', housingCompanyId: null });
    expect(user.statusCode).toBe(404);
    expect(await t.identity.context.db.select().from(bans)).toEqual(before);
  });

  it('lets only business admin (and admin) ban; managers read the bans of their users only', async () => {
    const tenantId = await userId('tenant');
    const body = { expiryDate: '2030-12-31', housingCompanyId: hcs['DEMO-2000'] };
    for (const who of ['staff', 'manager', 'board', 'tenant', 'partner']) {
      const res = await (await as(who)).post(bansUrl(tenantId), body);
      expect(res.statusCode, who).toBe(403);
    }
    const manager = await as('manager');
    expect((await manager.get(bansUrl(tenantId))).statusCode).toBe(200);
    expect((await manager.get(bansUrl(await userId('staff')))).statusCode).toBe(404);
    expect((await (await as('tenant')).get(bansUrl(tenantId))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/identity/bans/me' })).statusCode).toBe(401);
  });
});

describe("a housing company's bans (GET /admin/housing-companies/:id/bans)", () => {
  const hcBansUrl = (id: string) => `/api/identity/admin/housing-companies/${id}/bans`;

  it("lists the bans in force in the company and its members' global bans, with names", async () => {
    const business = await as('business');
    const tenantId = await userId('tenant');
    const ownerId = await userId('owner');
    const neighbourId = await userId('neighbour');
    const soon = addDays(todayIso(), 3);
    const later = addDays(todayIso(), 30);
    const ban = async (id: string, housingCompanyId: string | null, expiryDate: string, reason?: string) => {
      const res = await business.post(bansUrl(id), { expiryDate, housingCompanyId, reason });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; userId: string };
    };
    const tenantInLinden = await ban(tenantId, hcs['DEMO-2000']!, later, 'Rude comments');
    const ownerEverywhere = await ban(ownerId, null, soon);
    // Neither in Linden Court: a ban in another company, a global ban of a non-member.
    const tenantInHarbour = await ban(tenantId, hcs['DEMO-1000']!, later);
    const neighbourEverywhere = await ban(neighbourId, null, later);
    // An ended ban of a member is left out.
    await t.identity.context.db.insert(bans).values({
      userId: ownerId,
      housingCompanyId: hcs['DEMO-2000']!,
      expiresAt: new Date(Date.now() - 1000),
    });

    const res = await business.get(hcBansUrl(hcs['DEMO-2000']!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: ownerEverywhere.id,
        userId: ownerId,
        userFirstName: 'Olivia',
        userLastName: 'Owner',
        housingCompanyId: null,
        housingCompanyName: null,
        expiryDate: soon,
        reason: null,
        active: true,
        createdBy: await userId('business'),
        createdByName: 'Bea Business',
      }),
      expect.objectContaining({
        id: tenantInLinden.id,
        userFirstName: 'Timo',
        userLastName: 'Tenant',
        housingCompanyId: hcs['DEMO-2000'],
        housingCompanyName: 'As Oy Demo Linden Court',
        expiryDate: later,
        reason: 'Rude comments',
        createdByName: 'Bea Business',
      }),
    ]);

    // The company's own managers read them too; a manager of another company gets 404.
    const manager = await (await as('manager')).get(hcBansUrl(hcs['DEMO-2000']!));
    expect(manager.statusCode).toBe(200);
    expect(manager.json().map((b: { id: string }) => b.id)).toEqual([ownerEverywhere.id, tenantInLinden.id]);
    const birch = await (await as('manager')).get(hcBansUrl(hcs['DEMO-3000']!));
    expect(birch.statusCode).toBe(404);
    expect(birch.json().code).toBe('IDN_HOUSING_COMPANY_NOT_FOUND');
    // Birch Hill's only banned member is the neighbour (globally).
    const inBirch = (await business.get(hcBansUrl(hcs['DEMO-3000']!))).json();
    expect(inBirch.map((b: { id: string }) => b.id)).toEqual([neighbourEverywhere.id]);

    const unknown = await business.get(hcBansUrl(NOBODY));
    expect(unknown.statusCode).toBe(404);
    expect((await (await as('tenant')).get(hcBansUrl(hcs['DEMO-2000']!))).statusCode).toBe(403);

    for (const b of [tenantInLinden, ownerEverywhere, tenantInHarbour, neighbourEverywhere]) {
      expect((await business.delete(`${bansUrl(b.userId)}/${b.id}`)).statusCode).toBe(204);
    }
    expect((await business.get(hcBansUrl(hcs['DEMO-2000']!))).json()).toEqual([]);
  });
});
