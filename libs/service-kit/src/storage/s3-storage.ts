import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { silentLogger } from '../bus/logger.js';
import type { Logger } from '../bus/types.js';
import {
  assertStorageKey,
  type ByteRange,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.js';

/** Where an S3-compatible store is and how to sign in to it (the S3_* settings). */
export interface S3StorageOptions {
  bucket: string;
  /** Another S3-compatible service than AWS (MinIO, Ceph, a test server). */
  endpoint?: string | undefined;
  region: string;
  /** Without them, the AWS SDK's own chain (environment, instance role…). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** bucket in the path (`/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (`porta/`), so that one bucket may hold more. */
  prefix?: string | undefined;
}

/** Parts of a multipart upload: 5 MiB (S3's least), four in flight, so an upload holds ~20 MiB at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Files in an S3-compatible object store (the distributed mode's choice beside the disk): the same
 * keys as LocalStorage, each an object `<prefix><key>`. A file is streamed up as a multipart upload
 * (whatever its size, without holding it), read back as a stream, ranges as S3's Range. Checksums
 * are sent and checked only where the protocol requires them, so that S3-compatible servers that
 * know no newer checksum headers work too. The AWS SDK is loaded on first use, so that a process
 * keeping its files on disk never loads it.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly prefix: string;
  private sdk: Promise<Sdk> | null = null;
  private client: S3Client | null = null;

  constructor(
    private readonly options: S3StorageOptions,
    private readonly logger: Logger = silentLogger,
  ) {
    this.prefix = options.prefix ?? '';
  }

  /** The SDK and the client, made on first use. */
  private load(): Promise<Sdk & { client: S3Client }> {
    this.sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([s3, storage]) => ({ ...s3, Upload: storage.Upload }),
    );
    return this.sdk.then((sdk) => {
      const { options } = this;
      this.client ??= new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { ...sdk, client: this.client };
    });
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Readable | Buffer | Uint8Array): Promise<StoredObject> {
    const Key = this.objectKey(key);
    const { Upload, client } = await this.load();
    try {
      const upload = new Upload({
        client,
        params: { Bucket: this.options.bucket, Key, Body: body },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    } catch (err) {
      // A body that failed (a refused upload) leaves nothing behind.
      await this.delete(key).catch(() => undefined);
      this.logger.error({ err, key }, 'storing a file failed');
      throw err;
    }
    const stored = await this.stat(key);
    if (!stored) throw new StorageNotFoundError(key);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const { GetObjectCommand, client } = await this.load();
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) throw new StorageNotFoundError(key);
      return Readable.fromWeb(
        (body as { transformToWebStream(): ReadableStream }).transformToWebStream() as never,
      );
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      this.logger.error({ err, key }, 'reading a file failed');
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const { HeadObjectCommand, client } = await this.load();
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand, client } = await this.load();
    try {
      await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
    } catch (err) {
      if (isMissing(err)) return;
      this.logger.error({ err, key }, 'deleting a file failed');
      throw err;
    }
  }

  /** Release the client's connections. */
  close(): void {
    this.client?.destroy();
  }
}

type Sdk = typeof import('@aws-sdk/client-s3') & { Upload: typeof import('@aws-sdk/lib-storage').Upload };

/** Not found, as S3 and S3-compatible servers say it (NoSuchKey, NotFound, or a 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
