import type { Language, MeResponse, MyHousingCompany, UserFeaturesResponse } from '@porta/contracts';

/**
 * The startup sequence of 01 §4 as an explicit state machine:
 *
 *   obtainToken → fetchUser → pickHousingCompany → fetchFeatures → loadLanguage → mount → done
 *
 * - no token: straight to loadLanguage, ending signed out (the login page);
 * - a 401 or a missing status on any step: logout, then loadLanguage, ending signed out;
 * - any other failure: loadLanguage, ending failed with an application error (the /error page).
 *
 * Signing in on the login page (`SIGNED_IN`) runs the sequence again from fetchUser; the end of a
 * session (`SIGN_OUT`) returns to the signed-out end state. This module is pure: the effects of each
 * step live in `run-startup.ts`.
 */
export type StartupStep =
  | 'obtainToken'
  | 'fetchUser'
  | 'pickHousingCompany'
  | 'fetchFeatures'
  | 'logout'
  | 'loadLanguage'
  | 'mount'
  | 'done';

export type StartupOutcome = 'signedIn' | 'signedOut' | 'failed';

export type Features = UserFeaturesResponse['features'];

/** A failure worth showing: the stable error code and its (server or fallback) message. */
export interface StartupError {
  code: string;
  message: string;
}

export interface StartupContext {
  /** Where the sequence is heading; decided before the language step. */
  outcome: StartupOutcome | null;
  me: MeResponse | null;
  housingCompany: MyHousingCompany | null;
  features: Features | null;
  language: Language | null;
  /** Set when startup failed for a reason other than a missing session (01 §8). */
  applicationError: StartupError | null;
  /** A failed consumer sign-in, shown on the login page. */
  loginError: StartupError | null;
}

export interface StartupState {
  step: StartupStep;
  context: StartupContext;
}

export type StartupEvent =
  | { type: 'TOKEN_FOUND' }
  | { type: 'NO_TOKEN'; loginError?: StartupError }
  | { type: 'USER_FETCHED'; me: MeResponse }
  | { type: 'HOUSING_COMPANY_PICKED'; me: MeResponse; housingCompany: MyHousingCompany | null }
  | { type: 'FEATURES_FETCHED'; features: Features }
  | { type: 'UNAUTHORIZED' }
  | { type: 'FAILED'; error: StartupError }
  | { type: 'LOGGED_OUT' }
  | { type: 'LANGUAGE_LOADED'; language: Language }
  | { type: 'MOUNTED' }
  | { type: 'SIGNED_IN' }
  | { type: 'SIGN_OUT' };

const emptyContext: StartupContext = {
  outcome: null,
  me: null,
  housingCompany: null,
  features: null,
  language: null,
  applicationError: null,
  loginError: null,
};

export const initialStartupState: StartupState = { step: 'obtainToken', context: emptyContext };

/** Steps during which a request may fail; their failures are handled alike. */
const FALLIBLE: readonly StartupStep[] = ['obtainToken', 'fetchUser', 'pickHousingCompany', 'fetchFeatures'];

function signedOut(context: StartupContext, loginError: StartupError | null = null): StartupContext {
  return { ...emptyContext, language: context.language, outcome: 'signedOut', loginError };
}

/** The next state; an event the current step does not expect leaves the state as it is. */
export function transition(state: StartupState, event: StartupEvent): StartupState {
  const { step, context } = state;

  if (FALLIBLE.includes(step)) {
    if (event.type === 'UNAUTHORIZED') return { step: 'logout', context: signedOut(context) };
    if (event.type === 'FAILED') {
      return {
        step: 'loadLanguage',
        context: { ...context, outcome: 'failed', applicationError: event.error },
      };
    }
  }

  switch (step) {
    case 'obtainToken':
      if (event.type === 'TOKEN_FOUND') return { step: 'fetchUser', context };
      if (event.type === 'NO_TOKEN') {
        return { step: 'loadLanguage', context: signedOut(context, event.loginError ?? null) };
      }
      break;
    case 'fetchUser':
      if (event.type === 'USER_FETCHED')
        return { step: 'pickHousingCompany', context: { ...context, me: event.me } };
      break;
    case 'pickHousingCompany':
      if (event.type === 'HOUSING_COMPANY_PICKED') {
        return {
          step: 'fetchFeatures',
          context: { ...context, me: event.me, housingCompany: event.housingCompany },
        };
      }
      break;
    case 'fetchFeatures':
      if (event.type === 'FEATURES_FETCHED') {
        return {
          step: 'loadLanguage',
          context: { ...context, features: event.features, outcome: 'signedIn' },
        };
      }
      break;
    case 'logout':
      if (event.type === 'LOGGED_OUT') return { step: 'loadLanguage', context };
      break;
    case 'loadLanguage':
      if (event.type === 'LANGUAGE_LOADED')
        return { step: 'mount', context: { ...context, language: event.language } };
      break;
    case 'mount':
      if (event.type === 'MOUNTED') return { step: 'done', context };
      break;
    case 'done':
      if (event.type === 'SIGNED_IN' && context.outcome === 'signedOut') {
        return { step: 'fetchUser', context: { ...emptyContext, language: context.language } };
      }
      if (event.type === 'SIGN_OUT' && context.outcome === 'signedIn') {
        return { step: 'done', context: signedOut(context) };
      }
      break;
  }
  return state;
}

export function isRunning(state: StartupState): boolean {
  return state.step !== 'done';
}
