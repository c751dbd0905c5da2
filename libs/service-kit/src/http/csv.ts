import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Text cells through csvSafe, booleans as true or false, lines ending in CRLF; a cell with a line
 * break of either kind in it is quoted (csv-stringify quotes only the record delimiter itself, and
 * a bare LF would start a new row in a spreadsheet).
 */
const CSV_OPTIONS: Options = {
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
  cast: { string: csvSafe, boolean: (value) => (value ? 'true' : 'false') },
};

/**
 * A CSV export as a stream: a byte-order mark (spreadsheet programs then read the UTF-8: ä, ö, õ…),
 * the header row, then the rows as the source yields them, a batch at a time (read in batches by
 * the caller, so that memory stays flat however many there are). Each batch is written as one
 * text: one chunk for the socket (and a proxy) per batch, not one per row, which is most of what
 * a large export costs. A failing source ends the stream with the error (onError is told).
 */
export function csvStream(
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  onError: (error: unknown) => void,
): Readable {
  async function* text() {
    yield `\ufeff${stringify([columns as string[]], CSV_OPTIONS)}`;
    for await (const rows of batches) {
      if (rows.length) yield stringify(rows as unknown[][], CSV_OPTIONS);
    }
  }
  const stream = Readable.from(text(), { objectMode: false });
  stream.once('error', onError);
  return stream;
}

/** YYYY-MM-DD of a time in UTC, as an export's file name has it. */
function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** Send a CSV stream as a download named `<name>-<YYYY-MM-DD of at>.csv` (not cached). */
export function sendCsv(reply: FastifyReply, name: string, csv: Readable, at: Date) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${utcDay(at)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
