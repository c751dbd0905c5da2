import type { Logger } from './types.js';

/** A logger that drops everything, for callers that pass none. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
