import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housingCompanies, users, userTokens } from '../db/schema.js';
import {
  addTestUser,
  apiClientAs,
  type CapturingMailer,
  capturingMailer,
  endRoles,
  type IdentityTestApp,
  identityTestApp,
} from '../testing/identity-app.js';

let t: IdentityTestApp;
let mail: CapturingMailer;
let linden: string;
let birch: string;
const ids: Record<string, string> = {};

const email = (key: string) => `${key}@demo.porta.test`;
const mailsTo = (key: string) => mail.sent.filter((m) => m.to === email(key));

async function hcId(hcExt: string) {
  const [row] = await t.identity.context.db
    .select({ id: housingCompanies.id })
    .from(housingCompanies)
    .where(eq(housingCompanies.hcExt, hcExt));
  return row!.id;
}

const list = async (who: string, hc = linden) =>
  (await apiClientAs(t.app, who)).get(`/api/identity/admin/housing-companies/${hc}/registration`);

const remind = async (who: string, body: unknown, hc = linden) =>
  (await apiClientAs(t.app, who)).post(
    `/api/identity/admin/housing-companies/${hc}/registration-reminders`,
    body,
  );

/** Pretend the user's first-login links were sent `hours` ago. */
async function ageLinks(id: string, hours: number) {
  await t.identity.context.db
    .update(userTokens)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(and(eq(userTokens.userId, id), eq(userTokens.purpose, 'first-login')));
}

beforeAll(async () => {
  mail = capturingMailer();
  t = await identityTestApp({ PUBLIC_URL: 'https://portal.example.test' }, { mailer: mail });
  linden = await hcId('DEMO-2000');
  birch = await hcId('DEMO-3000');
  const pending = { password: null, registered: false } as const;
  // Linden Court: two residents waiting, one in two roles.
  ids.anna = await addTestUser(t, {
    key: 'anna',
    firstName: 'Anna',
    ...pending,
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
  });
  ids.bruno = await addTestUser(t, {
    key: 'bruno',
    firstName: 'Bruno',
    ...pending,
    apartments: [
      { aptext: 'DEMO-2000-B14', role: 'owner' },
      { aptext: 'DEMO-2000-B14', role: 'familyMember' },
    ],
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'boardMember' }],
  });
  // Not listed: moved out, the developer's staff, registered, another company.
  ids.moved = await addTestUser(t, {
    key: 'moved',
    ...pending,
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'owner' }],
  });
  await endRoles(t, ids.moved, '2000-01-01');
  ids.yit = await addTestUser(t, {
    key: 'yitproject',
    ...pending,
    roles: ['yitProject'],
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'boardMember' }],
  });
  ids.settled = await addTestUser(t, {
    key: 'settled',
    registered: true,
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'familyMember' }],
  });
  ids.harbour = await addTestUser(t, {
    key: 'harbour',
    ...pending,
    apartments: [{ aptext: 'DEMO-1000-A1', role: 'owner' }],
  });
  ids.birch = await addTestUser(t, {
    key: 'birchy',
    ...pending,
    apartments: [{ aptext: 'DEMO-3000-C1', role: 'tenant' }],
  });
}, 120_000);
afterAll(() => t.close());

describe('registration of a housing company', () => {
  it('lists the members in force who have not registered, with counts', async () => {
    const res = await list('manager');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([email('anna'), email('bruno')]);
    expect(body.users[0]).toEqual({
      userId: ids.anna,
      firstName: 'Anna',
      lastName: 'anna',
      email: email('anna'),
      apartments: [
        { apartmentId: expect.any(String), no: 'B 12', aptext: 'DEMO-2000-B12', roles: ['tenant'] },
      ],
      housingCompanyRoles: [],
      createdAt: expect.any(String),
      lastInvitationAt: null,
      invitationCount: 0,
    });
    expect(body.users[1]).toMatchObject({
      userId: ids.bruno,
      apartments: [{ no: 'B 14', aptext: 'DEMO-2000-B14', roles: ['familyMember', 'owner'] }],
      housingCompanyRoles: ['boardMember'],
    });
    expect(body.counts.notRegistered).toBe(2);
    expect(body.counts.members).toBe(body.counts.registered + 2);
    // The demo's manager, board member, owner and tenant, and the registered test user.
    expect(body.counts.registered).toBeGreaterThanOrEqual(5);
    // Global user managers see it too.
    expect((await list('admin')).json().counts).toEqual(body.counts);
  });

  it('answers 404 for another company, 403 for residents', async () => {
    for (const res of [
      await list('othermanager'),
      await remind('othermanager', {}),
      await list('admin', randomUUID()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'IDN_HOUSING_COMPANY_NOT_FOUND',
        title: 'Housing company could not be retrieved',
      });
    }
    for (const who of ['tenant', 'owner', 'staff']) {
      expect((await list(who)).statusCode, who).toBe(403);
      expect((await remind(who, {})).statusCode, who).toBe(403);
    }
    // Birch Hill's manager sees their own company only.
    const own = await list('othermanager', birch);
    expect(own.json().users.map((u: { userId: string }) => u.userId)).toEqual([ids.birch]);
  });

  it('refuses a user outside the company (404) before sending anything', async () => {
    const before = mail.sent.length;
    for (const foreign of [ids.harbour, ids.moved, ids.yit, randomUUID()]) {
      const res = await remind('manager', { userIds: [ids.anna, foreign] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'IDN_USER_NOT_FOUND', title: 'User not found.' });
    }
    expect(mail.sent.length).toBe(before);
    expect(
      await t.identity.context.db.select().from(userTokens).where(eq(userTokens.userId, ids.anna!)),
    ).toEqual([]);
    expect((await remind('manager', { userIds: [] })).statusCode).toBe(400);
    expect((await remind('manager', { userIds: ['not-a-uuid'] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    expect((await remind('manager', { userIds: tooMany })).statusCode).toBe(400);
    expect(mail.sent.length).toBe(before);
  });

  it('sends to the chosen users, skipping registered ones', async () => {
    const res = await remind('manager', { userIds: [ids.anna, ids.settled] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: 1, skipped: [{ userId: ids.settled, reason: 'registered' }] });
    expect(mailsTo('anna')).toHaveLength(1);
    expect(mailsTo('anna')[0]!.subject).toBe('Your invitation to Porta');
    expect(mailsTo('settled')).toHaveLength(0);
    expect(mailsTo('bruno')).toHaveLength(0);
    const anna = (await list('manager')).json().users.find((u: { userId: string }) => u.userId === ids.anna);
    expect(anna.invitationCount).toBe(1);
    expect(Date.now() - Date.parse(anna.lastInvitationAt)).toBeLessThan(60_000);
  });

  it('sends to all not registered, skipping those sent a link within 24 hours', async () => {
    const res = await remind('manager', {});
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: 1, skipped: [{ userId: ids.anna, reason: 'recently_sent' }] });
    expect(mailsTo('anna')).toHaveLength(1);
    expect(mailsTo('bruno')).toHaveLength(1);
    expect(mailsTo('moved')).toHaveLength(0);
    expect(mailsTo('yitproject')).toHaveLength(0);
    expect(mailsTo('harbour')).toHaveLength(0);

    // A day later both are reminded again; each count grows.
    await ageLinks(ids.anna!, 25);
    await ageLinks(ids.bruno!, 23);
    const later = await remind('board', {});
    expect(later.statusCode).toBe(202);
    expect(later.json()).toEqual({ sent: 1, skipped: [{ userId: ids.bruno, reason: 'recently_sent' }] });
    expect(mailsTo('anna')).toHaveLength(2);
    const users = (await list('manager')).json().users as { userId: string; invitationCount: number }[];
    expect(users.map((u) => [u.userId, u.invitationCount])).toEqual([
      [ids.anna, 2],
      [ids.bruno, 1],
    ]);
  });

  it('drops users from the list once they register', async () => {
    await t.identity.context.db.update(users).set({ registered: true }).where(eq(users.id, ids.bruno!));
    const body = (await list('manager')).json();
    expect(body.users.map((u: { userId: string }) => u.userId)).toEqual([ids.anna]);
    expect(body.counts.notRegistered).toBe(1);
    const res = await remind('manager', { userIds: [ids.bruno] });
    expect(res.json()).toEqual({ sent: 0, skipped: [{ userId: ids.bruno, reason: 'registered' }] });
  });
});
