import { APP_MOUNT_DELAY_MS, type Language } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, problem } from '../../testing/fetch-mock';
import { features, IDS, meResponse, storeSession, tokens } from '../../testing/fixtures';
import { createIdentityApi } from '../identity';
import { runStartup, type StartupEffects } from './run-startup';
import { initialStartupState, type StartupState } from './startup-machine';

/** Every effect in one log, so that the order across fetch and language loading can be asserted. */
let log: string[];

function effects(
  overrides: Partial<StartupEffects> = {},
  location = { pathname: '/', search: '' },
): StartupEffects & { session: SessionClient } {
  const session = new SessionClient('', localStorage);
  return {
    session,
    identity: createIdentityApi(session),
    applyLanguage: vi.fn(async (lang: Language) => {
      log.push(`language ${lang}`);
    }),
    delay: vi.fn(async (ms: number) => {
      log.push(`delay ${ms}`);
    }),
    location,
    browserLanguages: ['sv-SE', 'en'],
    ...overrides,
  } as StartupEffects & { session: SessionClient };
}

function recordingFetch(routes: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(routes);
  const original = mock.fetch.getMockImplementation()!;
  mock.fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    log.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
    return original(input, init);
  });
  return mock;
}

async function run(fx: StartupEffects) {
  const states: StartupState[] = [];
  const final = await runStartup(initialStartupState, fx, (s) => states.push(s));
  return { final, steps: states.map((s) => s.step) };
}

beforeEach(() => {
  log = [];
});

describe('runStartup', () => {
  it('without a stored session ends signed out without calling the API', async () => {
    const mock = recordingFetch({});
    const fx = effects();
    const { final, steps } = await run(fx);
    expect(mock.fetch).not.toHaveBeenCalled();
    expect(steps).toEqual(['loadLanguage', 'mount', 'done']);
    expect(final.context.outcome).toBe('signedOut');
    // The browser's language when nobody is signed in.
    expect(log).toEqual(['language sv', `delay ${APP_MOUNT_DELAY_MS}`]);
  });

  it('with the selected housing company: token → me → features → language → mount', async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(meResponse({}, { locale: 'fi_FI' })),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    const fx = effects();
    const { final, steps } = await run(fx);
    expect(steps).toEqual([
      'fetchUser',
      'pickHousingCompany',
      'fetchFeatures',
      'loadLanguage',
      'mount',
      'done',
    ]);
    expect(log).toEqual([
      'GET /api/identity/me',
      `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`,
      'language fi',
      'delay 150',
    ]);
    expect(final.context).toMatchObject({
      outcome: 'signedIn',
      housingCompany: { id: IDS.demoHc },
      features: features.features,
      language: 'fi',
    });
  });

  it("asks for the remembered company's features beside /me and takes them when /me selects it", async () => {
    storeSession({ housingCompanyId: IDS.demoHc });
    const mock = recordingFetch({
      'GET /api/identity/me': json(meResponse()),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    const { final } = await run(effects({ featuresAhead: new Map() }));
    // Both asked before either answered: the features call no longer waits for /me.
    expect(log.slice(0, 2)).toEqual([
      `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`,
      'GET /api/identity/me',
    ]);
    expect(mock.calls().filter((c) => c.includes('/features'))).toHaveLength(1);
    expect(final.context).toMatchObject({ outcome: 'signedIn', features: features.features });
  });

  it("asks for the landing page's data of the remembered company and language beside /me, once", async () => {
    storeSession({ housingCompanyId: IDS.demoHc, language: 'fi' });
    recordingFetch({
      'GET /api/identity/me': json(meResponse({}, { locale: 'fi_FI' })),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    await run(effects({ prefetchHousingCompany: (id, lang) => log.push(`prefetch ${id} ${lang}`) }));
    expect(log.slice(0, 2)).toEqual([`prefetch ${IDS.demoHc} fi`, 'GET /api/identity/me']);
    expect(log.filter((entry) => entry.startsWith('prefetch'))).toHaveLength(1);
  });

  it('asks for the data of the company and language /me names when the session remembers others', async () => {
    storeSession({ housingCompanyId: IDS.livingHc, language: 'en' });
    recordingFetch({
      'GET /api/identity/me': json(meResponse({}, { locale: 'sv_SE' })),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    await run(effects({ prefetchHousingCompany: (id, lang) => log.push(`prefetch ${id} ${lang}`) }));
    expect(log.filter((entry) => entry.startsWith('prefetch'))).toEqual([
      `prefetch ${IDS.livingHc} en`,
      `prefetch ${IDS.demoHc} sv`,
    ]);
    expect(log.indexOf(`prefetch ${IDS.demoHc} sv`)).toBeGreaterThan(log.indexOf('GET /api/identity/me'));
  });

  it('asks again for the company /me selects when the remembered one is another or refused', async () => {
    storeSession({ housingCompanyId: IDS.livingHc });
    const mock = recordingFetch({
      'GET /api/identity/me': json(meResponse()),
      [`GET /api/identity/features?housingCompanyId=${IDS.livingHc}`]: problem(403, 'FORBIDDEN', 'Forbidden'),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    const { final } = await run(effects({ featuresAhead: new Map() }));
    expect(mock.calls().filter((c) => c.includes('/features'))).toEqual([
      `GET /api/identity/features?housingCompanyId=${IDS.livingHc}`,
      `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`,
    ]);
    expect(final.context).toMatchObject({ outcome: 'signedIn', housingCompany: { id: IDS.demoHc } });
  });

  it("starts fetching the user's language as soon as /me answers, before the features", async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(meResponse({}, { locale: 'sv_SE' })),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    await run(effects({ prefetchLanguage: (lang) => log.push(`prefetch ${lang}`) }));
    expect(log).toEqual([
      'GET /api/identity/me',
      'prefetch sv',
      `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`,
      'language sv',
      'delay 150',
    ]);
  });

  it("mounts APP_MOUNT_DELAY_MS after the start: the steps' time counts towards the wait", async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(meResponse({})),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    let clock = 1_000;
    const slowLanguage = effects({
      now: () => clock,
      startedAt: 1_000,
      applyLanguage: async () => {
        clock += 400;
      },
    });
    await run(slowLanguage);
    expect(slowLanguage.delay).toHaveBeenCalledWith(0);

    clock = 1_000;
    const quick = effects({
      now: () => clock,
      startedAt: 1_000,
      applyLanguage: async () => {
        clock += APP_MOUNT_DELAY_MS - 40;
      },
    });
    await run(quick);
    expect(quick.delay).toHaveBeenCalledWith(40);
  });

  it('without a selected housing company picks the first one and stores the choice', async () => {
    storeSession();
    const unselected = meResponse({ selectedHousingCompanyId: null, selectedApartmentId: null });
    const mock = recordingFetch({
      'GET /api/identity/me': json(unselected),
      'PUT /api/identity/me/housing-company': json(
        meResponse({ selectedHousingCompanyId: IDS.demoHc, selectedApartmentId: IDS.demoApt }),
      ),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    const { final } = await run(effects());
    expect(log).toEqual([
      'GET /api/identity/me',
      'PUT /api/identity/me/housing-company',
      `GET /api/identity/features?housingCompanyId=${IDS.demoHc}`,
      'language en',
      'delay 150',
    ]);
    expect(mock.requests[1]!.body).toEqual({ housingCompanyId: IDS.demoHc, apartmentId: IDS.demoApt });
    expect(mock.requests[1]!.authorization).toBe('Bearer stored-access-token');
    expect(final.context.me?.selectedHousingCompanyId).toBe(IDS.demoHc);
    expect(final.context.housingCompany?.id).toBe(IDS.demoHc);
  });

  it('a user without housing companies asks for the global features', async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(
        meResponse({ hcs: [], selectedHousingCompanyId: null, selectedApartmentId: null }),
      ),
      'GET /api/identity/features': json(features),
    });
    const { final } = await run(effects());
    expect(log.slice(0, 2)).toEqual(['GET /api/identity/me', 'GET /api/identity/features']);
    expect(final.context).toMatchObject({ outcome: 'signedIn', housingCompany: null });
  });

  it('a 401 on /me that a refresh cannot mend logs the user out and ends signed out', async () => {
    storeSession();
    const mock = recordingFetch({
      'GET /api/identity/me': problem(401, 'TOKEN_EXPIRED', 'Session expired'),
      'POST /api/identity/token/refresh': problem(401, 'TOKEN_EXPIRED', 'Session expired'),
    });
    const fx = effects();
    const { final, steps } = await run(fx);
    expect(steps).toEqual(['fetchUser', 'logout', 'loadLanguage', 'mount', 'done']);
    expect(final.context).toMatchObject({ outcome: 'signedOut', me: null, applicationError: null });
    expect(fx.session.read()).toBeNull();
    expect(fx.session.getState()).toBe('signed-out');
    expect(mock.calls()).toEqual(['GET /api/identity/me', 'POST /api/identity/token/refresh']);
  });

  it('a request without any status (no answer at all) also logs out, ending the session on the server', async () => {
    storeSession();
    const mock = recordingFetch({});
    mock.fetch.mockImplementation(async (input) => {
      log.push(String(input));
      throw new TypeError('Failed to fetch');
    });
    const fx = effects();
    const { final } = await run(fx);
    expect(final.context.outcome).toBe('signedOut');
    expect(fx.session.read()).toBeNull();
    expect(log).toContain('/api/identity/logout');
  });

  it('a 500 sets an application error (→ /error) and keeps the tokens', async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(meResponse()),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: problem(
        500,
        'INTERNAL',
        'Something went wrong',
      ),
    });
    const fx = effects();
    const { final, steps } = await run(fx);
    expect(steps).toEqual([
      'fetchUser',
      'pickHousingCompany',
      'fetchFeatures',
      'loadLanguage',
      'mount',
      'done',
    ]);
    expect(final.context).toMatchObject({
      outcome: 'failed',
      applicationError: { code: 'INTERNAL', message: 'Something went wrong' },
    });
    expect(fx.session.read()).not.toBeNull();
    // The error page still speaks the user's language.
    expect(log.at(-2)).toBe('language en');
  });

  it('a /me answer without its user (a proxy answering 200) is an application error, not a logout', async () => {
    storeSession();
    recordingFetch({ 'GET /api/identity/me': json({ user: null }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fx = effects();
    const { final } = await run(fx);
    expect(final.context).toMatchObject({ outcome: 'failed', applicationError: { code: 'INTERNAL' } });
    expect(fx.session.read()).not.toBeNull();
  });

  it('back from the consumer sign-in: exchanges the code, stores the tokens and the return route first', async () => {
    const mock = recordingFetch({
      'POST /api/identity/oidc/b2c/token': json({ ...tokens(7), issuer: 'b2c', returnTo: '/news?page=2' }),
      'GET /api/identity/me': json(meResponse()),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    const fx = effects(
      {},
      {
        pathname: '/login',
        search: '?code=abc&state=0123456789abcdef0123&iss=https%3A%2F%2Fid.example.com',
      },
    );
    const { final } = await run(fx);
    expect(mock.calls()[0]).toBe('POST /api/identity/oidc/b2c/token');
    // The provider's iss (RFC 9207) travels on for identity to check.
    expect(mock.requests[0]!.body).toEqual({
      code: 'abc',
      state: '0123456789abcdef0123',
      iss: 'https://id.example.com',
    });
    expect(mock.requests[1]!.authorization).toBe('Bearer access-token-7');
    expect(fx.session.read()?.issuer).toBe('b2c');
    expect(fx.session.takeRememberedRoute()).toBe('/news?page=2');
    expect(final.context.outcome).toBe('signedIn');
  });

  it('a refused consumer sign-in ends signed out with the message for the login page', async () => {
    recordingFetch({
      'POST /api/identity/oidc/b2c/token': problem(
        401,
        'IDN_OIDC_FAILED',
        'Signing in failed. Please try again.',
      ),
    });
    const fx = effects({}, { pathname: '/login', search: '?code=abc&state=0123456789abcdef0123' });
    const { final } = await run(fx);
    expect(final.context).toMatchObject({
      outcome: 'signedOut',
      loginError: { code: 'IDN_OIDC_FAILED', message: 'Signing in failed. Please try again.' },
    });
    expect(fx.session.read()).toBeNull();
  });

  it('the lang parameter beats the user locale', async () => {
    storeSession();
    recordingFetch({
      'GET /api/identity/me': json(meResponse({}, { locale: 'fi_FI' })),
      [`GET /api/identity/features?housingCompanyId=${IDS.demoHc}`]: json(features),
    });
    await run(effects({}, { pathname: '/', search: '?lang=pl' }));
    expect(log).toContain('language pl');
    expect(log).not.toContain('language fi');
  });

  it('falls back to English when a language cannot be loaded', async () => {
    recordingFetch({});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const applyLanguage = vi.fn(async (lang: Language) => {
      log.push(`language ${lang}`);
      if (lang !== 'en') throw new Error('chunk failed');
    });
    const { final } = await run(effects({ applyLanguage }, { pathname: '/login', search: '?lang=lt' }));
    expect(log.slice(0, 2)).toEqual(['language lt', 'language en']);
    expect(final.context).toMatchObject({ outcome: 'signedOut', language: 'en' });
  });
});
