import type { Identity } from '@porta/identity';
import { addTestUser, apiClient, identityTestBed, loginAs } from '@porta/identity/testing';
import type { App, MemoryBus } from '@porta/service-kit';
import { outboxEvents } from '@porta/service-kit/testing';
import type { Documents } from '../app.js';
import { outbox } from '../db/schema.js';
import { documentsService } from '../service.js';

export { addTestUser, apiClient, loginAs };

export interface DocumentsTestApp {
  app: App;
  identity: Identity;
  documents: Documents;
  bus: MemoryBus;
  /** The folder of the data (the stored files are under files/). */
  dataDir: string;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  userId(key: string): Promise<string>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  events(subject?: string): Promise<{ subject: string; payload: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * identity and documents on one fresh in-memory PGlite with an in-process bus, as the embedded
 * gateway runs them: identity migrated and seeded with the demo (the documents feature on
 * everywhere), answering directory and features over the bus.
 */
export async function documentsTestApp(env: Record<string, string> = {}): Promise<DocumentsTestApp> {
  const bed = await identityTestBed('documents', env);
  const { service: documents, config } = await bed.host(documentsService);
  const app = await bed.mount('documents-test', config, [documents.plugin]);
  return {
    app,
    identity: bed.identity,
    documents,
    bus: bed.bus,
    dataDir: bed.dataDir,
    hc: bed.hc,
    userId: bed.userId,
    query: (sql, params) => bed.database.query(sql, params),
    events: (subject) => outboxEvents(documents.context.db, outbox, subject),
    close: () => bed.close(),
  };
}
