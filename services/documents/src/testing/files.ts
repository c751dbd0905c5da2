import { crc32 } from 'node:zlib';

/** A one-page PDF as far as its magic goes, with a mark to tell files apart. */
export function pdf(mark: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
}

/** A Windows program's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/**
 * The entries of a zip whose files are stored (not compressed), read by its central directory:
 * name → bytes, each checked against the CRC-32 its entry gives. Enough for the downloads Porta
 * writes; not a general unzip.
 */
export function unzipStored(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`${name} is compressed`);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    if (crc32(data) !== crc) throw new Error(`${name}: its CRC-32 is not the one its entry gives`);
    out.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}
