import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Content, contentService } from '@porta/content';
import { ATTACHMENT_PART_BYTES } from '@porta/contracts';
import { apiClient, type IdentityTestBed, identityTestBed, loginAs } from '@porta/identity/testing';
import type { App } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsService } from '../service.js';
import { multipartFile, pdf } from '../testing/index.js';

/**
 * "Copy attachments to documents" (03 §3 Article, §5, §9) with content and documents on one bus, as
 * the embedded gateway runs them: content gives the article's files in parts, documents stores them
 * in the chosen standard folder of each chosen housing company, all or nothing.
 */

let bed: IdentityTestBed;
let app: App;
let content: Content;
type Client = ReturnType<typeof apiClient>;
const as: Record<string, Client> = {};
const P = '/api/documents';

/** A PDF larger than three parts, so that it crosses the bus in several. */
const large = Buffer.concat([pdf('Large'), Buffer.alloc(3 * ATTACHMENT_PART_BYTES + 12_345, 0x20)]);
const small = pdf('Agenda');

beforeAll(async () => {
  bed = await identityTestBed('documents-copies', { READS_KEPT_MS: '0' });
  const hostedContent = await bed.host(contentService);
  content = hostedContent.service;
  const { service: documents, config } = await bed.host(documentsService);
  app = await bed.mount('copies-test', config, [content.plugin, documents.plugin]);
  for (const key of ['manager', 'othermanager', 'owner', 'staff']) {
    as[key] = apiClient(app, (await loginAs(app, key)).accessToken);
  }
}, 120_000);
afterAll(async () => {
  await bed?.close();
});

async function attachment(fileName: string, data: Buffer): Promise<string> {
  const { payload, headers } = multipartFile(fileName, data);
  const token = (await loginAs(app, 'manager')).accessToken;
  const res = await app.inject({
    method: 'POST',
    url: '/api/content/admin/assets?purpose=attachment',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** A draft article of the manager's for Linden Court carrying the attachments. */
async function article(attachmentIds: string[]): Promise<string> {
  const res = await as.manager!.post('/api/content/admin/articles', {
    variants: { en: { title: 'Annual meeting', introduction: 'Papers', content: '<p>See the papers</p>' } },
    targeting: { housingCompanyIds: [bed.hc.lindenCourt], buildingTaxonomies: [] },
    status: 'draft',
    attachmentIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

async function documentRows(): Promise<number> {
  const [row] = await bed.database.query<{ n: number }>('select count(*)::int as n from documents.documents');
  return row!.n;
}
function storedFiles(): string[] {
  const dir = join(bed.dataDir, 'files', 'documents');
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe('POST /attachment-copies', () => {
  it("copies an article's attachments, whole and in order, into the folder of the key in each company", async () => {
    const ids = [await attachment('minutes.pdf', large), await attachment('agenda.pdf', small)];
    const articleId = await article(ids);
    const res = await as.manager!.post(`${P}/attachment-copies`, {
      articleId,
      housingCompanyIds: [bed.hc.lindenCourt, bed.hc.harbourView],
      folderKey: 'hc_common',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { copies } = res.json<{
      copies: { housingCompanyId: string; folderId: string; uploadBatchId: string; documentIds: string[] }[];
    }>();
    expect(copies.map((c) => c.housingCompanyId)).toEqual([bed.hc.lindenCourt, bed.hc.harbourView]);
    for (const copy of copies) {
      const folders = await as.manager!.get(`${P}/housing-companies/${copy.housingCompanyId}/folders`);
      const common = folders
        .json<{ folders: { id: string; key: string }[] }>()
        .folders.find((f) => f.key === 'hc_common');
      expect(copy.folderId).toBe(common!.id);
      expect(copy.documentIds).toHaveLength(2);
      const [first, second] = copy.documentIds as [string, string];
      const meta = await as.manager!.get(`${P}/documents/${first}`);
      expect(meta.json()).toMatchObject({
        name: 'minutes.pdf',
        mimeType: 'application/pdf',
        size: large.length,
      });
      const bytes = await as.manager!.get(`${P}/documents/${first}/file`);
      expect(bytes.rawPayload.equals(large)).toBe(true);
      expect((await as.manager!.get(`${P}/documents/${second}/file`)).rawPayload.equals(small)).toBe(true);
      // The residents of the company read them where the folder lets them.
      const owner = await as.owner!.get(`${P}/folders/${copy.folderId}/documents`);
      expect(owner.json<{ items: { id: string }[] }>().items.map((d) => d.id)).toEqual(
        expect.arrayContaining(copy.documentIds),
      );
    }
  });

  it('refuses what the caller may not do, and stores nothing', async () => {
    const articleId = await article([await attachment('plan.pdf', small)]);
    const rows = await documentRows();
    const files = storedFiles().length;
    const cases: [Client, Record<string, unknown>, number, string][] = [
      // Not a member of Linden Court: the company is not there for them.
      [as.othermanager!, { housingCompanyIds: [bed.hc.lindenCourt] }, 404, 'DOC_HOUSING_COMPANY_NOT_FOUND'],
      // Their own company, but the article is outside their editorial scope.
      [as.othermanager!, { housingCompanyIds: [bed.hc.birchHill] }, 404, 'DOC_ARTICLE_NOT_FOUND'],
      // An owner reads the common folder but may not upload to it.
      [as.owner!, { housingCompanyIds: [bed.hc.lindenCourt] }, 403, 'DOC_UPLOAD_NOT_PERMITTED'],
      [as.manager!, { folderKey: 'home' }, 400, 'DOC_HOME_FOLDER_CATEGORY_REQUIRED'],
      [as.manager!, { folderKey: undefined }, 400, 'VALIDATION_FAILED'],
      [as.manager!, { folderKey: 'apt_owner' }, 400, 'VALIDATION_FAILED'],
      [as.manager!, { housingCompanyIds: [] }, 400, 'VALIDATION_FAILED'],
      [
        as.manager!,
        { housingCompanyIds: Array.from({ length: 6 }, () => crypto.randomUUID()) },
        400,
        'VALIDATION_FAILED',
      ],
      [as.manager!, { articleId: crypto.randomUUID() }, 404, 'DOC_ARTICLE_NOT_FOUND'],
      [as.manager!, { articleId: await article([]) }, 409, 'DOC_COPY_NO_ATTACHMENTS'],
    ];
    for (const [client, change, status, code] of cases) {
      const res = await client.post(`${P}/attachment-copies`, {
        articleId,
        housingCompanyIds: [bed.hc.lindenCourt],
        folderKey: 'hc_common',
        ...change,
      });
      expect([res.statusCode, res.json().code], JSON.stringify(change)).toEqual([status, code]);
    }
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('keeps nothing when a file cannot be read whole midway', async () => {
    const ids = [await attachment('first.pdf', large), await attachment('gone.pdf', large)];
    const articleId = await article(ids);
    const [gone] = await bed.database.query<{ storage_key: string }>(
      'select storage_key from content.assets where id = $1',
      [ids[1]],
    );
    await content.context.storage.delete(gone!.storage_key);
    const rows = await documentRows();
    const files = storedFiles().length;
    const res = await as.staff!.post(`${P}/attachment-copies`, {
      articleId,
      housingCompanyIds: [bed.hc.lindenCourt, bed.hc.birchHill],
      folderKey: 'hc_board',
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'DOC_COPY_FAILED']);
    expect(await documentRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });
});
