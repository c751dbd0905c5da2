import { type ComponentType, lazy } from 'react';

type Loaded<C> = { default: C };

/**
 * A page whose module is loaded when the page is first shown (issue 17: the first load carries
 * only what signing in and the frame need; each section's pages are their own chunks). The page
 * keeps its props' type; the routes render it inside a Suspense boundary (AppRoutes). `preload`
 * fetches the module early (the landing page's, while startup runs).
 *
 * A page whose module is already here renders at once: React.lazy is handed a thenable that
 * answers synchronously, so nothing suspends — a suspended page would show its fallback and React
 * holds back revealing the page for up to 300 ms (issue 17: the dashboard's boxes waited so).
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] & { preload: () => Promise<M> } {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy((): Promise<Loaded<ComponentType>> => {
    if (loaded !== undefined) return answered({ default: (loaded as M)[name] as ComponentType });
    return preload().then((module) => ({ default: module[name] as ComponentType }));
  });
  return Object.assign(page, { preload }) as unknown as M[K] & { preload: () => Promise<M> };
}

/**
 * A promise whose `then` calls back at once (React.lazy reads the page before it renders). Only
 * React.lazy sees it; it still is a real promise for anything else.
 */
function answered<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  return Object.assign(promise, {
    // biome-ignore lint/suspicious/noThenProperty: the point: a promise that answers synchronously.
    then<A = T, B = never>(
      onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
      onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
    ): Promise<A | B> {
      if (!onFulfilled) return Promise.resolve(value) as Promise<A | B>;
      try {
        return Promise.resolve(onFulfilled(value));
      } catch (error) {
        return onRejected ? Promise.resolve(onRejected(error)) : Promise.reject(error);
      }
    },
  });
}
