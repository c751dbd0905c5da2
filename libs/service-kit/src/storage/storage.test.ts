import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { assertStorageKey, createStorage, InvalidStorageKeyError, StorageNotFoundError } from './storage.js';

describe('storage keys', () => {
  it.each([
    'a',
    'documents/123/original.pdf',
    'photos/2026-01-01/IMG 0001.JPG',
    'x/.hidden',
    'a..b/c...d',
    'ääkköset/файл.txt',
  ])('accepts %s', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });

  it.each([
    '',
    '..',
    '../secret',
    'a/../../etc/passwd',
    'a/..',
    './a',
    'a/./b',
    '/etc/passwd',
    '//server/share',
    'a//b',
    'a/',
    'a\\..\\b',
    '..\\windows',
    'C:/Windows',
    'c:relative',
    'a\u0000b',
    'line\nbreak',
    '.incoming/x',
    'x'.repeat(1025),
  ])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(InvalidStorageKeyError);
  });
});

describe('local storage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'porta-files-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const storage = createStorage({ DATA_DIR: dataDir });

  it('stores, reads, replaces and deletes objects under DATA_DIR/files', async () => {
    const stored = await storage.put('documents/d1/original.txt', Buffer.from('hello'));
    expect(stored).toMatchObject({ key: 'documents/d1/original.txt', size: 5 });
    expect(readdirSync(join(dataDir, 'files', 'documents', 'd1'))).toEqual(['original.txt']);
    expect(await text(await storage.get('documents/d1/original.txt'))).toBe('hello');

    await storage.put('documents/d1/original.txt', Readable.from(['streamed ', 'content']));
    expect(await text(await storage.get('documents/d1/original.txt'))).toBe('streamed content');
    expect((await storage.stat('documents/d1/original.txt'))?.size).toBe(16);
    expect(await storage.exists('documents/d1/original.txt')).toBe(true);

    await storage.delete('documents/d1/original.txt');
    expect(await storage.exists('documents/d1/original.txt')).toBe(false);
    expect(readdirSync(join(dataDir, 'files')).filter((n) => n !== '.incoming')).toEqual([]);
    await storage.delete('documents/d1/original.txt');
  });

  it('answers missing objects as missing', async () => {
    await expect(storage.get('nothing/here')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('nothing/here')).toBeNull();
    await storage.put('folder/file', Buffer.from('x'));
    await expect(storage.get('folder')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.exists('folder')).toBe(false);
    await expect(storage.get('folder/file/below')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses keys that would leave the folder, for every operation', async () => {
    for (const key of ['../outside', '/tmp/x', 'a/../../x', 'a\\b']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(readdirSync(dataDir)).toEqual(['files']);
  });

  it('leaves no partial file when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('upload aborted'));
      },
    });
    await expect(storage.put('uploads/broken', failing)).rejects.toThrow('upload aborted');
    expect(await storage.exists('uploads/broken')).toBe(false);
    expect(readdirSync(join(dataDir, 'files', '.incoming'))).toEqual([]);
  });
});
