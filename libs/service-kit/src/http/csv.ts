import { Readable } from 'node:stream';
import { localDay } from '@porta/contracts';
import { type Options, stringify } from 'csv-stringify/sync';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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

/** The byte-order mark (spreadsheet programs then read the UTF-8: ä, ö, õ…) and the header row. */
function csvHead(columns: readonly string[]): string {
  return `\ufeff${stringify([columns as string[]], CSV_OPTIONS)}`;
}

/**
 * A CSV export as a stream: a byte-order mark, the header row, then the rows as the source yields
 * them, a batch at a time (read in batches by the caller, so that memory stays flat however many
 * there are). Each batch is written as one text: one chunk for the socket (and a proxy) per batch,
 * not one per row, which is most of what a large export costs. A failing source ends the stream
 * with the error (onError is told).
 */
export function csvStream(
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
  onError: (error: unknown) => void,
): Readable {
  async function* texts() {
    for await (const rows of batches) {
      if (rows.length) yield stringify(rows as unknown[][], CSV_OPTIONS);
    }
  }
  return csvTextStream(columns, texts(), onError);
}

/**
 * csvStream for rows the database wrote as CSV already (csvCellSql, csvLineSql, csvLinesSql): the
 * byte-order mark and the header, then each text as it comes.
 */
export function csvTextStream(
  columns: readonly string[],
  texts: AsyncIterable<string>,
  onError: (error: unknown) => void,
): Readable {
  async function* all() {
    yield csvHead(columns);
    for await (const text of texts) if (text) yield text;
  }
  const stream = Readable.from(all(), { objectMode: false });
  stream.once('error', onError);
  return stream;
}

/**
 * SQL: a text value as a CSV cell exactly as csvStream writes it: csvSafe's apostrophe before
 * formula-like text, then quoted (quotes doubled) when it holds a quote, a comma or a line break;
 * '' for null. A large export then leaves the database as finished lines instead of values to
 * convert and encode one by one (csv.test.ts holds the two to the same bytes).
 */
export function csvCellSql(value: SQLWrapper): SQL<string> {
  const safe = sql`(case when left(${value}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${value} else ${value} end)`;
  const needsQuotes = sql`(strpos(${value}, '"') + strpos(${value}, ',') + strpos(${value}, E'\\n') + strpos(${value}, E'\\r')) > 0`;
  return sql<string>`(case when ${value} is null then '' when ${needsQuotes} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
}

/** SQL: a row's cells (none null: csvCellSql, or a boolean or number as text) as one CSV line, without its end. */
export function csvLineSql(cells: readonly SQLWrapper[]): SQL<string> {
  return sql<string>`concat_ws(',', ${sql.join([...cells], sql`, `)})`;
}

/** SQL aggregate: the lines in this order, each ending in CRLF as csvStream's do. */
export function csvLinesSql(line: SQLWrapper, orderBy: SQL): SQL<string> {
  return sql<string>`string_agg(${line}, E'\\r\\n' order by ${orderBy}) || E'\\r\\n'`;
}

/** Send a CSV stream as a download named `<name>-<YYYY-MM-DD of at, the portal's day>.csv` (not cached). */
export function sendCsv(reply: FastifyReply, name: string, csv: Readable, at: Date) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${localDay(at)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
