import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import type { Database } from '../db/database.js';
import { BullJobs } from './bullmq-jobs.js';
import { LocalJobs, type LocalJobsOptions } from './memory-jobs.js';
import type { Jobs } from './types.js';

export { BullJobs, type BullJobsOptions, decodeJobId, encodeJobId, queueNameOf } from './bullmq-jobs.js';
export {
  COMPLETED_JOB_RETENTION_MS,
  FAILED_JOB_RETENTION_MS,
  InvalidJobPayloadError,
  JOB_DEFAULTS,
} from './defaults.js';
export { LocalJobs, type LocalJobsOptions } from './memory-jobs.js';
export * from './types.js';

/**
 * The job runner for this process: BullMQ when REDIS_URL is set, otherwise the in-process
 * runner keeping its jobs in the given database (schema `porta_kit`).
 */
export function createJobs(
  config: { REDIS_URL?: string | undefined },
  database: Database,
  logger: Logger = silentLogger,
  options: Omit<LocalJobsOptions, 'database' | 'logger'> & { prefix?: string } = {},
): Jobs {
  if (config.REDIS_URL) {
    return new BullJobs({
      url: config.REDIS_URL,
      logger,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    });
  }
  return new LocalJobs({ ...options, database, logger });
}
