import { SERVICE_REQUEST_ATTACHMENT_MAX_BYTES } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CFB,
  EXE,
  loginAs,
  multipartFile,
  PDF,
  pngImage,
  type ServiceRequestsTestApp,
  serviceRequestsTestApp,
  zipArchive,
} from '../testing/index.js';

/**
 * Attachments (02 §5, §9): checked by name, extension, size and bytes before anything is stored;
 * archives only for the developer's staff; served like the request they are on.
 */

let t: ServiceRequestsTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  for (const key of ['owner', 'tenant', 'manager', 'neighbour', 'staff', 'admin']) {
    tokens[key] = (await loginAs(t.app, key)).accessToken;
  }
}, 120_000);
afterAll(() => t?.close());

const auth = (key: string) => ({ authorization: `Bearer ${tokens[key]}` });

function upload(key: string, name: string, data: Buffer, hc = t.hc.lindenCourt) {
  const { payload, headers } = multipartFile(name, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/service-requests/attachments?housingCompanyId=${hc}`,
    payload,
    headers: { ...headers, ...auth(key) },
  });
}

const stored = async () =>
  (await t.query<{ n: number }>('select count(*)::int as n from service_requests.attachments'))[0]!.n;

const DOCX = zipArchive({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const ZIP = zipArchive({ 'readme.txt': 'hello' });

describe('uploading attachments', () => {
  it.each([
    ['a png', 'photo.png', pngImage(8, 8), 'image/png'],
    ['a pdf (upper-case extension)', 'minutes.PDF', PDF, 'application/pdf'],
    [
      'a docx (read as its zip container)',
      'offer.docx',
      DOCX,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['an odt (its container)', 'letter.odt', ZIP, 'application/vnd.oasis.opendocument.text'],
    ['an old Word file (compound file)', 'old.doc', CFB, 'application/msword'],
  ])('accepts %s', async (_what, name, data, mimeType) => {
    const res = await upload('tenant', name, data);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: name, mimeType, size: data.length });
  });

  it.each([
    [
      'text bytes named .png',
      'fake.png',
      Buffer.from('<script>alert(1)</script>'),
      'SRQ_MIME_TYPE',
      'mime_type',
    ],
    ['a program named .pdf', 'invoice.pdf', EXE, 'SRQ_MIME_TYPE', 'mime_type'],
    ['a png named .pdf', 'scan.pdf', pngImage(8, 8), 'SRQ_MIME_TYPE', 'mime_type'],
    ['a pdf named .docx', 'offer.docx', PDF, 'SRQ_MIME_TYPE', 'mime_type'],
    ['a program', 'setup.exe', EXE, 'SRQ_FILE_EXTENSION', 'file_extension'],
    ['an html page', 'page.html', Buffer.from('<html></html>'), 'SRQ_FILE_EXTENSION', 'file_extension'],
    ['a zip from a resident', 'photos.zip', ZIP, 'SRQ_FILE_EXTENSION', 'file_extension'],
    ['no extension', 'photo', pngImage(8, 8), 'SRQ_FILE_EXTENSION', 'file_extension'],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 'SRQ_FILE_SIZE', 'file_size'],
    ['a backslash in the name', 'c:\\temp\\a.pdf', PDF, 'SRQ_ILLEGAL_CHARACTERS', 'illegal_characters'],
    ['a path in the name', '../../etc/a.pdf', PDF, 'SRQ_ILLEGAL_CHARACTERS', 'illegal_characters'],
  ])('refuses %s with %s and stores nothing', async (_what, name, data, code, title) => {
    const before = await stored();
    const res = await upload('tenant', name, data);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code, title });
    expect(await stored()).toBe(before);
  });

  it('refuses a file over 36,700,160 bytes and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.alloc(SERVICE_REQUEST_ATTACHMENT_MAX_BYTES + 1);
    PDF.copy(big);
    const res = await upload('tenant', 'huge.pdf', big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SRQ_FILE_SIZE', title: 'file_size' });
    expect(await stored()).toBe(before);
  });

  it('takes zip, rar and tar only from the developer’s staff and admin', async () => {
    for (const key of ['staff', 'admin']) {
      const res = await upload(key, 'photos.zip', ZIP);
      expect(res.statusCode, `${key} ${res.body}`).toBe(201);
    }
    const disguised = await upload('staff', 'photos.zip', PDF);
    expect(disguised.json().code).toBe('SRQ_MIME_TYPE');
  });

  it('refuses uploads for a housing company the caller is not in', async () => {
    const res = await upload('neighbour', 'a.pdf', PDF);
    expect(res.statusCode).toBe(404);
  });
});

describe('attachments on requests and responses', () => {
  it('serves a file to its uploader until it is on a request, then to those who read the request', async () => {
    const file = (await upload('tenant', 'leak.png', pngImage(8, 8))).json();
    const get = (key: string) => t.app.inject({ method: 'GET', url: file.url, headers: auth(key) });
    expect((await get('tenant')).statusCode).toBe(200);
    expect((await get('manager')).statusCode).toBe(404);
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests/requests',
      headers: auth('tenant'),
      payload: {
        housingCompanyId: t.hc.lindenCourt,
        typeId: 'maintenance_dispatch',
        content: 'Leak',
        attachmentIds: [file.id],
      },
    });
    expect(req.statusCode, req.body).toBe(201);
    expect(req.json().attachments).toEqual([expect.objectContaining({ id: file.id, fileName: 'leak.png' })]);
    const res = await get('manager');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(pngImage(8, 8))).toBe(true);
    for (const key of ['owner', 'neighbour']) expect((await get(key)).statusCode, key).toBe(404);
    // Once on a request it cannot be put on another.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests/requests',
      headers: auth('tenant'),
      payload: {
        housingCompanyId: t.hc.lindenCourt,
        typeId: 'fit_out',
        content: 'Again',
        attachmentIds: [file.id],
      },
    });
    expect(again.json().code).toBe('SRQ_ATTACHMENT_NOT_FOUND');

    // A response's file, offered as a download; deleting the request removes the files.
    const doc = (await upload('manager', 'report.docx', DOCX)).json();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/service-requests/requests/${req.json().id}/responses`,
      headers: auth('manager'),
      payload: { content: 'See the report', attachmentIds: [doc.id] },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().responses[0].attachments).toEqual([expect.objectContaining({ id: doc.id })]);
    const download = await t.app.inject({ method: 'GET', url: doc.url, headers: auth('tenant') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="report.docx"; filename*=UTF-8''report.docx`,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/service-requests/requests/${req.json().id}`,
      headers: auth('manager'),
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: doc.url, headers: auth('manager') })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.query<{ n: number }>(
          'select count(*)::int as n from service_requests.attachments where id = any($1)',
          [[file.id, doc.id]],
        )
      )[0]!.n,
    ).toBe(0);
  });
});
