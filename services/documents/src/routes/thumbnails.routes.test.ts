import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Document, FolderList, UploadResult } from '@porta/contracts';
import { type SignedInPersonas, signInPersonas } from '@porta/identity/testing';
import type { Jobs } from '@porta/service-kit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleThumbnails, thumbnailsJob } from '../domain/thumbnails.js';
import { type DocumentsTestApp, documentsTestApp, multipartFiles, pdf, pngImage } from '../testing/index.js';

/*
 * Pictures' thumbnails (02 §3 Document thumbnails: medium, large) through the routes on PGlite with
 * identity's demo: made after the upload (at once here, where no job runner runs), WebP of the
 * right sizes, turned upright and without metadata; none for a PDF, a broken picture or one past
 * the pixel limit (their uploads stay); read like the file; deleted with it.
 */

const PERSONAS = ['manager', 'owner', 'tenant', 'board', 'neighbour'] as const;
type Persona = (typeof PERSONAS)[number];
const P = '/api/documents';

let t: DocumentsTestApp;
let personas: SignedInPersonas<Persona>;
let common: string;
let board: string;

beforeAll(async () => {
  t = await documentsTestApp();
  personas = await signInPersonas(t, PERSONAS);
  const res = await call('manager', 'GET', `${P}/housing-companies/${t.hc.lindenCourt}/folders`);
  const folders = res.json<FolderList>().folders;
  common = folders.find((f) => f.key === 'hc_common')!.id;
  board = folders.find((f) => f.key === 'hc_board')!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function call(persona: Persona, method: string, url: string) {
  return t.app.inject({ method: method as 'GET', url, headers: personas.headers(persona) });
}

async function upload(folderId: string, fileName: string, data: Buffer): Promise<Document> {
  const { payload, headers } = multipartFiles([{ fileName, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${P}/folders/${folderId}/documents`,
    payload,
    headers: { ...headers, ...personas.headers('manager') },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadResult>().documents[0]!;
}

/** The stored thumbnail files of a document (medium, large) that exist on disk. */
function storedThumbnails(doc: Document): string[] {
  return ['medium', 'large'].filter((size) =>
    existsSync(join(t.dataDir, 'files', 'documents', doc.housingCompanyId, `${doc.id}.${size}.webp`)),
  );
}

/** A PNG whose header claims a width and height its few bytes do not hold (a decompression bomb). */
function claimedPng(width: number, height: number): Buffer {
  const png = Buffer.from(pngImage(1, 1));
  // IHDR: length (4) and type (4) after the 8-byte signature, then width, height, … and its CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('thumbnails of an uploaded picture', () => {
  let picture: Document;

  it('a PNG gets a medium and a large WebP, at most 320 and 1280 px on the longest side', async () => {
    picture = await upload(common, 'Yard.png', pngImage(2000, 1000));
    expect(picture.thumbnails).toEqual({
      medium: `${P}/documents/${picture.id}/thumbnails/medium`,
      large: `${P}/documents/${picture.id}/thumbnails/large`,
    });
    const listed = await call('owner', 'GET', `${P}/folders/${common}/documents`);
    expect(listed.json<{ items: Document[] }>().items.find((d) => d.id === picture.id)!.thumbnails).toEqual(
      picture.thumbnails,
    );
    for (const [size, width, height] of [
      ['medium', 320, 160],
      ['large', 1280, 640],
    ] as const) {
      const res = await call('owner', 'GET', picture.thumbnails![size]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-disposition']).toContain(`Yard-${size}.webp`);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
  });

  it('never enlarges a small picture', async () => {
    const small = await upload(common, 'icon.png', pngImage(100, 50));
    for (const size of ['medium', 'large'] as const) {
      const res = await call('manager', 'GET', small.thumbnails![size]);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 100, height: 50 });
    }
  });

  it('turns a photo as its EXIF orientation says, and leaves the metadata out', async () => {
    // 200 × 100 as stored, to be shown turned a quarter (orientation 6): 100 × 200 upright.
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const doc = await upload(common, 'phone.jpg', photo);
    const res = await call('manager', 'GET', doc.thumbnails!.medium);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 100, height: 200 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('a PDF gets none (404 DOC_THUMBNAIL_NOT_FOUND)', async () => {
    const doc = await upload(common, 'Rules.pdf', pdf('rules'));
    expect(doc.thumbnails).toBeNull();
    const res = await call('manager', 'GET', `${P}/documents/${doc.id}/thumbnails/medium`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'DOC_THUMBNAIL_NOT_FOUND' });
    expect(storedThumbnails(doc)).toEqual([]);
  });

  it.each([
    ['a broken picture', Buffer.concat([pngImage(1, 1).subarray(0, 16), Buffer.alloc(400, 0x42)])],
    ['a picture past the pixel limit', claimedPng(20_000, 20_000)],
  ])('%s keeps its upload, without thumbnails', async (_, data) => {
    const doc = await upload(common, 'broken.png', data);
    expect(doc.thumbnails).toBeNull();
    expect(storedThumbnails(doc)).toEqual([]);
    const file = await call('manager', 'GET', doc.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    expect((await call('manager', 'GET', `${P}/documents/${doc.id}/thumbnails/large`)).statusCode).toBe(404);
  });

  it('is read like the file: 404 for someone who may not read it', async () => {
    const minutes = await upload(board, 'Board photo.png', pngImage(64, 64));
    expect((await call('board', 'GET', minutes.thumbnails!.medium)).statusCode).toBe(200);
    for (const persona of ['tenant', 'neighbour'] as const) {
      const res = await call(persona, 'GET', minutes.thumbnails!.medium);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DOC_NOT_FOUND' });
    }
    const unknown = await call('manager', 'GET', `${P}/documents/${minutes.id}/thumbnails/huge`);
    expect(unknown.statusCode).toBe(400);
  });

  it('goes with the document: one deleted, or its batch', async () => {
    expect(storedThumbnails(picture)).toEqual(['medium', 'large']);
    expect((await call('manager', 'DELETE', `${P}/documents/${picture.id}`)).statusCode).toBe(204);
    expect(storedThumbnails(picture)).toEqual([]);
    const batched = await upload(common, 'Batch.png', pngImage(40, 30));
    expect(storedThumbnails(batched)).toEqual(['medium', 'large']);
    const gone = await call(
      'manager',
      'DELETE',
      `${P}/housing-companies/${t.hc.lindenCourt}/batches/${batched.uploadBatchId}`,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect(storedThumbnails(batched)).toEqual([]);
  });
});

describe('with a job runner', () => {
  it('the upload leaves one job a picture, which makes its thumbnails later', async () => {
    const doc = await upload(common, 'Later.png', pngImage(30, 30));
    // Undo what the upload made at once, as if a runner had been there.
    await t.query('update documents.documents set thumbnails = false where id = $1', [doc.id]);
    const queued: { name: string; payload: unknown; jobId: string }[] = [];
    const jobs = {
      enqueue: async (definition: { name: string }, payload: unknown, options: { jobId: string }) => {
        queued.push({ name: definition.name, payload, jobId: options.jobId });
      },
    } as unknown as Jobs;
    const ctx = { ...t.documents.context, jobs };
    const made = await scheduleThumbnails(ctx, [
      { id: doc.id, mimeType: 'image/png' },
      { id: doc.id, mimeType: 'application/pdf' },
    ]);
    expect(made.size).toBe(0);
    expect(queued).toEqual([
      { name: 'documents.make-thumbnails', payload: { documentId: doc.id }, jobId: `thumbnails:${doc.id}` },
    ]);
    expect((await call('manager', 'GET', `${P}/documents/${doc.id}`)).json<Document>().thumbnails).toBeNull();
    await thumbnailsJob(ctx).handler({ documentId: doc.id }, { jobId: queued[0]!.jobId, attempt: 1 });
    expect(
      (await call('manager', 'GET', `${P}/documents/${doc.id}`)).json<Document>().thumbnails,
    ).not.toBeNull();
  });
});
