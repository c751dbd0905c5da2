import type { z } from 'zod';

/**
 * Background jobs: one interface, two adapters (BullMQ on Redis for the distributed mode, an
 * in-process runner for the embedded mode). Job ids are derived from the work so that a retry or
 * a double enqueue does no harm.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** Unique name, e.g. `identity.purge-expired-sessions`. */
  name: string;
  payload: S;
  handler: (payload: z.infer<S>, context: JobContext) => Promise<void>;
  /** Attempts in all (first try included) and the first backoff delay, doubled each retry. */
  attempts?: number;
  backoffMs?: number;
  /** Jobs of this definition run at once per process (default 1). */
  concurrency?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
}

export interface EnqueueOptions {
  /**
   * Deterministic id, e.g. `letter:<id>:<recipient>`: enqueuing the same id again while it is
   * known (waiting, running, or finished less than 24 h ago) does nothing.
   */
  jobId: string;
  delayMs?: number;
}

export interface RepeatOptions {
  /** Stable key for the schedule; registering it again replaces it. */
  key: string;
  everyMs: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface Jobs {
  readonly kind: 'local' | 'bullmq';
  /** Make a definition known to this process (its jobs run here); workers start with start(). */
  register(definition: JobDefinition): void;
  enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: EnqueueOptions,
  ): Promise<void>;
  repeat<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.infer<S>,
    options: RepeatOptions,
  ): Promise<void>;
  start(): Promise<void>;
  /** Stop taking jobs and wait for the running handlers, then release connections. */
  close(): Promise<void>;
}
