import type { JobDefinition } from './types.js';

/** Central defaults of every job definition. */
export const JOB_DEFAULTS = { attempts: 3, backoffMs: 1_000, concurrency: 1 } as const;
/** Finished jobs are kept this long, so that their id keeps a second enqueue from running. */
export const COMPLETED_JOB_RETENTION_MS = 24 * 3600_000;
export const FAILED_JOB_RETENTION_MS = 7 * 24 * 3600_000;

export function jobSettings(definition: JobDefinition) {
  return {
    attempts: Math.max(1, definition.attempts ?? JOB_DEFAULTS.attempts),
    backoffMs: Math.max(0, definition.backoffMs ?? JOB_DEFAULTS.backoffMs),
    concurrency: Math.max(1, definition.concurrency ?? JOB_DEFAULTS.concurrency),
  };
}

/** The delay before attempt n+1 after attempt n failed: backoff·2^(n-1), as BullMQ's exponential. */
export function retryDelayMs(backoffMs: number, attemptsMade: number): number {
  return backoffMs * 2 ** Math.max(0, attemptsMade - 1);
}

/** A payload the definition's schema rejects; such a job is not retried. */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: unknown,
  ) {
    super(`invalid payload for job ${jobName}`);
    this.name = 'InvalidJobPayloadError';
  }
}
