import type { Identity } from '@porta/identity';
import { apiClient, identityTestBed, loginAs } from '@porta/identity/testing';
import { type App, createStorage, loadConfig, type MemoryBus, silentLogger } from '@porta/service-kit';
import { outboxEvents } from '@porta/service-kit/testing';
import { inArray } from 'drizzle-orm';
import { type Content, createContent } from '../app.js';
import { type ContentConfig, zContentConfig } from '../config.js';
import { directoryHousingCompanies, outbox } from '../db/schema.js';
import { ShiftableClock } from '../domain/clock.js';

export { apiClient, loginAs };

export interface ContentTestApp {
  app: App;
  identity: Identity;
  content: Content;
  clock: ShiftableClock;
  bus: MemoryBus;
  /** Demo housing companies by hcExt: DEMO-1000 Harbour View (construction), DEMO-2000 Linden Court, DEMO-3000 Birch Hill. */
  hc: { harbourView: string; lindenCourt: string; birchHill: string };
  /** Events the content service wrote, oldest first. */
  events(subject?: string): Promise<{ subject: string; payload: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

/**
 * identity and content on one fresh in-memory PGlite with an in-process bus, as the embedded
 * gateway runs them: identity migrated and seeded with its demo feature toggles (no demo content),
 * content migrated with its directory pulled from identity. Sign in with loginAs / apiClientAs.
 * Reads are not kept (READS_KEPT_MS 0) unless `env` says otherwise.
 */
export async function contentTestApp(env: Record<string, string> = {}): Promise<ContentTestApp> {
  // With the demo's feature toggles: the service shop, both feeds and the FAQ are on everywhere.
  // The route tests write to the database behind the service's back, so nothing is kept between
  // reads unless a test asks for it (kept-reads.routes.test.ts).
  const bed = await identityTestBed('content', { READS_KEPT_MS: '0', ...env });
  const config: ContentConfig = loadConfig(zContentConfig, bed.env);
  // Made by hand rather than from its declaration: the tests move its clock.
  const clock = new ShiftableClock();
  const content = createContent({
    database: bed.database,
    config,
    storage: createStorage(config),
    logger: silentLogger,
    bus: bed.bus,
    clock,
  });
  await content.migrate();
  await content.start();
  const app = await bed.mount('content-test', config, [content.plugin]);
  const db = content.context.db;
  const hcs = await db.select().from(directoryHousingCompanies);
  const idOf = (ext: string) => {
    const row = hcs.find((h) => h.hcExt === ext);
    if (!row) throw new Error(`demo housing company ${ext} missing from the directory`);
    return row.id;
  };
  return {
    app,
    identity: bed.identity,
    content,
    clock,
    bus: bed.bus,
    hc: { harbourView: idOf('DEMO-1000'), lindenCourt: idOf('DEMO-2000'), birchHill: idOf('DEMO-3000') },
    events: (subject) => outboxEvents(db, outbox, subject),
    close: () => bed.close(() => content.stop()),
  };
}

/** Requests to the app as a demo user (admin, staff, manager, board, owner, tenant, partner, neighbour…). */
export async function clientAs(t: ContentTestApp, key: string) {
  return apiClient(t.app, (await loginAs(t.app, key)).accessToken);
}

/**
 * The fields of a staff record that its write schema takes, as the staff app sends a record back:
 * the staff bodies are strict, so an answer's read-only fields (id, author, canEdit…) are refused.
 */
export function writeFields(
  schema: { shape: Record<string, unknown> },
  record: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(schema.shape).flatMap((key) => (key in record ? [[key, record[key]]] : [])),
  );
}

/**
 * Add housing companies to content's directory read model only (identity does not know them): to
 * reach past BROAD_AUDIENCE_THRESHOLD with the few demo companies, say. Completed in 2020 (living
 * phase), under the given building-taxonomy path. Answers their ids and how to remove them again.
 */
export async function addDirectoryHousingCompanies(
  t: ContentTestApp,
  count: number,
  options: { taxonomyPath?: string[] } = {},
): Promise<{ ids: string[]; remove(): Promise<void> }> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    hcExt: `TEST-DIR-${crypto.randomUUID().slice(0, 8)}-${i}`,
    name: `Directory ${i} Oy`,
    completionDate: '2020-01-01',
    taxonomyPath: options.taxonomyPath ?? [],
  }));
  const db = t.content.context.db;
  await db.insert(directoryHousingCompanies).values(rows);
  const ids = rows.map((r) => r.id);
  return {
    ids,
    async remove() {
      await db.delete(directoryHousingCompanies).where(inArray(directoryHousingCompanies.id, ids));
    },
  };
}
