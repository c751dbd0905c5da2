import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_PAIR_FREE_FAILURES,
  LOGIN_PAIR_MAX_DELAY_SECONDS,
} from '@porta/contracts';
import { eq, sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../db/schema.js';
import { findUserByEmail } from '../domain/membership.js';
import { SessionService } from '../domain/sessions.js';
import { type IdentityTestApp, identityTestApp, loginAs } from '../testing/identity-app.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await identityTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/identity/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/identity/login', () => {
  it('signs in a demo user with short-lived access and opaque refresh tokens', async () => {
    const res = await login({ email: 'Owner@Demo.Porta.Test ', password: 'Demo-Portal-2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.issuer).toBe('portal');
    expect(body.expiresIn).toBe(1800);
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a wrong password and an unknown e-mail alike, with no token', async () => {
    const wrong = await login({ email: 'owner@demo.porta.test', password: 'Wrong-Password-1' }, '10.0.0.2');
    const unknown = await login(
      { email: 'nobody@demo.porta.test', password: 'Demo-Portal-2026' },
      '10.0.0.3',
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'IDN_INVALID_CREDENTIALS',
        title: 'Incorrect e-mail address or password.',
      });
      expect(res.body).not.toMatch(/accessToken|refreshToken/);
    }
    const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined, requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
  });

  it('rejects malformed JSON with 400 problem+json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "owner@demo.porta.test", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_JSON', status: 400 });
  });

  it('names the field with the wrong type', async () => {
    const res = await login({ email: 'owner@demo.porta.test', password: 12345678 });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'body.password' })]);
  });

  it('names an unknown field', async () => {
    const res = await login({ email: 'owner@demo.porta.test', password: 'Demo-Portal-2026', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'body.admin', message: 'Unknown field' }]);
  });

  it('answers 413 to an oversized body', async () => {
    const res = await login({ email: 'owner@demo.porta.test', password: 'x'.repeat(2_000_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('sign-in throttling (ADR 0007)', () => {
  const WRONG = 'Wrong-Password-1';
  const RIGHT = 'Demo-Portal-2026';
  const db = () => t.identity.context.db;

  /** Move the account's failures back in time, as if the attacker had waited. */
  async function age(email: string, ms: number) {
    await db()
      .update(loginFailures)
      .set({ at: sql`${loginFailures.at} - make_interval(secs => ${ms / 1000})` })
      .where(eq(loginFailures.email, email));
  }

  it('lets the real user in from another address while an attacker hammers from one', async () => {
    const email = 'tenant@demo.porta.test';
    const answers: number[] = [];
    for (let i = 0; i < 15; i++)
      answers.push((await login({ email, password: WRONG }, '10.1.0.66')).statusCode);
    // The attacker got a few guesses, then only waits.
    expect(answers.filter((s) => s === 401)).toHaveLength(LOGIN_PAIR_FREE_FAILURES);
    expect(answers.slice(LOGIN_PAIR_FREE_FAILURES).every((s) => s === 429)).toBe(true);
    // Neither the account nor the attacker's address is locked for anyone else.
    expect((await login({ email, password: RIGHT }, '10.1.0.7')).statusCode).toBe(200);
    expect((await login({ email: 'board@demo.porta.test', password: RIGHT }, '10.1.0.66')).statusCode).toBe(
      200,
    );
  });

  it('slows the account and address pair down with a growing wait, and answers Retry-After', async () => {
    const email = 'owner@demo.porta.test';
    const ip = '10.2.0.1';
    for (let i = 0; i < LOGIN_PAIR_FREE_FAILURES; i++) {
      expect((await login({ email, password: WRONG }, ip)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      // Even the right password is refused while the pair waits, and the refusal is not counted.
      const refused = await login({ email, password: RIGHT }, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'IDN_TOO_MANY_ATTEMPTS',
        title: 'Too many failed sign-in attempts. Please wait a minute and try again.',
      });
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      await age(email, wait * 1000);
      expect((await login({ email, password: WRONG }, ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, LOGIN_PAIR_MAX_DELAY_SECONDS, LOGIN_PAIR_MAX_DELAY_SECONDS]);
    // Once the wait is over the right password signs in, and the pair starts afresh.
    await age(email, LOGIN_PAIR_MAX_DELAY_SECONDS * 1000);
    expect((await login({ email, password: RIGHT }, ip)).statusCode).toBe(200);
    expect((await login({ email, password: WRONG }, ip)).statusCode).toBe(401);
    expect((await login({ email, password: RIGHT }, ip)).statusCode).toBe(200);
  });

  it('stops a spread attack at the account ceiling, except from addresses the user signed in from', async () => {
    const email = 'neighbour@demo.porta.test';
    // The user signed in from home before the attack.
    expect((await login({ email, password: RIGHT }, '10.3.0.1')).statusCode).toBe(200);
    // Many addresses, a few guesses each: no pair is slowed, the account's failures add up.
    const guesses = LOGIN_ACCOUNT_MAX_FAILURES - 20;
    await db()
      .insert(loginFailures)
      .values(Array.from({ length: guesses }, (_, i) => ({ email, ip: `10.4.${i >> 8}.${i & 255}` })));
    for (let i = 0; i < 20; i++) {
      expect((await login({ email, password: WRONG }, `10.5.0.${i}`)).statusCode).toBe(401);
    }
    const fresh = await login({ email, password: RIGHT }, '10.6.0.1');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().code).toBe('IDN_TOO_MANY_ATTEMPTS');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(LOGIN_FAILURE_WINDOW_SECONDS - 60);
    // From the address the user signed in from before, the right password still works.
    expect((await login({ email, password: RIGHT }, '10.3.0.1')).statusCode).toBe(200);
    // An e-mail nobody has is throttled alike, so the answer tells nothing.
    const nobody = 'nobody.here@demo.porta.test';
    await db()
      .insert(loginFailures)
      .values(
        Array.from({ length: LOGIN_ACCOUNT_MAX_FAILURES }, (_, i) => ({ email: nobody, ip: `10.7.0.${i}` })),
      );
    expect((await login({ email: nobody, password: RIGHT }, '10.6.0.1')).statusCode).toBe(429);
    // When the failures leave the window, the account opens again.
    await age(email, LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    expect((await login({ email, password: RIGHT }, '10.6.0.1')).statusCode).toBe(200);
  });

  it('lets attempts sent at the same moment through no faster than one after another', async () => {
    const email = 'manager@demo.porta.test';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login({ email, password: WRONG }, '10.8.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_PAIR_FREE_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - LOGIN_PAIR_FREE_FAILURES);
  });
});

describe('refresh and logout', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/identity/token/refresh', payload: { refreshToken } });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/identity/me', headers: { authorization: `Bearer ${token}` } });

  it('rotates the refresh token on use', async () => {
    const first = await loginAs(t.app, 'owner');
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a refresh token is reused', async () => {
    const first = await loginAs(t.app, 'owner');
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TOKEN_EXPIRED');
    // The token issued after the stolen one no longer works either, nor does the access token's session.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(second.accessToken)).json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
  });

  it('logout revokes the session: refresh and /me fail afterwards', async () => {
    const tokens = await loginAs(t.app, 'owner');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/identity/me', headers: { authorization: `Bearer ${token}` } });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const ctx = t.identity.context;
    const past = new Date(Date.now() - 3 * 3600_000);
    const old = new SessionService({
      db: ctx.db,
      database: ctx.database,
      keys: ctx.keys,
      config: ctx.config,
      now: () => past,
    });
    const user = await findUserByEmail(ctx.db, 'owner@demo.porta.test');
    const tokens = await old.start(user!, 'portal', { ip: '127.0.0.1' });
    const res = await me(tokens.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token signed with another key, even with the right kid', async () => {
    const real = await loginAs(t.app, 'owner');
    const [headerB64, payloadB64] = real.accessToken.split('.');
    const header = JSON.parse(Buffer.from(headerB64!, 'base64url').toString());
    const payload = JSON.parse(Buffer.from(payloadB64!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...payload, roles: ['admin'] })
      .setProtectedHeader({ alg: 'ES256', kid: header.kid })
      .sign(privateKey);
    const res = await me(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a tampered token and a non-bearer header', async () => {
    const real = await loginAs(t.app, 'owner');
    const [h, p, s] = real.accessToken.split('.');
    const tampered = [
      h,
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), roles: ['admin'] }),
      ).toString('base64url'),
      s,
    ].join('.');
    expect((await me(tampered)).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/identity/me' })).statusCode).toBe(401);
  });

  it('publishes the verification key as JWKS without private parts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identity/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });
});
