import {
  APP_MOUNT_DELAY_MS,
  DEFAULT_LANGUAGE,
  type Language,
  languageOfLocale,
  type MeResponse,
  type UserFeaturesResponse,
} from '@porta/contracts';
import { ApiError, type SessionClient } from '@porta/web-kit';
import type { IdentityApi } from '../identity';
import { langParam, pickLanguage } from '../language';
import { type StartupError, type StartupEvent, type StartupState, transition } from './startup-machine';

/** Everything the startup sequence touches, so that tests can supply their own. */
export interface StartupEffects {
  session: SessionClient;
  identity: IdentityApi;
  /** Load a language's dictionaries and switch the interface to it. */
  applyLanguage(lang: Language): Promise<void>;
  delay(ms: number): Promise<void>;
  /**
   * The clock, and when startup began on it: the app mounts APP_MOUNT_DELAY_MS after the start
   * (01 §2), so the steps' own time counts towards that wait. Without them the whole wait is kept.
   */
  now?: () => number;
  startedAt?: number;
  /**
   * Start fetching a language's dictionaries while the features are fetched (the loadLanguage step
   * then finds them loaded). Optional: failures are left to that step.
   */
  prefetchLanguage?(lang: Language): void;
  /**
   * Features asked for ahead, by housing company: startup asks for those of the company this
   * sign-in last worked in (the session remembers it) together with /me, and the features step
   * takes them when /me selects that company again, a round trip less before the app shows.
   */
  featuresAhead?: Map<string, Promise<UserFeaturesResponse | null>>;
  /**
   * Ask for the data of the landing page of a housing company in a language (the dashboard's
   * boxes): called beside /me for the company and language the session remembers, and when /me
   * names others. Optional; each company and language is asked once.
   */
  prefetchHousingCompany?(housingCompanyId: string, lang: Language): void;
  /** The address the app was opened at. */
  location: { pathname: string; search: string };
  browserLanguages: readonly string[];
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 401, or an answer without any HTTP status (the request never got one): the session is over. */
function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || !err.status);
}

export function toStartupError(err: unknown): StartupError {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: 'Something went wrong' };
}

/** The housing company to start with: the selected one, else the first (demo companies come first). */
export async function pickHousingCompany(me: MeResponse, identity: IdentityApi): Promise<StartupEvent> {
  const selected = me.hcs.find((hc) => hc.id === me.selectedHousingCompanyId);
  if (selected) return { type: 'HOUSING_COMPANY_PICKED', me, housingCompany: selected };
  const first = me.hcs[0];
  if (!first) return { type: 'HOUSING_COMPANY_PICKED', me, housingCompany: null };
  const updated = await identity.selectHousingCompany({
    housingCompanyId: first.id,
    apartmentId: first.apts[0]?.id ?? null,
  });
  const housingCompany = updated.hcs.find((hc) => hc.id === updated.selectedHousingCompanyId) ?? first;
  return { type: 'HOUSING_COMPANY_PICKED', me: updated, housingCompany };
}

async function obtainToken(fx: StartupEffects): Promise<StartupEvent> {
  const { pathname, search } = fx.location;
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  if (pathname === '/login' && code && state) {
    // Back from the consumer sign-in: exchange the code; the login page then leads on to returnTo.
    try {
      // The provider names itself (RFC 9207) when it supports that; identity checks it.
      const iss = params.get('iss') ?? undefined;
      const { returnTo, ...tokens } = await fx.identity.exchangeOidcCode(code, state, iss);
      fx.session.accept(tokens);
      fx.session.rememberRoute(returnTo ?? '/');
      return { type: 'TOKEN_FOUND' };
    } catch (err) {
      // The provider or our identity service refused this sign-in: say so on the login page.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        return { type: 'NO_TOKEN', loginError: toStartupError(err) };
      }
      throw err;
    }
  }
  return fx.session.read() ? { type: 'TOKEN_FOUND' } : { type: 'NO_TOKEN' };
}

function languageFor(me: MeResponse | null | undefined, fx: StartupEffects): Language {
  return pickLanguage({
    urlLang: langParam(fx.location.search),
    userLocale: me?.user.locale,
    browserLanguages: fx.browserLanguages,
  });
}

/** What is left of the wait before mounting, counted from the start of startup. */
export function mountDelay(fx: Pick<StartupEffects, 'now' | 'startedAt'>): number {
  if (!fx.now || fx.startedAt === undefined) return APP_MOUNT_DELAY_MS;
  return Math.max(0, APP_MOUNT_DELAY_MS - (fx.now() - fx.startedAt));
}

async function loadLanguage(state: StartupState, fx: StartupEffects): Promise<StartupEvent> {
  const language = languageFor(state.context.me, fx);
  try {
    await fx.applyLanguage(language);
    return { type: 'LANGUAGE_LOADED', language };
  } catch (err) {
    // A language that cannot be loaded must not stop the app: English is bundled.
    console.warn(`Language ${language} could not be loaded; using ${DEFAULT_LANGUAGE}`, err);
    await fx.applyLanguage(DEFAULT_LANGUAGE).catch(() => undefined);
    return { type: 'LANGUAGE_LOADED', language: DEFAULT_LANGUAGE };
  }
}

/** The remembered company's features asked for beside /me; a refusal only means asking again later. */
function askFeaturesAhead(fx: StartupEffects): void {
  const id = fx.session.read()?.housingCompanyId;
  if (!fx.featuresAhead || !id || fx.featuresAhead.has(id)) return;
  fx.featuresAhead.set(
    id,
    fx.identity.getFeatures(id).catch(() => null),
  );
}

const prefetchedPlaces = new WeakMap<StartupEffects, Set<string>>();

/** The landing page's data of a company in a language, asked for once per startup run. */
function prefetchOnce(fx: StartupEffects, housingCompanyId: string, lang: Language): void {
  if (!fx.prefetchHousingCompany) return;
  const asked = prefetchedPlaces.get(fx) ?? new Set<string>();
  prefetchedPlaces.set(fx, asked);
  const place = `${housingCompanyId} ${lang}`;
  if (asked.has(place)) return;
  asked.add(place);
  fx.prefetchHousingCompany(housingCompanyId, lang);
}

/** Carry out the current step and report how it went. */
export async function performStep(state: StartupState, fx: StartupEffects): Promise<StartupEvent> {
  try {
    switch (state.step) {
      case 'obtainToken':
        return await obtainToken(fx);
      case 'fetchUser': {
        askFeaturesAhead(fx);
        const remembered = fx.session.read();
        if (remembered?.housingCompanyId && remembered.language) {
          const lang = languageOfLocale(langParam(fx.location.search) ?? remembered.language);
          prefetchOnce(fx, remembered.housingCompanyId, lang);
        }
        const me = await fx.identity.getMe();
        // The answer every page reads. The browser trusts the contract (ADR 0021), but one without
        // a user (a proxy's page answering 200) must end on the error page, not break the app.
        if (typeof me?.user?.id !== 'string') throw new Error('/me answered without a user');
        fx.prefetchLanguage?.(languageFor(me, fx));
        if (me.selectedHousingCompanyId) prefetchOnce(fx, me.selectedHousingCompanyId, languageFor(me, fx));
        return { type: 'USER_FETCHED', me };
      }
      case 'pickHousingCompany':
        if (!state.context.me) throw new Error('pickHousingCompany without a user');
        return await pickHousingCompany(state.context.me, fx.identity);
      case 'fetchFeatures': {
        const id = state.context.housingCompany?.id ?? null;
        const ahead = id ? await fx.featuresAhead?.get(id) : null;
        const { features } = ahead ?? (await fx.identity.getFeatures(id));
        return { type: 'FEATURES_FETCHED', features };
      }
      case 'logout':
        await fx.session.logout().catch(() => undefined);
        return { type: 'LOGGED_OUT' };
      case 'loadLanguage':
        return await loadLanguage(state, fx);
      case 'mount':
        await fx.delay(mountDelay(fx));
        return { type: 'MOUNTED' };
      case 'done':
        throw new Error('startup is already done');
    }
  } catch (err) {
    if (isUnauthorized(err)) return { type: 'UNAUTHORIZED' };
    if (!(err instanceof ApiError)) console.error('Startup failed', err);
    return { type: 'FAILED', error: toStartupError(err) };
  }
}

/**
 * Run the sequence from `state` until it is done, reporting every state on the way. Each step yields
 * exactly one event; an event the machine does not accept is a programming error.
 */
export async function runStartup(
  state: StartupState,
  fx: StartupEffects,
  onState: (state: StartupState) => void = () => {},
): Promise<StartupState> {
  let current = state;
  while (current.step !== 'done') {
    const event = await performStep(current, fx);
    const next = transition(current, event);
    if (next === current) throw new Error(`Startup step ${current.step} cannot handle ${event.type}`);
    current = next;
    onState(current);
  }
  return current;
}
