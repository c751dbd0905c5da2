import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, userTokens } from '../db/schema.js';
import {
  addTestUser,
  apiClient,
  apiClientAs,
  type CapturingMailer,
  capturingMailer,
  type IdentityTestApp,
  identityTestApp,
  loginAs,
} from '../testing/identity-app.js';

const PUBLIC_URL = 'https://portal.example.test';
const PASSWORD = 'Welcome-Home-77';

let t: IdentityTestApp;
let mail: CapturingMailer;
beforeAll(async () => {
  mail = capturingMailer();
  t = await identityTestApp({ PUBLIC_URL }, { mailer: mail });
});
afterAll(() => t.close());

const client = (accessToken?: string) => apiClient(t.app, accessToken);

const as = (who: string) => apiClientAs(t.app, who);

const invite = async (who: string, userId: string) =>
  (await as(who)).post(`/api/identity/admin/users/${userId}/invitation`);

/** The token of the newest first-login link mailed to the address. */
function linkTokenFor(address: string) {
  const sent = mail.sent.filter((m) => m.to === address).at(-1);
  const match = sent && new RegExp(`${PUBLIC_URL}/firstlogin\\?token=([A-Za-z0-9_-]+)`).exec(sent.text);
  if (!match) throw new Error(`no first-login link to ${address}`);
  return match[1]!;
}

async function userRow(id: string) {
  return (await t.identity.context.db.select().from(users).where(eq(users.id, id)))[0]!;
}

/** A user created by staff in Linden Court: no password, not registered. */
function newResident(key: string) {
  return addTestUser(t, {
    key,
    firstName: 'Nina',
    password: null,
    registered: false,
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'tenant' }],
  });
}

describe('first login', () => {
  it('a manager invites; the link sets the password once; the user signs in and registers', async () => {
    const userId = await newResident('invitee');
    const res = await invite('manager', userId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'invitee@demo.porta.test', expiresAt: expect.any(String) });
    const days = (Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const sent = mail.sent.filter((m) => m.to === 'invitee@demo.porta.test');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Your invitation to Porta');
    const token = linkTokenFor('invitee@demo.porta.test');

    const info = await client().get(`/api/identity/first-login/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: 'invitee@demo.porta.test', firstName: 'Nina', lastName: 'invitee' });

    const set = await client().post(`/api/identity/first-login/${token}`, {
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(set.statusCode).toBe(204);
    expect((await userRow(userId)).passwordHash).toMatch(/^scrypt\$/);

    // Single use.
    for (const again of [
      await client().get(`/api/identity/first-login/${token}`),
      await client().post(`/api/identity/first-login/${token}`, {
        password: 'Another-Pass-99',
        passwordConfirmation: 'Another-Pass-99',
      }),
    ]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'IDN_LINK_INVALID',
        title: 'This link is invalid or has expired.',
      });
    }

    const user = client((await loginAs(t.app, 'invitee', PASSWORD)).accessToken);
    expect((await user.get('/api/identity/me')).json().user.registered).toBe(false);
    const registered = await user.post('/api/identity/me/register', {
      locale: 'fi_FI',
      publicProfile: false,
      acceptTerms: true,
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().user).toMatchObject({ registered: true, locale: 'fi_FI' });
    // Registered users are not invited again.
    const late = await invite('manager', userId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('IDN_ALREADY_REGISTERED');
  });

  it('refuses a weak password and mismatched passwords, keeping the link usable', async () => {
    const userId = await newResident('picky');
    await invite('manager', userId);
    const token = linkTokenFor('picky@demo.porta.test');
    const weak = await client().post(`/api/identity/first-login/${token}`, {
      password: 'weakpass',
      passwordConfirmation: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'IDN_PASSWORD_FORMAT', title: 'Password invalid format' });
    for (const common of ['Welcome1!', 'Picky-2026!']) {
      const res = await client().post(`/api/identity/first-login/${token}`, {
        password: common,
        passwordConfirmation: common,
      });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().code, common).toBe('IDN_PASSWORD_TOO_COMMON');
    }
    const mismatch = await client().post(`/api/identity/first-login/${token}`, {
      password: PASSWORD,
      passwordConfirmation: 'Welcome-Home-78',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'IDN_PASSWORD_MISMATCH', title: "Password doesn't match" });
    const missing = await client().post(`/api/identity/first-login/${token}`, { password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect((await userRow(userId)).passwordHash).toBeNull();
    const [row] = await t.identity.context.db.select().from(userTokens).where(eq(userTokens.userId, userId));
    expect(row!.usedAt).toBeNull();
    expect((await client().get(`/api/identity/first-login/${token}`)).statusCode).toBe(200);
  });

  it('refuses unknown, expired, superseded links and links of deactivated users', async () => {
    const userId = await newResident('tardy');
    const { db } = t.identity.context;
    expect((await client().get('/api/identity/first-login/made-up-token')).json().code).toBe(
      'IDN_LINK_INVALID',
    );

    await invite('manager', userId);
    const old = linkTokenFor('tardy@demo.porta.test');
    await invite('manager', userId);
    const current = linkTokenFor('tardy@demo.porta.test');
    expect(current).not.toBe(old);
    expect((await client().get(`/api/identity/first-login/${old}`)).statusCode).toBe(400);
    expect((await client().get(`/api/identity/first-login/${current}`)).statusCode).toBe(200);

    await db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, userId));
    const expired = await client().post(`/api/identity/first-login/${current}`, {
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('IDN_LINK_INVALID');

    await invite('manager', userId);
    const fresh = linkTokenFor('tardy@demo.porta.test');
    await db.update(users).set({ enabled: false }).where(eq(users.id, userId));
    expect((await client().get(`/api/identity/first-login/${fresh}`)).statusCode).toBe(400);
    expect(
      (
        await client().post(`/api/identity/first-login/${fresh}`, {
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect((await userRow(userId)).passwordHash).toBeNull();
  });

  it('invites only users within the caller’s scope (404 outside), sending nothing', async () => {
    const outside = await addTestUser(t, {
      key: 'elsewhere',
      password: null,
      registered: false,
    });
    const before = mail.sent.length;
    const res = await invite('manager', outside);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('IDN_USER_NOT_FOUND');
    expect((await invite('manager', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(mail.sent.length).toBe(before);
    expect(
      await t.identity.context.db.select().from(userTokens).where(eq(userTokens.userId, outside)),
    ).toEqual([]);
    // A global user manager reaches everyone.
    expect((await invite('admin', outside)).statusCode).toBe(202);
    expect(mail.sent.length).toBe(before + 1);
  });

  it('is for user managers only (403) and needs a token (401)', async () => {
    const userId = await newResident('waiting');
    for (const who of ['owner', 'tenant', 'partner', 'staff']) {
      expect((await invite(who, userId)).statusCode, who).toBe(403);
    }
    expect((await client().post(`/api/identity/admin/users/${userId}/invitation`)).statusCode).toBe(401);
    const bad = await (await as('admin')).post('/api/identity/admin/users/not-a-uuid/invitation');
    expect(bad.statusCode).toBe(400);
  });
});
