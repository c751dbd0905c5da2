/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/index.js';

/** A running S3 wire-compatible server for the tests, and the S3_* settings that reach it. */
export interface S3TestServer {
  settings: Required<Pick<S3Settings, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION'>> & S3Settings;
  close(): Promise<void>;
}

/**
 * Start an S3-compatible server (s3rver, which speaks S3's REST protocol: signed requests,
 * multipart uploads, ranges) on a free port with one bucket, its objects in a temporary folder.
 * The storage adapter and the services are tested against it as they would be against any S3.
 */
export async function startS3Server(bucket = 'porta-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'porta-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
