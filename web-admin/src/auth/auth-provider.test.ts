import type { Role } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, meOf, mockFetch, myHousingCompany, problem, tokens } from '../testing/fetch-mock';
import { createAuthProvider, NOT_AUTHORISED, SESSION_EXPIRED } from './auth-provider';

let session: SessionClient;

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
});

describe('login', () => {
  it('signs in with the e-mail and password, stores the tokens and loads the profile', async () => {
    const api = mockFetch({
      'POST /api/identity/login': () => json(tokens(1)),
      'GET /api/identity/me': () => json(meOf(['yitMarketing'])),
    });
    const auth = createAuthProvider(session);

    await auth.login({ username: ' anna.admin@demo.porta.test ', password: 'Demo-Portal-2026' });

    expect(api.to('POST /api/identity/login')[0]?.body).toEqual({
      email: 'anna.admin@demo.porta.test',
      password: 'Demo-Portal-2026',
    });
    expect(api.to('GET /api/identity/me')[0]?.headers.get('authorization')).toBe('Bearer access-1');
    expect(session.read()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-token-number-1' });
    expect(session.getState()).toBe('active');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity()).resolves.toMatchObject({ fullName: 'Anna Admin', locale: 'en_US' });
    // yitMarketing is one of the roles the yitUser alias stands for.
    const permissions = await auth.getPermissions();
    expect(permissions?.roles).toEqual(expect.arrayContaining(['yitMarketing', 'yitUser']));
    expect(permissions?.can).toMatchObject({ usersRead: true, usersManage: true, featureToggles: false });
    // The profile is fetched once per session, not on every check.
    expect(api.to('GET /api/identity/me')).toHaveLength(1);
  });

  it.each([
    ['admin'],
    ['yitUser'],
    ['contributor'],
    ['partner'],
    ['rolePartner'],
    ['propertyManager'],
  ] as const)('lets a user with the global role %s in', async (role) => {
    mockFetch({
      'POST /api/identity/login': () => json(tokens(1)),
      'GET /api/identity/me': () => json(meOf([role])),
    });
    await expect(
      createAuthProvider(session).login({ username: 'a@b.fi', password: 'x' }),
    ).resolves.toBeUndefined();
  });

  /** The sign-in answers for a user with no global role and these roles in one housing company. */
  function signInAs(companyRoles: Role[], apartmentRoles: Role[]) {
    const hc = myHousingCompany(1, companyRoles);
    const apartment = { id: `${hc.id.slice(0, -2)}a1`, no: 'A 1', externalName: null, aptext: 'HC1-A1' };
    return mockFetch({
      'POST /api/identity/login': () => json(tokens(1)),
      'GET /api/identity/me': () =>
        json(
          meOf([], {}, [
            { ...hc, apts: apartmentRoles.length ? [{ ...apartment, roles: apartmentRoles }] : [] },
          ]),
        ),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
  }

  it('turns a user without a staff role away with the message and revokes the tokens just issued', async () => {
    // An owner of an apartment is a resident only: no admin-area role anywhere.
    const api = signInAs([], ['owner']);
    const auth = createAuthProvider(session);

    await expect(auth.login({ username: 'owner@demo.porta.test', password: 'x' })).rejects.toThrow(
      'Not authorised to see this content.',
    );
    expect(api.to('POST /api/identity/logout')[0]?.body).toEqual({ refreshToken: 'refresh-token-number-1' });
    expect(session.read()).toBeNull();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
  });

  it('lets in a board member whose admin-area role (the contributor alias) is held in a housing company', async () => {
    // Board members hold the contributor alias in their housing company (01 §6), as the services'
    // admin-area policies count it.
    const api = signInAs(['boardMember'], []);
    const auth = createAuthProvider(session);

    await expect(auth.login({ username: 'board@demo.porta.test', password: 'x' })).resolves.toBeUndefined();
    expect(api.to('POST /api/identity/logout')).toHaveLength(0);
    expect(session.read()).not.toBeNull();
  });

  it("passes the server's message on for wrong credentials and stores nothing", async () => {
    mockFetch({
      'POST /api/identity/login': () =>
        problem(401, 'IDN_INVALID_CREDENTIALS', 'Incorrect e-mail address or password.'),
    });
    const auth = createAuthProvider(session);

    const error = await auth.login({ username: 'a@b.fi', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'IDN_INVALID_CREDENTIALS' });
    expect((error as Error).message).toBe('Incorrect e-mail address or password.');
    expect(session.read()).toBeNull();
  });
});

describe('checkAuth', () => {
  it('rejects without a session, without asking the server', async () => {
    const api = mockFetch({});
    await expect(createAuthProvider(session).checkAuth({})).rejects.toEqual({ message: false });
    expect(api.sent).toHaveLength(0);
  });

  it("keeps a resident signed in through the resident app out, without ending the resident's session", async () => {
    session.accept(tokens(5));
    const api = mockFetch({ 'GET /api/identity/me': () => json(meOf(['tenant'])) });
    const auth = createAuthProvider(session);

    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(auth.notice()).toBe(NOT_AUTHORISED);
    await auth.logout({});
    expect(api.to('POST /api/identity/logout')).toHaveLength(0);
    expect(session.read()?.accessToken).toBe('access-5');
  });

  it('rejects when the server ended the session, and the login page says it expired', async () => {
    session.accept(tokens(2));
    mockFetch({ 'GET /api/identity/me': () => problem(401, 'UNAUTHENTICATED', 'Session expired') });
    const auth = createAuthProvider(session);

    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(session.read()).toBeNull();
    expect(auth.notice()).toBe(SESSION_EXPIRED);
  });
});

describe('checkError', () => {
  it('rejects a 401 so that react-admin signs the user out', async () => {
    const auth = createAuthProvider(session);
    await expect(auth.checkError(new HttpError('Session expired', 401))).rejects.toEqual({
      message: SESSION_EXPIRED,
    });
  });

  it.each([403, 404, 500])('stays signed in on %s', async (status) => {
    const auth = createAuthProvider(session);
    await expect(auth.checkError(new HttpError('No', status))).resolves.toBeUndefined();
  });
});

describe('logout', () => {
  it('revokes the refresh token and clears the shared session', async () => {
    session.accept(tokens(3));
    const api = mockFetch({
      'GET /api/identity/me': () => json(meOf(['admin'])),
      'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    });
    const auth = createAuthProvider(session);
    await auth.checkAuth({});

    await auth.logout({});

    expect(api.to('POST /api/identity/logout')[0]?.body).toEqual({ refreshToken: 'refresh-token-number-3' });
    expect(session.read()).toBeNull();
    expect(auth.notice()).toBeNull();
  });
});
