import { defineJob } from '@porta/service-kit';
import { z } from 'zod';
import type { SessionService } from '../domain/sessions.js';

/** Removes sessions that ended more than a week ago, with their refresh tokens. Runs hourly. */
export function purgeSessionsJob(sessions: SessionService) {
  return defineJob({
    name: 'identity.purge-ended-sessions',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 60_000,
    handler: async () => {
      await sessions.purgeEnded();
    },
  });
}

export const PURGE_SESSIONS_EVERY_MS = 3_600_000;
