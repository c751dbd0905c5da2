import { IDENTITY_DIRECTORY_RPC } from '@porta/contracts';
import { requireService } from '@porta/service-kit/testing';
import { asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryApartments, directoryHousingCompanies, directorySyncs } from '../db/schema.js';
import {
  Closers,
  type ContentNode,
  cleanupNats,
  createDatabases,
  dropDatabases,
  type IdentityNode,
  itUrls,
  runId,
  startContentNode,
  startIdentityNode,
  until,
} from '../testing/distributed.js';
import { apiClient, loginAs } from '../testing/index.js';
import { refreshHousingCompanies, syncDirectory } from './directory.js';

/**
 * The directory read model in the distributed mode: identity and content as separate processes
 * would run them, each on its own PostgreSQL database, talking only over NATS (request/reply on
 * rpc.identity.directory.get.v1 and identity's events on the JetStream stream).
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const ns = runId();
const identityDatabase = `porta_it_content_${ns}_identity`;
const contentDatabase = `porta_it_content_${ns}_content`;
const largeDatabase = `porta_it_content_${ns}_large`;

describe.skipIf(!postgresUp || !natsUp)('the directory read model over NATS JetStream', () => {
  let identity: IdentityNode;
  let content: ContentNode;
  let second: ContentNode;
  const closers = new Closers();

  beforeAll(async () => {
    await createDatabases(identityDatabase, contentDatabase, largeDatabase);
    // identity is up and seeded, but does not answer directory requests until start().
    identity = await startIdentityNode({ ns, databaseName: identityDatabase });
    closers.add('identity', () => identity.close());
  });

  afterAll(async () => {
    try {
      await closers.closeAll();
    } finally {
      await cleanupNats(ns);
      await dropDatabases(identityDatabase, contentDatabase, largeDatabase);
    }
  });

  /** Start identity's relay and directory responder (once). */
  let serving: Promise<void> | undefined;
  const serve = () => {
    serving ??= identity.identity.start();
    return serving;
  };

  /** identity's housing companies with their apartment counts, from identity's own database. */
  async function identityCompanies() {
    const rows = await identity.database.query<{
      id: string;
      hc_ext: string;
      name: string;
      apartments: number;
    }>(
      `select h.id, h.hc_ext, h.name,
         (select count(*) from identity.apartments a where a.housing_company_id = h.id)::int as apartments
       from identity.housing_companies h order by h.id`,
    );
    return rows.map((r) => ({ id: r.id, hcExt: r.hc_ext, name: r.name, apartments: r.apartments }));
  }

  /** The same from content's read model, in content's database. */
  async function modelCompanies() {
    const db = content.content.context.db;
    const hcs = await db.select().from(directoryHousingCompanies).orderBy(asc(directoryHousingCompanies.id));
    const apts = await db
      .select({ hc: directoryApartments.housingCompanyId, n: count() })
      .from(directoryApartments)
      .groupBy(directoryApartments.housingCompanyId);
    return hcs.map((h) => ({
      id: h.id,
      hcExt: h.hcExt,
      name: h.name,
      apartments: apts.find((a) => a.hc === h.id)?.n ?? 0,
    }));
  }

  it("content's first start pulls every housing company from identity by request/reply, retrying until identity answers", async () => {
    content = await startContentNode({
      ns,
      name: 'content',
      databaseName: contentDatabase,
      identityAddress: identity.address,
    });
    closers.add('content', () => content.close());
    const starting = content.start();
    // Processes start side by side: the first request finds nobody to answer it.
    await until(
      () => content.logger.records.some((r) => r.msg.includes('did not answer the directory request')),
      20_000,
      'the first directory request to go unanswered',
    );
    await serve();
    await starting;

    const asked = content.bus.requests.filter((r) => r.subject === IDENTITY_DIRECTORY_RPC);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked[0]!.data).toEqual({ afterId: null, limit: expect.any(Number) });

    const expected = await identityCompanies();
    expect(expected.map((h) => h.hcExt)).toEqual(
      expect.arrayContaining(['DEMO-1000', 'DEMO-2000', 'DEMO-3000']),
    );
    expect(expected.every((h) => h.apartments > 0)).toBe(true);
    expect(await modelCompanies()).toEqual(expected);

    const db = content.content.context.db;
    const [linden] = await db
      .select()
      .from(directoryHousingCompanies)
      .where(eq(directoryHousingCompanies.hcExt, 'DEMO-2000'));
    expect(linden!.taxonomyPath).toEqual(['espoo', 'uusimaa']);
    expect(linden!.partnerContacts.length).toBeGreaterThan(0);
    const syncs = await db.select().from(directorySyncs);
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({
      housingCompanies: expected.length,
      apartments: expected.reduce((n, h) => n + h.apartments, 0),
    });
  });

  it('a second content process on the same database does not pull everything again', async () => {
    second = await startContentNode({
      ns,
      name: 'content-2',
      databaseName: contentDatabase,
      identityAddress: identity.address,
    });
    closers.add('content-2', () => second.close());
    await second.start();
    expect(second.bus.requests).toEqual([]);
    expect(await content.content.context.db.select().from(directorySyncs)).toHaveLength(1);
  });

  it("identity's changes reach the read model through identity's events (both content processes consuming)", async () => {
    const admin = apiClient(identity.app, (await loginAs(identity.app, 'admin')).accessToken);
    const birchHill = (await identityCompanies()).find((h) => h.hcExt === 'DEMO-3000')!.id;
    const newName = `Birch Hill ${ns}`;
    const renamed = await admin.put(`/api/identity/admin/housing-companies/${birchHill}`, { name: newName });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const apartment = await admin.post('/api/identity/admin/apartments', {
      housingCompanyId: birchHill,
      no: 'Z 99',
      aptext: `DEMO-3000-Z99-${ns}`,
      size: 77.5,
      rooms: 3,
    });
    expect(apartment.statusCode, apartment.body).toBe(201);

    const db = content.content.context.db;
    await until(
      async () => {
        const [hc] = await db
          .select()
          .from(directoryHousingCompanies)
          .where(eq(directoryHousingCompanies.id, birchHill));
        const apts = await db
          .select()
          .from(directoryApartments)
          .where(eq(directoryApartments.housingCompanyId, birchHill));
        return hc?.name === newName && apts.some((a) => a.no === 'Z 99' && a.size === 77.5);
      },
      20_000,
      () =>
        `the rename and the new apartment to reach content; content handled ${JSON.stringify([
          ...content.bus.deliveries,
          ...second.bus.deliveries,
        ])} and asked ${JSON.stringify([...content.bus.requests, ...second.bus.requests].slice(-5))}`,
    );
    expect(await modelCompanies()).toEqual(await identityCompanies());

    // It came by the events to the durable consumer, and a directory request by id.
    const handled = [...content.bus.deliveries, ...second.bus.deliveries].filter(
      (d) => d.durable === 'content-directory',
    );
    expect(handled.map((d) => d.subject)).toEqual(
      expect.arrayContaining(['identity.housing-company.updated.v1', 'identity.apartment.changed.v1']),
    );
    const byId = [...content.bus.requests, ...second.bus.requests].filter(
      (r) => r.subject === IDENTITY_DIRECTORY_RPC && (r.data as { ids?: string[] }).ids?.includes(birchHill),
    );
    expect(byId.length).toBeGreaterThanOrEqual(1);
    // identity's relay published them: nothing is left in its outbox.
    await until(
      async () =>
        (await identity.database.query(`select 1 from identity.outbox where published_at is null`)).length ===
        0,
      10_000,
      "identity's outbox to be published",
    );
  });
  it('pulls and refreshes a directory of large housing companies (250 of 90 apartments) in answers that fit NATS messages', async () => {
    // A page of 200 such companies is about 1.5 MB, over NATS's 1 MB max_payload: identity
    // could not send it. Added to identity's database directly (no events).
    await identity.database.query(
      `insert into identity.housing_companies
         (hc_ext, name, address_city, address_zip, address_country, completion_date, building_type)
       select 'IT-' || g, 'Large company ' || g, 'Espoo', lpad(g::text, 5, '0'), 'FI',
         date '2020-01-01' + g, 'block_of_flats'
       from generate_series(1, 250) g`,
    );
    await identity.database.query(
      `insert into identity.apartments (housing_company_id, no, aptext, size, rooms)
       select h.id, 'A ' || n, h.hc_ext || '-' || n, 30 + (n % 70) + 0.5, 1 + n % 5
       from identity.housing_companies h cross join generate_series(1, 90) n where h.hc_ext like 'IT-%'`,
    );
    await serve();
    const expected = await identityCompanies();
    expect(expected.reduce((n, h) => n + h.apartments, 0)).toBeGreaterThan(22_000);
    // A content process of its own (its own database, not started: no consumer, no relay).
    const large = await startContentNode({
      ns,
      name: 'content-large',
      databaseName: largeDatabase,
      identityAddress: identity.address,
    });
    closers.add('content-large', () => large.close());
    const ctx = large.content.context;

    const pulled = await syncDirectory(ctx);
    expect(pulled).toEqual({
      housingCompanies: expected.length,
      apartments: expected.reduce((n, h) => n + h.apartments, 0),
    });
    const db = ctx.db;
    const [stored] = await db.select({ n: count() }).from(directoryApartments);
    expect(stored!.n).toBe(pulled.apartments);

    // A taxonomy change makes content fetch every company again by id.
    await identity.database.query(
      `update identity.housing_companies set name = name || ' (renamed)' where hc_ext like 'IT-%'`,
    );
    const ids = (await db.select({ id: directoryHousingCompanies.id }).from(directoryHousingCompanies)).map(
      (r) => r.id,
    );
    await refreshHousingCompanies(ctx, ids);
    const [renamed] = await db
      .select({ n: count() })
      .from(directoryHousingCompanies)
      .where(like(directoryHousingCompanies.name, '% (renamed)'));
    expect(renamed!.n).toBe(250);

    expect(identity.logger.records.filter((r) => r.msg.includes('reply could not be sent'))).toEqual([]);
    const asked = large.bus.requests.filter((r) => r.subject === IDENTITY_DIRECTORY_RPC);
    expect(asked.length).toBeGreaterThan(2 * Math.ceil(expected.length / 200));
  });
});
