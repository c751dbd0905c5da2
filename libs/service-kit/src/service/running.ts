import type { JobDefinition, Jobs } from '../jobs/types.js';

/** Something a service starts and must stop again: a relay, a consumer, a responder, a hub. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * What a service runs between start() and stop(): its outbox relay, its consumers and responders,
 * its repeating jobs. stop() stops them, the last started first, and may be called again.
 */
export class Running {
  readonly #parts: Stoppable[] = [];

  /** Keep a started part, to stop it with the service; answers it. */
  add<T extends Stoppable>(part: T): T {
    this.#parts.push(part);
    return part;
  }

  /** Stop every part, the last started first. */
  async stop(): Promise<void> {
    for (const part of this.#parts.splice(0).reverse()) await part.stop();
  }
}

/**
 * Make a job known to the runner and run it every everyMs, scheduled under the job's name (once
 * for all processes of the service). Without a runner (a test app) nothing is scheduled.
 */
export async function repeatEvery(
  jobs: Jobs | null | undefined,
  job: JobDefinition,
  everyMs: number,
): Promise<void> {
  if (!jobs) return;
  jobs.register(job);
  await jobs.repeat(job, {}, { key: job.name, everyMs });
}
