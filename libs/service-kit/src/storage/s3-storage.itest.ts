import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../testing/s3.js';
import type { S3Storage } from './s3-storage.js';
import { createStorage, StorageNotFoundError } from './storage.js';

/*
 * The S3 adapter against an S3 wire-compatible server (s3rver): a file larger than one part goes
 * up as a multipart upload from a stream, comes back whole and by ranges, and is gone after
 * delete; a body that fails half-way leaves nothing. createStorage picks it when S3_BUCKET is set.
 */

let s3: S3TestServer;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createStorage({ ...s3.settings, S3_PREFIX: 'porta/' }) as S3Storage;
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

/** n bytes of a repeating pattern, streamed in 64 KiB chunks. */
function pattern(n: number): { stream: Readable; sha: string } {
  const chunk = Buffer.alloc(65_536);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) % 251;
  const hash = createHash('sha256');
  let left = n;
  const chunks: Buffer[] = [];
  while (left > 0) {
    const part = chunk.subarray(0, Math.min(left, chunk.length));
    hash.update(part);
    chunks.push(part);
    left -= part.length;
  }
  return { stream: Readable.from(chunks), sha: hash.digest('hex') };
}

async function sha(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += (chunk as Buffer).toString('latin1');
  return out;
}

describe('the S3 storage', () => {
  it('is what createStorage gives when S3_BUCKET is set', () => {
    expect(storage.kind).toBe('s3');
    expect(createStorage({ DATA_DIR: '/tmp/x' }).kind).toBe('local');
  });

  it('streams a file of several parts up, and back whole and by ranges', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const { stream, sha: expected } = pattern(size);
    const stored = await storage.put('documents/hc/big', stream);
    expect(stored.size).toBe(size);
    expect(await sha(await storage.get('documents/hc/big'))).toBe(expected);
    const head = await text(await storage.get('documents/hc/big', { start: 0, end: 3 }));
    expect(Buffer.from(head, 'latin1')).toEqual(Buffer.from([0, 31, 62, 93]));
    const tail = await text(await storage.get('documents/hc/big', { start: size - 2, end: size - 1 }));
    expect(tail).toHaveLength(2);
    expect((await storage.stat('documents/hc/big'))?.size).toBe(size);
  });

  it('answers missing objects as missing, and deletes', async () => {
    await storage.put('documents/hc/small', Buffer.from('hello'));
    expect(await storage.exists('documents/hc/small')).toBe(true);
    await storage.delete('documents/hc/small');
    expect(await storage.exists('documents/hc/small')).toBe(false);
    expect(await storage.stat('documents/hc/small')).toBeNull();
    await expect(storage.get('documents/hc/small')).rejects.toBeInstanceOf(StorageNotFoundError);
    // Deleting what is not there is no error.
    await storage.delete('documents/hc/small');
  });

  it('keeps nothing of a body that fails half-way, and refuses keys that leave the store', async () => {
    async function* failing() {
      yield Buffer.alloc(6 * 1024 * 1024, 1);
      throw new Error('the upload was refused');
    }
    await expect(storage.put('documents/hc/refused', Readable.from(failing()))).rejects.toThrow();
    expect(await storage.exists('documents/hc/refused')).toBe(false);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
