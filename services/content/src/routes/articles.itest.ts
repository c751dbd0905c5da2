import { CONTENT_EVENTS } from '@porta/contracts';
import type { BusMessage } from '@porta/service-kit';
import { requireService } from '@porta/service-kit/testing';
import { arrayOverlaps, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articles, directoryHousingCompanies } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { announceDue, announceJob } from '../jobs/announce.job.js';
import {
  Closers,
  type ContentNode,
  cleanupNats,
  cleanupRedis,
  createDatabases,
  dropDatabases,
  type IdentityNode,
  itUrls,
  type NamespacedBus,
  natsBus,
  runId,
  sleep,
  startContentNode,
  startIdentityNode,
  streamCount,
  until,
} from '../testing/distributed.js';
import { apiClient, loginAs } from '../testing/index.js';

/**
 * Articles in the distributed mode: identity and two content processes (one database, a relay
 * and a BullMQ worker each) on PostgreSQL, NATS JetStream and Redis. Publishing writes
 * 'content.article.published.v1' to content's outbox with the housing companies it reaches, the
 * relays put it on JetStream once, the announce repeat job on BullMQ announces scheduled
 * articles once when the clock passes their time, and residents read only what targets them.
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const redisUp = await requireService('Redis', itUrls.REDIS_URL);
const ns = runId();
const identityDatabase = `porta_it_content_${ns}_identity`;
const contentDatabase = `porta_it_content_${ns}_content`;
const jobsPrefix = `porta-it-${ns}`;
const HOUR = 3_600_000;
const PUBLISHED = CONTENT_EVENTS.articlePublished;

type Client = ReturnType<typeof apiClient>;
type Published = { articleId: string; housingCompanyIds: string[]; codename: string; publishedAt: string };

describe.skipIf(!postgresUp || !natsUp || !redisUp)(
  'articles on PostgreSQL, NATS JetStream and BullMQ',
  () => {
    let identity: IdentityNode;
    let a: ContentNode;
    let b: ContentNode;
    let observer: NamespacedBus;
    const closers = new Closers();
    /** What a consumer of content's events (notifications) received, in order. */
    const received: BusMessage<Published>[] = [];
    const as: Record<string, Client> = {};
    const hc = { harbourView: '', lindenCourt: '', birchHill: '' };
    /** Messages expected on this run's published subject so far. */
    let announced = 0;

    beforeAll(async () => {
      await createDatabases(identityDatabase, contentDatabase);
      identity = await startIdentityNode({ ns, databaseName: identityDatabase });
      closers.add('identity', () => identity.close());
      await identity.identity.start();

      // A consumer of the published events, subscribed before anything is published.
      observer = await natsBus(ns, 'observer');
      closers.add('observer', () => observer.close());
      // Closing the bus stops the subscription.
      await observer.subscribe<Published>(
        PUBLISHED,
        async (message) => {
          received.push(message);
        },
        { durable: 'notifications-observer' },
      );

      // Two content processes on one database; the announce job every second.
      const env = { ANNOUNCE_EVERY_SECONDS: '1' };
      for (const name of ['content-a', 'content-b']) {
        const node = await startContentNode({
          ns,
          name,
          databaseName: contentDatabase,
          identityAddress: identity.address,
          jobsPrefix,
          env,
        });
        closers.add(name, () => node.close());
        await node.start();
        if (name === 'content-a') a = node;
        else b = node;
      }

      const rows = await a.content.context.db.select().from(directoryHousingCompanies);
      const idOf = (ext: string) => rows.find((r) => r.hcExt === ext)!.id;
      hc.harbourView = idOf('DEMO-1000');
      hc.lindenCourt = idOf('DEMO-2000');
      hc.birchHill = idOf('DEMO-3000');
      for (const key of ['admin', 'manager', 'othermanager', 'tenant', 'neighbour']) {
        as[key] = apiClient(a.app, (await loginAs(identity.app, key)).accessToken);
      }
    });

    afterEach(() => {
      a?.clock.reset();
      b?.clock.reset();
    });

    afterAll(async () => {
      try {
        await closers.closeAll();
      } finally {
        await cleanupNats(ns);
        await cleanupRedis(jobsPrefix);
        await dropDatabases(identityDatabase, contentDatabase);
      }
    });

    /** content's outbox rows about one article. */
    function outboxOf(articleId: string) {
      return a.database.query<{ id: string; subject: string; payload: Published; published_at: Date | null }>(
        `select id, subject, payload, published_at from content.outbox where payload->>'articleId' = $1 order by id`,
        [articleId],
      );
    }

    const receivedFor = (articleId: string) => received.filter((m) => m.data.articleId === articleId);

    /** The article create body for these housing companies. */
    function article(title: string, housingCompanyIds: string[], extra: Record<string, unknown> = {}) {
      return {
        variants: { en: { title, content: `<p>${title}</p>` } },
        targeting: { housingCompanyIds, buildingTaxonomies: [] },
        status: 'published',
        ...extra,
      };
    }

    async function create(client: Client, body: Record<string, unknown>) {
      const res = await client.post('/api/content/admin/articles', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; codename: string; scheduled: boolean; announcedAt: string | null };
    }

    const announceRuns = () => {
      const name = announceJob(a.content.context).name;
      return (a.jobs?.runs.get(name) ?? 0) + (b.jobs?.runs.get(name) ?? 0);
    };

    async function newsCodenames(client: Client, housingCompanyId: string) {
      const res = await client.get(`/api/content/news?housingCompanyId=${housingCompanyId}&limit=50`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { codename: string }[] }).items.map((i) => i.codename);
    }

    it('publishing for now writes the event with its housing companies in the outbox, and the relays deliver it on JetStream once', async () => {
      const created = await create(
        as.manager!,
        article('Water cut on Tuesday', [hc.lindenCourt, hc.harbourView], { userRoles: ['owner', 'tenant'] }),
      );
      expect(created.scheduled).toBe(false);
      expect(created.announcedAt).not.toBeNull();

      // Written in the publishing transaction: there as soon as the answer is.
      const [row, ...more] = await outboxOf(created.id);
      expect(more).toEqual([]);
      expect(row!.subject).toBe(PUBLISHED);
      expect([...row!.payload.housingCompanyIds].sort()).toEqual([hc.lindenCourt, hc.harbourView].sort());
      expect(row!.payload).toMatchObject({ codename: created.codename, userRoles: ['owner', 'tenant'] });

      await until(() => receivedFor(created.id).length > 0, 15_000, 'the event on JetStream');
      await until(
        async () => (await outboxOf(created.id))[0]!.published_at !== null,
        10_000,
        'the relay to mark the row',
      );
      await sleep(1_500);
      const [message, ...again] = receivedFor(created.id);
      expect(again).toEqual([]);
      expect(message!.id).toBe(row!.id);
      expect(message!.subject).toBe(PUBLISHED);
      expect(message!.data).toEqual(row!.payload);
      announced += 1;
      expect(await streamCount(observer.event(PUBLISHED))).toBe(announced);
    });

    it('two announce runs at once, in two processes, announce each scheduled article once', async () => {
      const at = new Date(a.clock.now().getTime() + HOUR).toISOString();
      const scheduled: Awaited<ReturnType<typeof create>>[] = [];
      for (let i = 1; i <= 4; i++) {
        scheduled.push(
          await create(as.manager!, article(`Scheduled ${i}`, [hc.lindenCourt], { publishAt: at })),
        );
      }
      expect(scheduled.every((s) => s.scheduled && s.announcedAt === null)).toBe(true);
      for (const s of scheduled) expect(await outboxOf(s.id)).toEqual([]);

      // Both processes' runs see a clock past publishAt (their jobs keep the real time meanwhile).
      const later: Clock = { now: () => new Date(Date.now() + 2 * HOUR) };
      const runs = await Promise.all([
        announceDue({ ...a.content.context, clock: later }),
        announceDue({ ...b.content.context, clock: later }),
      ]);
      expect(runs[0]!.articles + runs[1]!.articles).toBe(4);
      for (const s of scheduled) expect(await outboxOf(s.id)).toHaveLength(1);

      await until(
        () => scheduled.every((s) => receivedFor(s.id).length > 0),
        15_000,
        'the four events on JetStream',
      );
      await sleep(1_500);
      for (const s of scheduled) {
        const got = receivedFor(s.id);
        expect(got).toHaveLength(1);
        expect(got[0]!.data).toMatchObject({ housingCompanyIds: [hc.lindenCourt], publishedAt: at });
      }
      announced += 4;
      expect(await streamCount(observer.event(PUBLISHED))).toBe(announced);
    });

    it('the announce repeat job on BullMQ announces a scheduled article once the clock has passed its time, and once only', async () => {
      const at = new Date(a.clock.now().getTime() + HOUR).toISOString();
      const created = await create(
        as.manager!,
        article('Elevator service', [hc.lindenCourt], { publishAt: at }),
      );
      expect(created).toMatchObject({ scheduled: true, announcedAt: null });

      // The job runs, but nothing is due yet.
      const before = announceRuns();
      await until(() => announceRuns() >= before + 2, 20_000, 'two announce job runs');
      expect(await outboxOf(created.id)).toEqual([]);
      expect(await newsCodenames(as.tenant!, hc.lindenCourt)).not.toContain(created.codename);

      // Time passes in both processes: the next run announces it.
      a.clock.set(new Date(Date.now() + 2 * HOUR));
      b.clock.set(new Date(Date.now() + 2 * HOUR));
      // Besides the schedule's runs, two more enqueued at once (the two workers can run them side by side).
      const after = announceRuns();
      const job = announceJob(a.content.context);
      await Promise.all([
        a.jobs!.enqueue(job, {}, { jobId: `announce-now-a-${ns}` }),
        b.jobs!.enqueue(job, {}, { jobId: `announce-now-b-${ns}` }),
      ]);
      await until(() => receivedFor(created.id).length > 0, 20_000, 'the announcement on JetStream');
      await until(() => announceRuns() >= after + 3, 20_000, 'three more announce job runs');
      await sleep(1_000);

      expect(await outboxOf(created.id)).toHaveLength(1);
      const got = receivedFor(created.id);
      expect(got).toHaveLength(1);
      expect(got[0]!.data).toMatchObject({ housingCompanyIds: [hc.lindenCourt], publishedAt: at });
      announced += 1;
      expect(await streamCount(observer.event(PUBLISHED))).toBe(announced);
      const [row] = await a.content.context.db.select().from(articles).where(eq(articles.id, created.id));
      expect(row!.announcedAt).not.toBeNull();
      expect(await newsCodenames(as.tenant!, hc.lindenCourt)).toContain(created.codename);
    });

    it('a resident reads only the news targeted at their housing company (audience && keys on PostgreSQL)', async () => {
      await create(as.manager!, article('Linden only', [hc.lindenCourt], { codename: 'it-linden-only' }));
      await create(as.othermanager!, article('Birch only', [hc.birchHill], { codename: 'it-birch-only' }));
      const region = await create(as.admin!, {
        ...article('Uusimaa region', [], { codename: 'it-uusimaa' }),
        targeting: { housingCompanyIds: [], buildingTaxonomies: ['uusimaa'] },
      });
      await create(as.admin!, article('Everyone', [], { codename: 'it-everyone' }));

      const linden = await newsCodenames(as.tenant!, hc.lindenCourt);
      expect(linden).toEqual(expect.arrayContaining(['it-linden-only', 'it-uusimaa', 'it-everyone']));
      expect(linden).not.toContain('it-birch-only');
      // Everything else in the database targets Linden Court or Harbour View.
      expect((await newsCodenames(as.neighbour!, hc.birchHill)).sort()).toEqual([
        'it-birch-only',
        'it-everyone',
      ]);
      const elsewhere = await as.tenant!.get(`/api/content/news?housingCompanyId=${hc.birchHill}`);
      expect(elsewhere.statusCode).toBe(404);

      // A term reaches the companies below it: resolved from the read model's taxonomy paths.
      const [event] = await outboxOf(region.id);
      expect([...event!.payload.housingCompanyIds].sort()).toEqual([hc.harbourView, hc.lindenCourt].sort());

      // `audience && keys` can use the GIN index on the audience: with plain scans of the table
      // and of btree indexes switched off, the plan reads it by a bitmap scan of that index.
      const db = a.content.context.db;
      const keys = ['all', `hc:${hc.birchHill}`, 'term:tampere', 'term:pirkanmaa'];
      const query = db
        .select({ id: articles.id })
        .from(articles)
        .where(arrayOverlaps(articles.audience, keys));
      expect((await query).length).toBe(2);
      const gin = await a.database.query<{ indexname: string }>(
        `select indexname from pg_indexes where schemaname = 'content' and tablename = 'articles'
           and indexdef like '%USING gin (audience)'`,
      );
      expect(gin.map((i) => i.indexname)).toContain('articles_audience_idx');
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        return tx.execute(sql`explain (format json) ${query.getSQL()}`);
      });
      const text = JSON.stringify(plan);
      expect(text).toContain('"Node Type":"Bitmap Index Scan"');
      expect(
        gin.some((i) => text.includes(`"Index Name":"${i.indexname}"`)),
        text,
      ).toBe(true);
    });
  },
);
