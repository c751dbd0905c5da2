import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SessionClient } from './session.js';

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

describe('SessionClient', () => {
  let now = 1_000_000;
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const client = () => new SessionClient('', localStorage, () => now);

  it('stores tokens on login and sends the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const c = client();
    await c.login('x@y.z', 'pw');
    expect(c.getState()).toBe('active');
    fetchMock.mockResolvedValueOnce(reply(200, { ok: true }));
    await c.request('GET', '/api/identity/me');
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ authorization: 'Bearer a1' });
  });

  it('refreshes once when fewer than 900 s remain, for concurrent callers', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const c = client();
    await c.login('x@y.z', 'pw');
    now += 901_000; // 899 s left
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a2', refreshToken: 's'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const [t1, t2] = await Promise.all([c.accessToken(), c.accessToken()]);
    expect([t1, t2]).toEqual(['a2', 'a2']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('remembers the housing company of the sign-in through refreshes, and forgets it with the tokens', async () => {
    const tokens = (access: string) =>
      reply(200, { accessToken: access, refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' });
    const c = client();
    c.rememberHousingCompany('hc-1');
    expect(c.read()).toBeNull(); // nothing to remember it in before a sign-in
    fetchMock.mockResolvedValueOnce(tokens('a1'));
    await c.login('x@y.z', 'pw');
    c.rememberHousingCompany('hc-1', 'fi');
    expect(c.read()).toMatchObject({ housingCompanyId: 'hc-1', language: 'fi' });
    now += 901_000;
    fetchMock.mockResolvedValueOnce(tokens('a2'));
    expect(await c.accessToken()).toBe('a2');
    expect(c.read()).toMatchObject({ accessToken: 'a2', housingCompanyId: 'hc-1', language: 'fi' });
    c.rememberHousingCompany('hc-3'); // a switch keeps the language
    expect(c.read()).toMatchObject({ housingCompanyId: 'hc-3', language: 'fi' });
    c.rememberHousingCompany(null);
    expect(c.read()).not.toHaveProperty('housingCompanyId');
    expect(c.read()).not.toHaveProperty('language');
    c.rememberHousingCompany('hc-2');
    fetchMock.mockResolvedValueOnce(tokens('a3'));
    await c.login('other@y.z', 'pw'); // another sign-in starts without it
    expect(c.read()).not.toHaveProperty('housingCompanyId');
    c.rememberHousingCompany('hc-2');
    c.clear();
    expect(c.read()).toBeNull();
  });

  it('marks the session expired when the refresh is refused', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const c = client();
    await c.login('x@y.z', 'pw');
    const states: string[] = [];
    c.subscribe((s) => states.push(s));
    now += 1_000_000;
    fetchMock.mockResolvedValueOnce(
      reply(401, { type: 'about:blank', title: 'Session expired', status: 401, code: 'TOKEN_EXPIRED' }),
    );
    expect(await c.accessToken()).toBeNull();
    expect(states).toEqual(['expired']);
    expect(c.read()).toBeNull();
  });

  it('refreshes a token refused as stale and sends the request once more', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const c = client();
    await c.login('x@y.z', 'pw');
    const states: string[] = [];
    c.subscribe((s) => states.push(s));
    fetchMock
      .mockResolvedValueOnce(
        reply(401, { type: 'about:blank', title: 'Session expired', status: 401, code: 'TOKEN_EXPIRED' }),
      )
      .mockResolvedValueOnce(
        reply(200, { accessToken: 'a2', refreshToken: 's'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
      )
      .mockResolvedValueOnce(reply(200, { hello: 'again' }));
    expect(await c.request('GET', '/api/content/news')).toEqual({ hello: 'again' });
    const authorizations = fetchMock.mock.calls.map(
      ([, init]) => new Headers((init as RequestInit | undefined)?.headers).get('authorization') ?? '',
    );
    expect(authorizations.slice(-3)).toEqual(['Bearer a1', '', 'Bearer a2']);
    expect(states).toEqual([]);
    expect(c.read()?.accessToken).toBe('a2');
  });

  it('ends the session when the stale token cannot be refreshed, or another 401 comes', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'a1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    const c = client();
    await c.login('x@y.z', 'pw');
    const states: string[] = [];
    c.subscribe((s) => states.push(s));
    const expired = reply(401, {
      type: 'about:blank',
      title: 'Session expired',
      status: 401,
      code: 'TOKEN_EXPIRED',
    });
    fetchMock
      .mockResolvedValueOnce(expired)
      .mockResolvedValueOnce(
        reply(401, { type: 'about:blank', title: 'Session expired', status: 401, code: 'TOKEN_EXPIRED' }),
      );
    await expect(c.request('GET', '/api/content/news')).rejects.toMatchObject({ status: 401 });
    expect(states).toEqual(['expired']);
    expect(c.read()).toBeNull();

    fetchMock.mockResolvedValueOnce(
      reply(200, { accessToken: 'b1', refreshToken: 'r'.repeat(20), expiresIn: 1800, issuer: 'portal' }),
    );
    await c.login('x@y.z', 'pw');
    fetchMock.mockResolvedValueOnce(
      reply(401, { type: 'about:blank', title: 'Session expired', status: 401, code: 'UNAUTHENTICATED' }),
    );
    await expect(c.request('GET', '/api/content/news')).rejects.toMatchObject({ status: 401 });
    expect(c.read()).toBeNull();
  });

  it('turns problem+json answers into ApiError with code and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, {
        type: 'about:blank',
        title: 'Bad',
        status: 400,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'email', message: 'Required' }],
      }),
    );
    const err = await client()
      .login('', '')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fieldErrors: [{ path: 'email' }] });
  });

  it('only restores remembered routes on this site', () => {
    const c = client();
    c.rememberRoute('//evil.example');
    expect(c.takeRememberedRoute()).toBeNull();
    c.rememberRoute('/news?x=1');
    expect(c.takeRememberedRoute()).toBe('/news?x=1');
    expect(c.takeRememberedRoute()).toBeNull();
  });
});
