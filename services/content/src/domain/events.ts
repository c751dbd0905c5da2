import type { ContentEventSubject } from '@porta/contracts';
import { enqueueEvent } from '@porta/service-kit';
import type { ContentDb } from '../context.js';
import { outbox } from '../db/schema.js';

/** Record a content event inside the caller's transaction (use withTransaction). */
export function emitEvent(tx: ContentDb, subject: ContentEventSubject, payload: Record<string, unknown>) {
  return enqueueEvent(tx, outbox, subject, payload);
}
