import { type ComponentType, lazy } from 'react';

/**
 * A page whose module is loaded when the page is first shown (issue 17: the first load carries
 * only what signing in and the frame need; each section's pages are their own chunks). The page
 * keeps its props' type; the routes render it inside a Suspense boundary (AppRoutes).
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] as ComponentType })) as unknown as M[K];
}
