import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { type ApiRoot, IDENTITY_API, type PortaDataProvider, type Query } from '../data/data-provider';

/**
 * identity's calls beyond CRUD (see PortaCalls). Stable between renders: react-admin's
 * dataProvider proxy hands out a new function on every property read.
 */
export function usePortaCalls(): Pick<PortaDataProvider, 'call' | 'download'> {
  const dataProvider = useDataProvider<PortaDataProvider>();
  return useMemo(() => ({ call: dataProvider.call, download: dataProvider.download }), [dataProvider]);
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  /** Load again (after a change). */
  reload: () => void;
}

/** GET a path of identity's API and keep the answer; `path` null waits. */
export function useIdentityGet<T>(path: string | null, query?: Query): Loaded<T> {
  return useServiceGet<T>(IDENTITY_API, path, query);
}

/** GET a path of a service's API (`api`, e.g. NOTIFICATIONS_API) and keep the answer; `path` null waits. */
export function useServiceGet<T>(api: ApiRoot, path: string | null, query?: Query): Loaded<T> {
  const { call } = usePortaCalls();
  const [state, setState] = useState<{ data?: T; error?: unknown; isPending: boolean }>({
    isPending: !!path,
  });
  const [round, setRound] = useState(0);
  const queryKey = JSON.stringify(query ?? {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` changes to load again on demand
  useEffect(() => {
    if (!path) return;
    let current = true;
    setState((s) => ({ ...s, isPending: true }));
    call<T>('GET', path, { query: JSON.parse(queryKey) as Query, api }).then(
      (data) => current && setState({ data, isPending: false }),
      (error: unknown) => current && setState({ error, isPending: false }),
    );
    return () => {
      current = false;
    };
  }, [api, call, path, queryKey, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: state.data, error: state.error, isPending: state.isPending, reload };
}

/** The message of an error a call threw, for a notification. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return 'ra.notification.http_error';
}

export interface ChangeOptions {
  /** Translation key of the success notification. */
  success?: string;
  successArgs?: Record<string, unknown>;
  /** Handles an error itself (returns true): no notification then. */
  handle?: (error: unknown) => boolean;
}

/**
 * Run a change (POST/PUT/DELETE), notify success or the server's message, and tell whether it
 * worked. `busy` is true meanwhile.
 */
export function useChange() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const run = useCallback(
    async <T>(action: () => Promise<T>, options: ChangeOptions = {}) => {
      setBusy(true);
      try {
        const result = await action();
        if (options.success) notify(options.success, { type: 'info', messageArgs: options.successArgs });
        return { ok: true as const, result };
      } catch (error) {
        if (!options.handle?.(error)) {
          notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
        }
        return { ok: false as const, error };
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [notify],
  );
  return { run, busy };
}
