import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { unzipStored } from '../testing/files.js';
import { useNativeZipChecksums, yazlCrc32 } from './zip-crc.js';

/** A plain bytewise CRC-32 (polynomial 0xEDB88320), to hold both implementations to. */
function reference(data: Buffer, previous = 0): number {
  let c = ~previous >>> 0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe("yazl's checksums", () => {
  it('are the same, native or not, in one go and continued part by part', () => {
    const js = yazlCrc32().unsigned;
    const parts = [Buffer.alloc(0), randomBytes(1), randomBytes(4097), randomBytes(65_536)];
    let running = 0;
    for (const part of parts) {
      expect(js(part, running)).toBe(reference(part, running));
      expect(crc32(part, running)).toBe(reference(part, running));
      running = reference(part, running);
    }
    expect(js(Buffer.concat(parts))).toBe(running);
  });

  it("once native, a streamed zip's entries carry the right CRC-32", async () => {
    useNativeZipChecksums();
    expect(yazlCrc32().unsigned(Buffer.from('123456789'))).toBe(0xcbf43926);
    const files = { 'a.bin': randomBytes(300_000), 'b.bin': randomBytes(17) };
    const zip = new yazl.ZipFile();
    for (const [name, data] of Object.entries(files)) {
      zip.addReadStreamLazy(name, { size: data.length, compress: false }, (done) => {
        done(null, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
      });
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const entries = unzipStored(Buffer.concat(chunks));
    for (const [name, data] of Object.entries(files)) expect(entries.get(name)?.equals(data)).toBe(true);
  });
});
