import type { Identity } from '@porta/identity';
import { addTestUser, apiClient, identityTestBed, loginAs } from '@porta/identity/testing';
import type { App, MemoryBus } from '@porta/service-kit';
import { outboxEvents } from '@porta/service-kit/testing';
import type { ServiceRequests } from '../app.js';
import { outbox } from '../db/schema.js';
import { serviceRequestsService } from '../service.js';

export { addTestUser, apiClient, loginAs };

export interface ServiceRequestsTestApp {
  app: App;
  identity: Identity;
  serviceRequests: ServiceRequests;
  bus: MemoryBus;
  /** Demo housing companies: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  /** The user id of a demo (or test) user by key. */
  userId(key: string): Promise<string>;
  /** Run SQL on the shared database (identity's tables too). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Events the service wrote, oldest first. */
  events(subject?: string): Promise<{ subject: string; payload: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * identity and service-requests on one fresh in-memory PGlite with an in-process bus, as the
 * embedded gateway runs them: identity migrated and seeded with the demo and its feature toggles
 * (service-requests on everywhere), answering directory, audience and features over the bus.
 */
export async function serviceRequestsTestApp(
  env: Record<string, string> = {},
): Promise<ServiceRequestsTestApp> {
  const bed = await identityTestBed('service-requests', env);
  const { service: serviceRequests, config } = await bed.host(serviceRequestsService);
  const app = await bed.mount('service-requests-test', config, [serviceRequests.plugin]);
  const { db } = serviceRequests.context;
  return {
    app,
    identity: bed.identity,
    serviceRequests,
    bus: bed.bus,
    hc: bed.hc,
    userId: bed.userId,
    query: (sql, params) => bed.database.query(sql, params),
    events: (subject) => outboxEvents(db, outbox, subject),
    close: () => bed.close(),
  };
}
