import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

const REDIRECT_URI = 'http://localhost:3000/login';
const ACCOUNTS: Record<string, { email: string; email_verified: boolean }> = {
  'b2c-owner': { email: 'owner@demo.porta.test', email_verified: true },
  'b2c-unverified': { email: 'tenant@demo.porta.test', email_verified: false },
  'b2c-stranger': { email: 'stranger@example.com', email_verified: true },
};

let provider: Server;
let issuer: string;
let t: IdentityTestApp;

beforeAll(async () => {
  // A real OpenID Connect provider on a loopback port.
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'porta',
        client_secret: 'porta-test-secret',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(ACCOUNTS[sub] ?? {}) }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  provider = oidc.listen(port, '127.0.0.1');
  t = await identityTestApp({
    B2C_ISSUER_URL: issuer,
    B2C_CLIENT_ID: 'porta',
    B2C_CLIENT_SECRET: 'porta-test-secret',
    B2C_REDIRECT_URI: REDIRECT_URI,
  });
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Play the browser at the provider: follow redirects, sign in as `login`, consent; return the redirect back. */
async function signInAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      cookies.set(k!, v.join('='));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(REDIRECT_URI)) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page at the provider: ${res.status} ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many steps at the provider');
}

async function start(returnTo = '/news') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/identity/oidc/b2c/start?returnTo=${encodeURIComponent(returnTo)}`,
  });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toMatch(new RegExp(`^${issuer}/auth\\?`));
  return res.headers.location as string;
}

function exchange(back: URL) {
  return t.app.inject({
    method: 'POST',
    url: '/api/identity/oidc/b2c/token',
    payload: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      ...(back.searchParams.get('iss') ? { iss: back.searchParams.get('iss') } : {}),
    },
  });
}

describe('consumer (b2c) OpenID Connect sign-in', () => {
  it('offers the b2c login when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identity/login-options' });
    expect(res.json()).toEqual({ password: true, b2c: true });
  });

  it('signs a user in through the provider with PKCE and returns to the stored route', async () => {
    const authorize = new URL(await start('/news'));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    const back = await signInAtProvider(authorize.toString(), 'b2c-owner');
    const res = await exchange(back);
    expect(res.statusCode).toBe(200);
    const tokens = res.json();
    expect(tokens).toMatchObject({ issuer: 'b2c', returnTo: '/news' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/identity/me',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.json()).toMatchObject({ issuer: 'b2c', user: { email: 'owner@demo.porta.test' } });
    // The state is single use: the same answer cannot be exchanged twice.
    const replay = await exchange(back);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('IDN_OIDC_FAILED');
  });

  it('refuses a provider account without a Porta account or a verified e-mail', async () => {
    for (const login of ['b2c-stranger', 'b2c-unverified']) {
      const back = await signInAtProvider(await start('/'), login);
      const res = await exchange(back);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('IDN_OIDC_NO_ACCOUNT');
      expect(res.body).not.toContain('accessToken');
    }
  });

  it('refuses a forged code', async () => {
    const authorize = new URL(await start('/'));
    const state = authorize.searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/oidc/b2c/token',
      payload: { code: 'forged-code', state, iss: issuer },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('IDN_OIDC_FAILED');
  });
});

describe('without a configured provider', () => {
  it('does not offer the b2c login and answers 404 to its routes', async () => {
    const plain = await identityTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/identity/login-options' })).json()).toEqual({
        password: true,
        b2c: false,
      });
      const res = await plain.app.inject({ method: 'GET', url: '/api/identity/oidc/b2c/start' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('IDN_OIDC_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
