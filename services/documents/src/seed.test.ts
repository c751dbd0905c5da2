import type { Document, FolderList } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from './db/schema.js';
import { DEMO_FILES } from './seed.js';
import { apiClient, type DocumentsTestApp, documentsTestApp, loginAs } from './testing/index.js';

let t: DocumentsTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await documentsTestApp();
  seeded = await t.documents.seedDemo();
});
afterAll(() => t.close());

const clientAs = async (key: string) => apiClient(t.app, (await loginAs(t.app, key)).accessToken);

describe('the documents demo', () => {
  it('puts real PDFs in the standard folders of every demo company, once', async () => {
    expect(seeded).toBe(true);
    const rows = await t.documents.context.db.select().from(documents);
    expect(rows).toHaveLength(DEMO_FILES.length);
    for (const hc of Object.values(t.hc)) expect(rows.some((r) => r.housingCompanyId === hc)).toBe(true);
    expect(await t.documents.seedDemo()).toBe(false);
  });

  it('shows the owner the owners’ papers and their own invoice, and the tenant neither', async () => {
    const owner = await clientAs('owner');
    const list = (
      await owner.get(`/api/documents/housing-companies/${t.hc.lindenCourt}/folders`)
    ).json<FolderList>();
    const owners = list.folders.find((f) => f.key === 'owner')!;
    expect(owners.documentCount).toBe(2);
    const latest = await owner.get(`/api/documents/housing-companies/${t.hc.lindenCourt}/documents/latest`);
    expect(latest.json<Document[]>().map((d) => d.name)).toEqual([
      'Financial statements 2025.pdf',
      'Annual general meeting - invitation.pdf',
    ]);
    const file = await owner.get(latest.json<Document[]>()[0]!.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF-1.4')).toBe(true);
    expect(file.body.trimEnd().endsWith('%%EOF')).toBe(true);
    const tenant = await clientAs('tenant');
    const theirs = (
      await tenant.get(`/api/documents/housing-companies/${t.hc.lindenCourt}/folders`)
    ).json<FolderList>();
    expect(theirs.folders.find((f) => f.key === 'owner')).toBeUndefined();
  });
});
