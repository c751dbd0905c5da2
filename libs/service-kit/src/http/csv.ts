import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV export as a stream: the header row, then the rows as the source yields them (read in
 * batches by the caller, so that memory stays flat however many there are). Text cells go through
 * csvSafe, booleans read true or false; a byte-order mark lets spreadsheet programs read the UTF-8 (ä, ö, õ…); lines end in CRLF.
 * A failing source ends the stream with the error (onError is told).
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  onError: (error: unknown) => void,
): Transform {
  const csv = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    record_delimiter: 'windows',
    cast: { string: csvSafe, boolean: (value) => (value ? 'true' : 'false') },
  });
  const source = Readable.from(rows);
  source.on('error', (error) => {
    onError(error);
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return source.pipe(csv);
}

/** Send a CSV stream as a download named fileName (not cached). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Transform) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
