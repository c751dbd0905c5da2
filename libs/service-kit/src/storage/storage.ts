import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import { S3Storage } from './s3-storage.js';

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Files by key (`documents/<id>/original`): a local folder in the embedded mode; an
 * S3-compatible store can implement the same interface. Keys are relative, `/`-separated paths.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Store (replacing) the object; returns what was stored. */
  put(key: string, body: Readable | Buffer | Uint8Array): Promise<StoredObject>;
  /**
   * The object's content, or the bytes start..end (inclusive) of it; rejects with
   * StorageNotFoundError when there is none.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size and time, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Remove the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes start to end of an object, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A stored file is read a mebibyte at a time: with Node's 64 KiB every stage of a download (a zip
 * checksumming and framing each chunk, the HTTP response) pays its cost per chunk sixteen times as
 * often, and a 1 GiB folder zipped at a third of the speed it does with 1 MiB (docs/performance.md).
 */
export const READ_CHUNK_BYTES = 1024 * 1024;

export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under "${key}"`);
    this.name = 'StorageNotFoundError';
  }
}

export const MAX_STORAGE_KEY_LENGTH = 1024;
/** Where partial uploads wait; no key may start with it. */
const INCOMING = '.incoming';

/**
 * A key is a relative path of non-empty segments separated by `/`: no `.` or `..` segments, no
 * leading `/`, no backslash, no drive letter, no control characters.
 */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidStorageKeyError(String(key), 'empty');
  if (key.length > MAX_STORAGE_KEY_LENGTH) throw new InvalidStorageKeyError(key, 'too long');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidStorageKeyError(key, 'control characters');
  if (key.includes('\\')) throw new InvalidStorageKeyError(key, 'backslash');
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'absolute path');
  if (/^[A-Za-z]:/.test(key)) throw new InvalidStorageKeyError(key, 'drive letter');
  const segments = key.split('/');
  if (segments.some((s) => s === '')) throw new InvalidStorageKeyError(key, 'empty segment');
  if (segments.some((s) => s === '.' || s === '..'))
    throw new InvalidStorageKeyError(key, '"." or ".." segment');
  if (segments[0] === INCOMING) throw new InvalidStorageKeyError(key, `"${INCOMING}" is reserved`);
}

/** Objects as files under one folder (`<DATA_DIR>/files`); writes are atomic (temp file, rename). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(
    root: string,
    private readonly logger: Logger = silentLogger,
  ) {
    this.root = resolve(root);
  }

  /** The file of a key; refuses anything that would leave the folder. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep))
      throw new InvalidStorageKeyError(key, 'outside the storage folder');
    return path;
  }

  async put(key: string, body: Readable | Buffer | Uint8Array): Promise<StoredObject> {
    const path = this.pathOf(key);
    const incoming = join(this.root, INCOMING);
    const temporary = join(incoming, randomUUID());
    try {
      await mkdir(incoming, { recursive: true });
      await mkdir(dirname(path), { recursive: true });
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, path);
    } catch (err) {
      await rm(temporary, { force: true }).catch(() => undefined);
      this.logger.error({ err, key }, 'storing a file failed');
      throw err;
    }
    const stored = await this.stat(key);
    if (!stored) throw new StorageNotFoundError(key);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, 'r');
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      this.logger.error({ err, key }, 'reading a file failed');
      throw err;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return handle.createReadStream({
      ...(range ? { start: range.start, end: range.end } : {}),
      highWaterMark: READ_CHUNK_BYTES,
    });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { key, size: info.size, modifiedAt: info.mtime };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    try {
      await rm(path, { force: true });
    } catch (err) {
      this.logger.error({ err, key }, 'deleting a file failed');
      throw err;
    }
    // Remove folders left empty, up to the root.
    let folder = dirname(path);
    while (folder.startsWith(this.root + sep)) {
      try {
        await rmdir(folder);
      } catch {
        break;
      }
      folder = dirname(folder);
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The S3 settings of a process (zBaseConfig's S3_*); S3_BUCKET chooses the object store. */
export interface S3Settings {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PREFIX?: string | undefined;
}

/**
 * The storage of this process: an S3-compatible object store when S3_BUCKET is set (the
 * distributed mode may choose it), else the folder `<DATA_DIR>/files`.
 */
export function createStorage(
  config: { DATA_DIR?: string | undefined } & S3Settings,
  logger: Logger = silentLogger,
): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage(
      {
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION ?? 'us-east-1',
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
        prefix: config.S3_PREFIX,
      },
      logger,
    );
  }
  return new LocalStorage(join(config.DATA_DIR ?? './data', 'files'), logger);
}

/** Delete stored files (after their rows are gone); a failure is logged and left for nobody. */
export async function deleteStoredFiles(
  storage: Storage,
  logger: { warn(obj: object, msg: string): void },
  keys: readonly string[],
  what = 'a stored file',
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      logger.warn({ err, key }, `deleting ${what} failed`);
    }
  }
}

/**
 * Put a file in the storage, then record it (insert its row); when recording fails the file is
 * removed again, so that nothing is kept of a refused upload.
 */
export async function putThenRecord<T>(
  storage: Storage,
  key: string,
  data: Buffer,
  record: () => Promise<T>,
): Promise<T> {
  await storage.put(key, data);
  try {
    return await record();
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
