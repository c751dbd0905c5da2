import type { MeResponse, MyHousingCompany } from '@porta/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useServices } from '../../shared/services';
import { Loader } from '../../shared/ui/Loader';
import { prefetchDashboard } from '../dashboard/prefetch';
import { ME_QUERY_KEY, selectedHousingCompany, useMeQuery } from '../identity';
import { applyLanguage, prefetchLanguage } from '../language';
import { useSessionState } from '../session';
import { delay as realDelay, runStartup, type StartupEffects } from './run-startup';
import {
  type Features,
  initialStartupState,
  type StartupError,
  type StartupState,
  transition,
} from './startup-machine';

/** Who the app is showing things to, once startup is done. */
export type Auth =
  | { status: 'starting' }
  | {
      status: 'signedIn';
      me: MeResponse;
      housingCompany: MyHousingCompany | null;
      features: Features;
    }
  | { status: 'signedOut'; loginError: StartupError | null }
  | { status: 'failed'; error: StartupError };

interface StartupApi {
  state: StartupState;
  auth: Auth;
  /** Tokens were just obtained on the login page: fetch the user and everything after. */
  signIn(): Promise<void>;
  /** The session ended (logout, or the user chose to sign in again): show the signed-out app. */
  signOut(): void;
}

const StartupContext = createContext<StartupApi | null>(null);

export const FEATURES_QUERY_KEY = ['identity', 'features'] as const;

function authOf(state: StartupState): Auth {
  const { step, context } = state;
  if (step !== 'done') return { status: 'starting' };
  if (context.outcome === 'signedIn' && context.me && context.features) {
    return {
      status: 'signedIn',
      me: context.me,
      housingCompany: context.housingCompany,
      features: context.features,
    };
  }
  if (context.outcome === 'failed') {
    return {
      status: 'failed',
      error: context.applicationError ?? { code: 'INTERNAL', message: 'Something went wrong' },
    };
  }
  return { status: 'signedOut', loginError: context.loginError };
}

/**
 * Runs the startup sequence once when the app opens (and again after signing in) and shares its
 * result. Must sit inside the router: the address the app opened at decides the token source and the
 * `lang` parameter.
 */
export function StartupProvider({
  children,
  delay = realDelay,
}: {
  children: ReactNode;
  /** Injected by tests; the real one waits APP_MOUNT_DELAY_MS before mounting. */
  delay?: (ms: number) => Promise<void>;
}) {
  const { session, identity } = useServices();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const openedAt = useRef({ pathname: location.pathname, search: location.search });
  const [state, setState] = useState<StartupState>(initialStartupState);
  const stateRef = useRef(state);
  const started = useRef(false);

  const publish = useCallback(
    (next: StartupState) => {
      if (next.step === 'done' && next.context.outcome === 'signedIn' && next.context.me) {
        session.rememberHousingCompany(
          next.context.housingCompany?.id ?? null,
          next.context.language ?? undefined,
        );
        queryClient.setQueryData(ME_QUERY_KEY, next.context.me);
        queryClient.setQueryData([...FEATURES_QUERY_KEY, next.context.housingCompany?.id ?? null], {
          features: next.context.features,
        });
      }
      stateRef.current = next;
      // Mounting the app is its largest render: as a transition React renders it in slices and
      // keeps the page answering input meanwhile (the loader stays until it is ready).
      if (next.step === 'done') startTransition(() => setState(next));
      else setState(next);
    },
    [queryClient, session],
  );

  const run = useCallback(
    async (from: StartupState) => {
      const effects: StartupEffects = {
        session,
        identity,
        applyLanguage: (lang) => applyLanguage(i18n, lang),
        prefetchLanguage,
        featuresAhead: new Map(),
        prefetchHousingCompany: (housingCompanyId, lang) => {
          // The dashboard's boxes, when the app opened on it.
          if (openedAt.current.pathname === '/')
            prefetchDashboard(queryClient, session, housingCompanyId, lang);
        },
        delay,
        now: () => performance.now(),
        startedAt: performance.now(),
        location: openedAt.current,
        browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
      };
      publish(from);
      try {
        await runStartup(from, effects, publish);
      } catch (err) {
        console.error('Startup stopped', err);
        publish({
          step: 'done',
          context: {
            ...stateRef.current.context,
            outcome: 'failed',
            applicationError: { code: 'INTERNAL', message: 'Something went wrong' },
          },
        });
      }
    },
    [session, identity, i18n, delay, publish, queryClient],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run(initialStartupState);
  }, [run]);

  const signIn = useCallback(async () => {
    const next = transition(stateRef.current, { type: 'SIGNED_IN' });
    if (next !== stateRef.current) await run(next);
  }, [run]);

  const signOut = useCallback(() => {
    const next = transition(stateRef.current, { type: 'SIGN_OUT' });
    if (next === stateRef.current) return;
    queryClient.clear();
    publish(next);
  }, [publish, queryClient]);

  const value = useMemo<StartupApi>(
    () => ({ state, auth: authOf(state), signIn, signOut }),
    [state, signIn, signOut],
  );
  return <StartupContext.Provider value={value}>{children}</StartupContext.Provider>;
}

export function useStartup(): StartupApi {
  const api = useContext(StartupContext);
  if (!api) throw new Error('useStartup must be used inside <StartupProvider>');
  return api;
}

export function useAuth(): Auth {
  return useStartup().auth;
}

/** A loader until startup is done, then the app. */
export function StartupGate({ children }: { children: ReactNode }) {
  const { state } = useStartup();
  return state.step === 'done' ? children : <Loader fullScreen />;
}

type SignedIn = Extract<Auth, { status: 'signedIn' }>;

/**
 * The signed-in user's details, kept fresh by the /me query (re-validated on window focus), with
 * the housing company currently selected. Only for components behind the sign-in guard.
 */
export function useCurrentUser(): SignedIn & { me: MeResponse; featuresLoading: boolean } {
  const auth = useAuth();
  const sessionState = useSessionState();
  const signedIn = auth.status === 'signedIn';
  const { identity } = useServices();
  const { data } = useMeQuery(signedIn && sessionState === 'active');
  const me = data ?? (signedIn ? auth.me : null);
  const housingCompany = me ? (selectedHousingCompany(me) ?? (signedIn ? auth.housingCompany : null)) : null;
  const housingCompanyId = housingCompany?.id ?? null;
  // The features of the company shown: startup caches the first company's; after a switch the new
  // company's are fetched (and re-validated whenever the identity queries are invalidated).
  const { data: featuresData, isError: featuresFailed } = useQuery({
    queryKey: [...FEATURES_QUERY_KEY, housingCompanyId],
    queryFn: () => identity.getFeatures(housingCompanyId),
    enabled: signedIn && sessionState === 'active',
  });
  if (auth.status !== 'signedIn' || !me) throw new Error('useCurrentUser needs a signed-in user');
  const startupCompany = housingCompanyId === (auth.housingCompany?.id ?? null);
  const features = featuresData?.features ?? (startupCompany ? auth.features : {});
  // Only a company chosen after startup can be without its features for a moment; if they cannot
  // be fetched, none are on.
  const featuresLoading = !featuresData && !startupCompany && !featuresFailed;
  return { ...auth, me, housingCompany, features, featuresLoading };
}
