import { createHash } from 'node:crypto';
import { startContentNode } from '@porta/content/testing/distributed';
import type {
  AttachmentCopyResponse,
  DownloadLink,
  Folder,
  FolderList,
  UploadResult,
} from '@porta/contracts';
import { createDocuments, zDocumentsConfig } from '@porta/documents';
import { multipartFiles, pdf, unzipStored } from '@porta/documents/testing';
import { type IdentityNode, startIdentityNode } from '@porta/identity/testing';
import { type App, BullJobs, createStorage, type Database, silentLogger } from '@porta/service-kit';
import {
  Closers,
  cleanupNats,
  createDatabases,
  dropDatabases,
  itUrls,
  requireService,
  runId,
  startS3Server,
  until,
} from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPeople, inboxOf, startNotificationsNode, startServiceNode } from '../testing/itest-nodes.js';

/**
 * Documents in the distributed mode: identity, documents and notifications each with their own
 * PostgreSQL database, NATS between them, the announcement job on BullMQ (Redis) and the files in
 * an S3-compatible store (s3rver). The issue's acceptance on the real parts: staff make a folder
 * readable by owners only and upload three files with "notify users"; the owner is told (once, for
 * the batch), downloads the three as one zip with the same bytes; the tenant neither sees nor is
 * told; Birch Hill's resident gets 404 for the file. documents' migrations run on PostgreSQL here.
 * Then content (its own database) gives an article's attachments, in parts over NATS, to be copied
 * into two housing companies' folders.
 */

const postgresUp = await requireService('PostgreSQL', itUrls.DATABASE_URL);
const natsUp = await requireService('NATS', itUrls.NATS_URL);
const redisUp = await requireService('Redis', itUrls.REDIS_URL);
const ns = runId();
const databases = {
  identity: `porta_it_doc_${ns}_identity`,
  documents: `porta_it_doc_${ns}_documents`,
  content: `porta_it_doc_${ns}_content`,
  notifications: `porta_it_doc_${ns}_notifications`,
};
const P = '/api/documents';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.skipIf(!postgresUp || !natsUp || !redisUp)('documents on PostgreSQL, NATS, Redis and S3', () => {
  const closers = new Closers();
  let identity: IdentityNode;
  let app: App;
  let documentsDb: Database;
  let notificationsDb: Database;
  let people: Awaited<ReturnType<typeof demoPeople>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let contentApp: App;

  beforeAll(async () => {
    await createDatabases(...Object.values(databases));
    closers.add('databases', () => dropDatabases(...Object.values(databases)));
    closers.add('nats', () => cleanupNats(ns));
    s3 = await startS3Server(`porta-${ns}`.toLowerCase().slice(0, 60));
    closers.add('s3', () => s3.close());
    identity = await startIdentityNode({ ns, databaseName: databases.identity });
    closers.add('identity', () => identity.close());
    await identity.identity.start();
    notificationsDb = await startNotificationsNode(closers, { ns, databaseName: databases.notifications });
    const jobs = new BullJobs({ url: itUrls.REDIS_URL, logger: silentLogger, prefix: `porta-it-${ns}` });
    closers.add('jobs', () => jobs.close());
    const s3Env = Object.fromEntries(Object.entries(s3.settings).map(([k, v]) => [k, String(v)]));
    ({ app, database: documentsDb } = await startServiceNode(closers, {
      ns,
      name: 'documents',
      databaseName: databases.documents,
      identity,
      schema: zDocumentsConfig,
      env: { ...s3Env, DOCUMENTS_ANNOUNCE_DELAY_SECONDS: '2' },
      create: (deps) => createDocuments({ ...deps, jobs }),
    }));
    await jobs.start();
    people = await demoPeople(identity, app, ['manager', 'owner', 'tenant', 'neighbour'], 'documents');
    const content = await startContentNode({
      ns,
      name: 'content',
      databaseName: databases.content,
      identityAddress: identity.address,
    });
    closers.add('content', () => content.close());
    await content.start();
    contentApp = content.app;
  }, 120_000);

  afterAll(() => closers.closeAll());

  it('carries the acceptance: a folder for owners, three files, one notice, the same bytes in a zip', async () => {
    const created = await people.as.manager!.post(`${P}/housing-companies/${people.lindenCourt}/folders`, {
      name: 'Owners only',
    });
    expect(created.statusCode, created.body).toBe(201);
    const folder = created.json<Folder>();
    const ruled = await people.as.manager!.put(`${P}/folders/${folder.id}/rules`, {
      rules: [{ group: 'hc_owners', read: true, create: false, update: false, delete: false }],
    });
    expect(ruled.statusCode, ruled.body).toBe(200);

    const files = [
      { fileName: 'Minutes.pdf', data: pdf('minutes') },
      { fileName: 'Budget.pdf', data: pdf('budget') },
      { fileName: 'Plan.pdf', data: pdf('plan') },
    ];
    // One request a file, as the apps send them, sharing the batch.
    let batch: string | undefined;
    for (const file of files) {
      const { payload, headers } = multipartFiles([file]);
      const res = await app.inject({
        method: 'POST',
        url: `${P}/folders/${folder.id}/documents?notifyUsers=true${batch ? `&uploadBatchId=${batch}` : ''}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${await people.tokenOf('manager')}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      batch = res.json<UploadResult>().uploadBatchId;
    }
    // The bytes are in the object store, not on the disk.
    const [stored] = await documentsDb.query<{ storage_key: string }>(
      'select storage_key from documents.documents where file_name = $1',
      ['Budget.pdf'],
    );
    expect(await createStorage(s3.settings).exists(stored!.storage_key)).toBe(true);

    // The owner is told once, for the batch (BullMQ's delayed job, then NATS); the tenant is not.
    const documentNotices = async (key: string) =>
      (await inboxOf(notificationsDb, people.userIds[key]!)).filter((n) => n.type === 'document');
    await until(
      async () => (await documentNotices('owner')).length > 0,
      20_000,
      'the owner told of the upload',
    );
    const notices = await documentNotices('owner');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('New documents in Owners only: Minutes.pdf, Budget.pdf, Plan.pdf');
    expect(notices[0]!.target_url).toContain(`/documents?folder=${folder.id}`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await documentNotices('tenant')).toEqual([]);
    expect(await documentNotices('owner')).toHaveLength(1);

    // The owner's zip holds the same bytes.
    const page = (await people.as.owner!.get(`${P}/folders/${folder.id}/documents`)).json<{
      items: { id: string }[];
    }>();
    const link = await people.as.owner!.post(`${P}/housing-companies/${people.lindenCourt}/downloads`, {
      ids: page.items.map((d) => d.id),
    });
    expect(link.statusCode, link.body).toBe(201);
    const zip = await app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    expect(zip.statusCode).toBe(200);
    const entries = unzipStored(zip.rawPayload);
    for (const file of files) expect(sha(entries.get(file.fileName)!)).toBe(sha(file.data));

    // The tenant does not see the folder; Birch Hill's resident gets 404 for the file.
    const tenant = (
      await people.as.tenant!.get(`${P}/housing-companies/${people.lindenCourt}/folders`)
    ).json<FolderList>();
    expect(tenant.folders.map((f) => f.id)).not.toContain(folder.id);
    const fileUrl = `${P}/documents/${page.items[0]!.id}/file`;
    expect((await people.as.neighbour!.get(fileUrl)).statusCode).toBe(404);
    expect((await people.as.tenant!.get(fileUrl)).statusCode).toBe(404);
    const own = await people.as.owner!.get(fileUrl);
    expect(own.statusCode).toBe(200);
    expect(own.body.startsWith('%PDF')).toBe(true);
  });

  it("copies an article's attachments from content, in parts over NATS, into two companies' folders", async () => {
    // Larger than a NATS message: it can only cross in parts.
    const big = Buffer.concat([pdf('handbook'), Buffer.alloc(1_500_000, 0x20)]);
    const token = await people.tokenOf('manager');
    const { payload, headers } = multipartFiles([{ fileName: 'Handbook.pdf', data: big }]);
    const asset = await contentApp.inject({
      method: 'POST',
      url: '/api/content/admin/assets?purpose=attachment',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(asset.statusCode, asset.body).toBe(201);
    const article = await contentApp.inject({
      method: 'POST',
      url: '/api/content/admin/articles',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        variants: { en: { title: 'Handbook', introduction: 'The handbook', content: '<p>Read it</p>' } },
        targeting: { housingCompanyIds: [people.lindenCourt], buildingTaxonomies: [] },
        status: 'draft',
        attachmentIds: [asset.json<{ id: string }>().id],
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    const [harbourView] = await identity.database.query<{ id: string }>(
      `select id from identity.housing_companies where hc_ext = 'DEMO-1000'`,
    );
    const res = await people.as.manager!.post(`${P}/attachment-copies`, {
      articleId: article.json<{ id: string }>().id,
      housingCompanyIds: [people.lindenCourt, harbourView!.id],
      folderKey: 'hc_common',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { copies } = res.json<AttachmentCopyResponse>();
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      const file = await people.as.manager!.get(`${P}/documents/${copy.documentIds[0]}/file`);
      expect(file.statusCode).toBe(200);
      expect(sha(file.rawPayload)).toBe(sha(big));
    }
  });
});
