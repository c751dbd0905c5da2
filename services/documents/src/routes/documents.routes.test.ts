import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Document, DownloadLink, Folder, FolderList, UploadResult } from '@porta/contracts';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentsTestApp,
  documentsTestApp,
  EXE,
  multipartFiles,
  pdf,
  pngImage,
  unzipStored,
} from '../testing/index.js';

/*
 * The document library through its routes on PGlite with identity's demo: the issue's acceptance
 * (a folder for owners only, three files uploaded with "notify users", the owner's zip with the
 * same bytes, the tenant and another company's resident kept out), the checks of 02 §5 / 03 §5
 * with nothing stored after a refusal, byte ranges, batches, and the folder editor's rules.
 */

const PERSONAS = ['manager', 'owner', 'tenant', 'board', 'neighbour', 'othermanager', 'staff'] as const;
type Persona = (typeof PERSONAS)[number];
const P = '/api/documents';
const MAX_BYTES = 65_536;

let t: DocumentsTestApp;
let personas: SignedInPersonas<Persona>;

beforeAll(async () => {
  t = await documentsTestApp({ DOCUMENTS_MAX_FILE_BYTES: String(MAX_BYTES) });
  personas = await signInPersonas(t, PERSONAS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function call(persona: Persona | null, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: persona ? personas.headers(persona) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function upload(persona: Persona, folderId: string, files: { fileName: string; data: Buffer }[], query = '') {
  const { payload, headers } = multipartFiles(files);
  return t.app.inject({
    method: 'POST',
    url: `${P}/folders/${folderId}/documents${query}`,
    payload,
    headers: { ...headers, ...personas.headers(persona) },
  });
}

async function folders(persona: Persona, hc: string, apartmentId?: string): Promise<FolderList> {
  const res = await call(
    persona,
    'GET',
    `${P}/housing-companies/${hc}/folders${apartmentId ? `?apartmentId=${apartmentId}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FolderList>();
}

const byKey = (list: FolderList, key: string) => list.folders.find((f) => f.key === key)!;

/** Files stored for documents, and their rows. */
async function stored(): Promise<{ files: number; rows: number }> {
  let files = 0;
  try {
    files = readdirSync(join(t.dataDir, 'files', 'documents'), {
      recursive: true,
      withFileTypes: true,
    }).filter((e) => e.isFile()).length;
  } catch {
    files = 0;
  }
  const [row] = await t.query<{ n: number }>('select count(*)::int as n from documents.documents');
  return { files, rows: row!.n };
}

describe('the acceptance: a folder for owners only', () => {
  let folder: Folder;
  let uploaded: Document[];

  it('staff make a folder readable by owners only and upload three files with "notify users"', async () => {
    const created = await call('manager', 'POST', `${P}/housing-companies/${t.hc.lindenCourt}/folders`, {
      name: 'Owners only',
      translations: { fi: 'Vain osakkaille' },
    });
    expect(created.statusCode, created.body).toBe(201);
    folder = created.json<Folder>();
    const ruled = await call('manager', 'PUT', `${P}/folders/${folder.id}/rules`, {
      rules: [{ group: 'hc_owners', read: true, create: false, update: false, delete: false }],
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json<Folder>()).toMatchObject({
      inherited: false,
      rules: [{ group: 'hc_owners', read: true }],
    });

    const res = await upload(
      'manager',
      folder.id,
      [
        { fileName: 'Minutes 2026.pdf', data: pdf('one') },
        { fileName: 'Budget.pdf', data: pdf('two') },
        { fileName: 'Plan.pdf', data: pdf('three') },
      ],
      '?notifyUsers=true&tags=meeting,2026',
    );
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<UploadResult>();
    uploaded = result.documents;
    expect(uploaded.map((d) => d.name)).toEqual(['Minutes 2026.pdf', 'Budget.pdf', 'Plan.pdf']);
    expect(new Set(uploaded.map((d) => d.uploadBatchId))).toEqual(new Set([result.uploadBatchId]));
    expect(uploaded[0]).toMatchObject({
      mimeType: 'application/pdf',
      tags: ['meeting', '2026'],
      path: 'Owners only',
    });
    const [event] = await t.events('documents.document.uploaded.v1');
    expect(event!.payload).toMatchObject({
      housingCompanyId: t.hc.lindenCourt,
      folderId: folder.id,
      documentIds: uploaded.map((d) => d.id),
      notifyUsers: true,
    });
    // Without a job runner the batch is announced at once: to the company's owners, not by name.
    const [announced] = await t.events('documents.upload.announced.v1');
    expect(announced!.payload).toMatchObject({
      folderId: folder.id,
      apartmentId: null,
      documentIds: uploaded.map((d) => d.id),
      by: await t.userId('manager'),
      url: `/documents?folder=${folder.id}`,
      audience: { roles: ['owner'] },
    });
    const titles = announced!.payload.titles as Record<string, string>;
    expect(titles.en).toBe('New documents in Owners only: Minutes 2026.pdf, Budget.pdf, Plan.pdf');
    expect(titles.fi).toBe(
      'Uusia asiakirjoja kansiossa Vain osakkaille: Minutes 2026.pdf, Budget.pdf, Plan.pdf',
    );
    expect(Object.keys(titles)).toHaveLength(9);
  });

  it('the owner sees the folder and its files, and downloads the three as one zip with the same bytes', async () => {
    const list = await folders('owner', t.hc.lindenCourt);
    const seen = list.folders.find((f) => f.id === folder.id);
    expect(seen).toMatchObject({ canRead: true, canUpload: false, canDelete: false, documentCount: 3 });
    expect(list.manages).toBe(false);
    const page = await call('owner', 'GET', `${P}/folders/${folder.id}/documents`);
    expect(page.statusCode, page.body).toBe(200);
    expect(
      page
        .json<{ items: Document[] }>()
        .items.map((d) => d.name)
        .sort(),
    ).toEqual(['Budget.pdf', 'Minutes 2026.pdf', 'Plan.pdf']);
    const link = await call('owner', 'POST', `${P}/housing-companies/${t.hc.lindenCourt}/downloads`, {
      ids: uploaded.map((d) => d.id),
    });
    expect(link.statusCode, link.body).toBe(201);
    const { url, count } = link.json<DownloadLink>();
    expect(count).toBe(3);
    // The link is the credential: the browser opens it without the token.
    const zip = await call(null, 'GET', url);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('attachment');
    const entries = unzipStored(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['Budget.pdf', 'Minutes 2026.pdf', 'Plan.pdf']);
    expect(entries.get('Minutes 2026.pdf')!.equals(pdf('one'))).toBe(true);
    expect(entries.get('Plan.pdf')!.equals(pdf('three'))).toBe(true);
  });

  it('the tenant of the same company does not see the folder, nor its files', async () => {
    const list = await folders('tenant', t.hc.lindenCourt);
    expect(list.folders.map((f) => f.id)).not.toContain(folder.id);
    expect((await call('tenant', 'GET', `${P}/folders/${folder.id}/documents`)).statusCode).toBe(404);
    expect((await call('tenant', 'GET', uploaded[0]!.fileUrl)).statusCode).toBe(404);
    expect((await call('tenant', 'GET', `${P}/documents/${uploaded[0]!.id}`)).statusCode).toBe(404);
    const link = await call('tenant', 'POST', `${P}/housing-companies/${t.hc.lindenCourt}/downloads`, {
      ids: [uploaded[0]!.id],
    });
    expect(link.statusCode).toBe(404);
  });

  it("a resident and a manager of another company get 404 for the file's URL and the company's folders", async () => {
    for (const persona of ['neighbour', 'othermanager'] as const) {
      const file = await call(persona, 'GET', uploaded[0]!.fileUrl);
      expect(file.statusCode).toBe(404);
      expect(file.json()).toMatchObject({ code: 'DOC_NOT_FOUND' });
      expect(
        (await call(persona, 'GET', `${P}/housing-companies/${t.hc.lindenCourt}/folders`)).statusCode,
      ).toBe(404);
      expect((await call(persona, 'GET', `${P}/folders/${folder.id}/documents`)).statusCode).toBe(404);
    }
  });

  it('serves byte ranges of a file, and refuses one past its end', async () => {
    const whole = pdf('two');
    const part = await t.app.inject({
      method: 'GET',
      url: uploaded[1]!.fileUrl,
      headers: { ...personas.headers('owner'), range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${whole.length}`);
    const tail = await t.app.inject({
      method: 'GET',
      url: uploaded[1]!.fileUrl,
      headers: { ...personas.headers('owner'), range: 'bytes=-6' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('%%EOF\n');
    const past = await t.app.inject({
      method: 'GET',
      url: uploaded[1]!.fileUrl,
      headers: { ...personas.headers('owner'), range: `bytes=${whole.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
    const full = await call('owner', 'GET', `${uploaded[1]!.fileUrl}?download=1`);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(whole)).toBe(true);
    expect(full.headers['content-disposition']).toBe(
      `attachment; filename="Budget.pdf"; filename*=UTF-8''Budget.pdf`,
    );
  });

  it('the owner may not upload where the rules give read only; the manager deletes the batch', async () => {
    const refused = await upload('owner', folder.id, [{ fileName: 'mine.pdf', data: pdf('mine') }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DOC_UPLOAD_NOT_PERMITTED' });
    expect((await upload('tenant', folder.id, [{ fileName: 'x.pdf', data: pdf('x') }])).statusCode).toBe(404);
    const before = await stored();
    const gone = await call(
      'manager',
      'DELETE',
      `${P}/housing-companies/${t.hc.lindenCourt}/batches/${uploaded[0]!.uploadBatchId}`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: 3 });
    expect(await stored()).toEqual({ files: before.files - 3, rows: before.rows - 3 });
    expect((await call('owner', 'GET', uploaded[0]!.fileUrl)).statusCode).toBe(404);
  });
});

describe('bad uploads are refused with their code, and nothing is stored', () => {
  let common: Folder;
  let board: Folder;
  let otherCompanys: Folder;

  beforeAll(async () => {
    common = byKey(await folders('manager', t.hc.lindenCourt), 'hc_common');
    board = byKey(await folders('manager', t.hc.lindenCourt), 'hc_board');
    otherCompanys = byKey(await folders('othermanager', t.hc.birchHill), 'hc_common');
  });

  const cases: [string, { fileName: string; data: Buffer }[], number, string][] = [
    ['a 0-byte file', [{ fileName: 'empty.pdf', data: Buffer.alloc(0) }], 413, 'DOC_FILE_SIZE'],
    [
      'a file over the limit',
      [{ fileName: 'big.pdf', data: Buffer.concat([pdf('big'), Buffer.alloc(MAX_BYTES, 0x20)]) }],
      413,
      'DOC_FILE_SIZE',
    ],
    ['an .exe renamed .pdf', [{ fileName: 'invoice.pdf', data: EXE }], 400, 'DOC_MIME_TYPE'],
    [
      'an SVG file',
      [{ fileName: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
      400,
      'DOC_FILE_EXTENSION',
    ],
    [
      'an HTML file',
      [{ fileName: 'page.html', data: Buffer.from('<html></html>') }],
      400,
      'DOC_FILE_EXTENSION',
    ],
    [
      'a name with ../',
      [{ fileName: '../../etc/passwd.pdf', data: pdf('p') }],
      400,
      'DOC_ILLEGAL_CHARACTERS',
    ],
    ['a name with a backslash', [{ fileName: 'a\\b.pdf', data: pdf('b') }], 400, 'DOC_ILLEGAL_CHARACTERS'],
    [
      'a zip from a resident',
      [{ fileName: 'a.zip', data: Buffer.from('PK\x03\x04') }],
      400,
      'DOC_FILE_EXTENSION',
    ],
    [
      'a good file followed by a bad one',
      [
        { fileName: 'good.pdf', data: pdf('good') },
        { fileName: 'bad.pdf', data: EXE },
      ],
      400,
      'DOC_MIME_TYPE',
    ],
  ];

  it.each(cases)('%s', async (_, files, status, code) => {
    const before = await stored();
    // Archives are refused for the board member (a resident) in the board's folder, not for staff.
    const archive = files[0]!.fileName.endsWith('.zip');
    const res = await upload(archive ? 'board' : 'manager', archive ? board.id : common.id, files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown folder, another company’s folder, and a request without a file', async () => {
    const unknown = await upload('manager', '00000000-0000-4000-8000-000000000000', [
      { fileName: 'a.pdf', data: pdf('a') },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'DOC_FOLDER_NOT_FOUND' });
    const other = await upload('manager', otherCompanys.id, [{ fileName: 'a.pdf', data: pdf('a') }]);
    expect(other.statusCode).toBe(404);
    const none = await upload('manager', common.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'DOC_MANDATORY_PARAMS' });
  });

  it('refuses a tag list of 10,000 items, and a home-folder file without a category', async () => {
    const tags = Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(',');
    const many = await upload('manager', common.id, [{ fileName: 'a.pdf', data: pdf('a') }], `?tags=${tags}`);
    expect([400, 431]).toContain(many.statusCode);
    const home = byKey(await folders('manager', t.hc.lindenCourt), 'home');
    const uncategorised = await upload('manager', home.id, [{ fileName: 'a.pdf', data: pdf('a') }]);
    expect(uncategorised.statusCode).toBe(400);
    expect(uncategorised.json()).toMatchObject({ code: 'DOC_HOME_FOLDER_CATEGORY_REQUIRED' });
    const filed = await upload(
      'manager',
      home.id,
      [{ fileName: 'plan.png', data: pngImage(4, 4) }],
      '?homeFolder=blueprints',
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json<UploadResult>().documents[0]).toMatchObject({
      homeFolder: 'blueprints',
      mimeType: 'image/png',
    });
  });

  it('refuses a zip of ids from two companies', async () => {
    const here = await upload('manager', common.id, [{ fileName: 'here.pdf', data: pdf('here') }]);
    const there = await upload('othermanager', otherCompanys.id, [
      { fileName: 'there.pdf', data: pdf('there') },
    ]);
    expect(here.statusCode).toBe(201);
    expect(there.statusCode).toBe(201);
    const ids = [here.json<UploadResult>().documents[0]!.id, there.json<UploadResult>().documents[0]!.id];
    for (const [persona, hc] of [
      ['manager', t.hc.lindenCourt],
      ['othermanager', t.hc.birchHill],
      ['staff', t.hc.lindenCourt],
    ] as const) {
      const res = await call(persona, 'POST', `${P}/housing-companies/${hc}/downloads`, { ids });
      expect(res.statusCode, `${persona}: ${res.body}`).toBe(404);
    }
    const expired = await call(null, 'GET', `${P}/downloads/00000000-0000-4000-8000-000000000000`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'DOC_DOWNLOAD_EXPIRED' });
  });
});

describe('the folders', () => {
  it('give every housing company and apartment the standard folders, in the language asked for', async () => {
    const list = await folders('manager', t.hc.lindenCourt);
    expect(list.manages).toBe(true);
    const keys = list.folders.map((f) => f.key).filter(Boolean);
    expect(keys).toEqual(
      expect.arrayContaining(['home', 'hc_common', 'hc_board', 'owner', 'tenant', 'crm_import']),
    );
    expect(byKey(list, 'crm_import').visible).toBe(false);
    const fi = await call('owner', 'GET', `${P}/housing-companies/${t.hc.lindenCourt}/folders?lang=fi`);
    expect(byKey(fi.json<FolderList>(), 'hc_board')).toBeUndefined();
    expect(byKey(fi.json<FolderList>(), 'owner').name).toBe('Osakkaat');
    // Hidden folders are the managers' alone; the tenant reads the tenants' folder, not the owners'.
    expect(byKey(await folders('owner', t.hc.lindenCourt), 'crm_import')).toBeUndefined();
    const tenant = await folders('tenant', t.hc.lindenCourt);
    expect(byKey(tenant, 'tenant')).toBeDefined();
    expect(byKey(tenant, 'owner')).toBeUndefined();
    expect(byKey(await folders('board', t.hc.lindenCourt), 'hc_board')).toMatchObject({
      canUpload: true,
      canDelete: true,
    });
  });

  it("show an apartment's folders to its own people by their groups only", async () => {
    const [b14] = await t.query<{ id: string }>(
      `select a.id from identity.apartments a join identity.apartment_roles r on r.apartment_id = a.id
         join identity.users u on u.id = r.user_id where u.email = 'tenant@demo.porta.test'`,
    );
    const tenant = await folders('tenant', t.hc.lindenCourt, b14!.id);
    expect(tenant.folders.map((f) => f.key).sort()).toEqual([
      'apt_documents',
      'apt_maintenance',
      'apt_tenant',
    ]);
    expect(byKey(tenant, 'apt_tenant')).toMatchObject({ canRead: true, canUpload: true });
    // The board member owns B 14: the owner's folders, not the tenant's.
    const owner = await folders('board', t.hc.lindenCourt, b14!.id);
    expect(owner.folders.map((f) => f.key).sort()).toEqual([
      'apt_documents',
      'apt_invoices',
      'apt_maintenance',
      'apt_owner',
    ]);
    // Another resident of the company sees none of B 14's folders.
    expect((await folders('owner', t.hc.lindenCourt, b14!.id)).folders).toEqual([]);
  });

  it('inherit rules from the parent, copy them to descendants, and refuse bad moves and deletes', async () => {
    const make = async (name: string, parentId?: string) => {
      const res = await call('manager', 'POST', `${P}/housing-companies/${t.hc.lindenCourt}/folders`, {
        name,
        ...(parentId ? { parentId } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Folder>();
    };
    const top = await make('Renovation');
    const child = await make('Drawings', top.id);
    const grandchild = await make('Old', child.id);
    expect(grandchild.path).toBe('Renovation / Drawings / Old');
    await call('manager', 'PUT', `${P}/folders/${top.id}/rules`, {
      rules: [{ group: 'hc_all', read: true, create: false, update: false, delete: false }],
    });
    const tenantSees = (await folders('tenant', t.hc.lindenCourt)).folders.map((f) => f.id);
    expect(tenantSees).toEqual(expect.arrayContaining([top.id, child.id, grandchild.id]));
    await call('manager', 'PUT', `${P}/folders/${child.id}/rules`, {
      rules: [{ group: 'hc_board', read: true, create: true, update: true, delete: true }],
      copyToDescendants: true,
    });
    const after = await folders('manager', t.hc.lindenCourt);
    expect(after.folders.find((f) => f.id === grandchild.id)).toMatchObject({
      inherited: false,
      rules: [{ group: 'hc_board' }],
    });
    expect((await folders('tenant', t.hc.lindenCourt)).folders.map((f) => f.id)).not.toContain(grandchild.id);

    const loop = await call('manager', 'PATCH', `${P}/folders/${top.id}`, { parentId: grandchild.id });
    expect(loop.statusCode).toBe(409);
    expect(loop.json()).toMatchObject({ code: 'DOC_FOLDER_MOVE_INVALID' });
    const notEmpty = await call('manager', 'DELETE', `${P}/folders/${top.id}`);
    expect(notEmpty.json()).toMatchObject({ code: 'DOC_FOLDER_NOT_EMPTY' });
    const standard = byKey(after, 'hc_parking');
    expect((await call('manager', 'DELETE', `${P}/folders/${standard.id}`)).json()).toMatchObject({
      code: 'DOC_FOLDER_STANDARD',
    });
    const hidden = await call('manager', 'PATCH', `${P}/folders/${standard.id}`, {
      visible: false,
      name: 'Cars',
    });
    expect(hidden.json<Folder>()).toMatchObject({ visible: false, name: 'Cars' });
    expect(byKey(await folders('tenant', t.hc.lindenCourt), 'hc_parking')).toBeUndefined();
    expect((await call('manager', 'DELETE', `${P}/folders/${grandchild.id}`)).statusCode).toBe(204);
    // Residents read folders; they do not change them.
    const refused = await call('board', 'PATCH', `${P}/folders/${byKey(after, 'hc_board').id}`, {
      name: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DOC_FOLDER_NOT_PERMITTED' });
  });
});
