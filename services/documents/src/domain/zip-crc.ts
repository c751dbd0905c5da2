import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * yazl checksums every byte of a zip with buffer-crc32, in JavaScript: about 360 MB/s here, which
 * held a 1 GiB folder's zip to a seventh of the speed the disk gives it. Node has CRC-32 natively
 * (zlib.crc32, since 20.15; zlib's SIMD code, over 4 GB/s), with the same polynomial and the same
 * running value. So the copy of buffer-crc32 that yazl loads computes with it (ADR 0030). That copy
 * is yazl's own (nested under yazl), so nothing else is touched; zip-crc.test.ts holds the two to
 * the same answers.
 */

interface BufferCrc32 {
  unsigned(data: Buffer | string, previous?: number): number;
}

/** buffer-crc32 as yazl loads it. */
export function yazlCrc32(): BufferCrc32 {
  const fromHere = createRequire(import.meta.url);
  return createRequire(fromHere.resolve('yazl'))('buffer-crc32') as BufferCrc32;
}

let done = false;

/** Make yazl's checksums native (once per process). */
export function useNativeZipChecksums(): void {
  if (done) return;
  yazlCrc32().unsigned = (data, previous) => crc32(data, previous ?? 0);
  done = true;
}
