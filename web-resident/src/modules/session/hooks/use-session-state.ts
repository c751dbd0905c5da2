import type { SessionState } from '@porta/web-kit';
import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../../../shared/services';

/** The SessionClient's state ('signed-out' | 'active' | 'expired'), re-rendering on every change. */
export function useSessionState(): SessionState {
  const { session } = useServices();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = session.subscribe(onChange);
      return () => {
        unsubscribe();
      };
    },
    [session],
  );
  return useSyncExternalStore(subscribe, () => session.getState());
}
