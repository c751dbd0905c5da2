// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { housingCompany, meResponse } from '../../testing/fixtures';
import { initialStartupState, type StartupEvent, type StartupState, transition } from './startup-machine';

const me = meResponse();
const hc = housingCompany();
const features = { news: { settings: {} } };

function walk(events: StartupEvent[], from: StartupState = initialStartupState): StartupState[] {
  const states: StartupState[] = [];
  let state = from;
  for (const event of events) {
    state = transition(state, event);
    states.push(state);
  }
  return states;
}

const steps = (states: StartupState[]) => states.map((s) => s.step);

describe('startup machine', () => {
  it('starts by obtaining a token', () => {
    expect(initialStartupState.step).toBe('obtainToken');
  });

  it('runs token → user → housing company → features → language → mount when all goes well', () => {
    const states = walk([
      { type: 'TOKEN_FOUND' },
      { type: 'USER_FETCHED', me },
      { type: 'HOUSING_COMPANY_PICKED', me, housingCompany: hc },
      { type: 'FEATURES_FETCHED', features },
      { type: 'LANGUAGE_LOADED', language: 'fi' },
      { type: 'MOUNTED' },
    ]);
    expect(steps(states)).toEqual([
      'fetchUser',
      'pickHousingCompany',
      'fetchFeatures',
      'loadLanguage',
      'mount',
      'done',
    ]);
    const done = states.at(-1)!;
    expect(done.context).toMatchObject({
      outcome: 'signedIn',
      me,
      housingCompany: hc,
      features,
      language: 'fi',
      applicationError: null,
    });
  });

  it('without a token goes straight to the language and ends signed out', () => {
    const states = walk([
      { type: 'NO_TOKEN' },
      { type: 'LANGUAGE_LOADED', language: 'en' },
      { type: 'MOUNTED' },
    ]);
    expect(steps(states)).toEqual(['loadLanguage', 'mount', 'done']);
    expect(states.at(-1)!.context).toMatchObject({ outcome: 'signedOut', me: null, loginError: null });
  });

  it('keeps a failed consumer sign-in for the login page', () => {
    const loginError = { code: 'IDN_OIDC_FAILED', message: 'Signing in failed. Please try again.' };
    const [state] = walk([{ type: 'NO_TOKEN', loginError }]);
    expect(state!.context).toMatchObject({ outcome: 'signedOut', loginError });
  });

  for (const failingStep of ['obtainToken', 'fetchUser', 'pickHousingCompany', 'fetchFeatures'] as const) {
    const reach: Record<typeof failingStep, StartupEvent[]> = {
      obtainToken: [],
      fetchUser: [{ type: 'TOKEN_FOUND' }],
      pickHousingCompany: [{ type: 'TOKEN_FOUND' }, { type: 'USER_FETCHED', me }],
      fetchFeatures: [
        { type: 'TOKEN_FOUND' },
        { type: 'USER_FETCHED', me },
        { type: 'HOUSING_COMPANY_PICKED', me, housingCompany: hc },
      ],
    };

    it(`logs out on 401 during ${failingStep} and ends signed out`, () => {
      const before = walk(reach[failingStep]).at(-1) ?? initialStartupState;
      expect(before.step).toBe(failingStep);
      const states = walk(
        [
          { type: 'UNAUTHORIZED' },
          { type: 'LOGGED_OUT' },
          { type: 'LANGUAGE_LOADED', language: 'en' },
          { type: 'MOUNTED' },
        ],
        before,
      );
      expect(steps(states)).toEqual(['logout', 'loadLanguage', 'mount', 'done']);
      expect(states.at(-1)!.context).toMatchObject({
        outcome: 'signedOut',
        me: null,
        applicationError: null,
      });
    });

    it(`sets an application error on any other failure during ${failingStep}`, () => {
      const before = walk(reach[failingStep]).at(-1) ?? initialStartupState;
      const error = { code: 'INTERNAL', message: 'Something went wrong' };
      const states = walk(
        [{ type: 'FAILED', error }, { type: 'LANGUAGE_LOADED', language: 'en' }, { type: 'MOUNTED' }],
        before,
      );
      expect(steps(states)).toEqual(['loadLanguage', 'mount', 'done']);
      expect(states.at(-1)!.context).toMatchObject({ outcome: 'failed', applicationError: error });
    });
  }

  it('ignores events the current step does not expect', () => {
    expect(transition(initialStartupState, { type: 'MOUNTED' })).toBe(initialStartupState);
    expect(transition(initialStartupState, { type: 'USER_FETCHED', me })).toBe(initialStartupState);
    const mounting: StartupState = { ...initialStartupState, step: 'mount' };
    expect(transition(mounting, { type: 'UNAUTHORIZED' })).toBe(mounting);
  });

  it('runs again from the user details after signing in on the login page, keeping the language', () => {
    const signedOut = walk([
      { type: 'NO_TOKEN' },
      { type: 'LANGUAGE_LOADED', language: 'sv' },
      { type: 'MOUNTED' },
    ]).at(-1)!;
    const next = transition(signedOut, { type: 'SIGNED_IN' });
    expect(next.step).toBe('fetchUser');
    expect(next.context).toMatchObject({ outcome: null, language: 'sv' });
  });

  it('goes back to signed out when the session ends, and only from signed in', () => {
    const signedIn = walk([
      { type: 'TOKEN_FOUND' },
      { type: 'USER_FETCHED', me },
      { type: 'HOUSING_COMPANY_PICKED', me, housingCompany: hc },
      { type: 'FEATURES_FETCHED', features },
      { type: 'LANGUAGE_LOADED', language: 'fi' },
      { type: 'MOUNTED' },
    ]).at(-1)!;
    const out = transition(signedIn, { type: 'SIGN_OUT' });
    expect(out.step).toBe('done');
    expect(out.context).toMatchObject({ outcome: 'signedOut', me: null, features: null, language: 'fi' });
    expect(transition(signedIn, { type: 'SIGNED_IN' })).toBe(signedIn);
    expect(transition(out, { type: 'SIGN_OUT' })).toBe(out);
  });
});
