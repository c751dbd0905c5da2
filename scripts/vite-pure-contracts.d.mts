import type { Plugin } from 'vite';

/** Marks the contracts' computed top-level values pure, so unused schemas leave the bundle. */
export function pureContracts(): Plugin;
