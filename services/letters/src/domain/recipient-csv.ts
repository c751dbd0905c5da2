/**
 * A CSV file of letter recipients, as staff upload it (03 §5: "CSV comma separated UTF-8 with name
 * and email columns mapped automatically"). Pure: the route stores the rows and answers the
 * refused ones. Whole-file problems throw LETTER_CSV_INVALID (or LETTER_CSV_TOO_LARGE); a bad row
 * is reported by its line number and the rest are kept.
 */
import { LETTER_CSV_MAX_BYTES, LETTER_NAME_MAX_CHARS, zUserEmail } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { CsvError, parse } from 'csv-parse/sync';

/** Column headers, as people write them in the app's nine languages; compared by normaliseHeader. */
export const EMAIL_HEADERS: readonly string[] = [
  // en
  'email',
  'e-mail',
  'mail',
  'email address',
  'e-mail address',
  // fi
  'sähköposti',
  'sähköpostiosoite',
  // sv
  'e-post',
  'e-postadress',
  // et
  'e-posti',
  'e-posti aadress',
  'e-posti address',
  // lv
  'e-pasts',
  'e-pasta adrese',
  // lt
  'el. paštas',
  'el. pašto adresas',
  // pl
  'e-mail adres',
  'adres e-mail',
  // cs, sk
  'e-mailová adresa',
];

/** A column holding the whole name. */
export const FULL_NAME_HEADERS: readonly string[] = [
  // en
  'name',
  'full name',
  // fi, et
  'nimi',
  'koko nimi',
  'täisnimi',
  // sv
  'namn',
  'fullständigt namn',
  // lv
  'vārds',
  'vārds uzvārds',
  // lt
  'vardas',
  'vardas pavardė',
  // pl
  'imię',
  'imię i nazwisko',
  'nazwisko',
  // cs
  'jméno',
  'celé jméno',
  'jméno a příjmení',
  // sk
  'meno',
  'celé meno',
  'meno a priezvisko',
];

export const FIRST_NAME_HEADERS: readonly string[] = [
  'first name',
  'given name',
  'etunimi',
  'förnamn',
  'eesnimi',
  'vārds',
  'vardas',
  'imię',
  'jméno',
  'křestní jméno',
  'meno',
  'krstné meno',
];

export const LAST_NAME_HEADERS: readonly string[] = [
  'last name',
  'surname',
  'family name',
  'sukunimi',
  'efternamn',
  'perekonnanimi',
  'uzvārds',
  'pavardė',
  'nazwisko',
  'příjmení',
  'priezvisko',
];

/** Why a whole file was refused: the `detail` of the LETTER_CSV_INVALID error, shown to staff. */
export const RECIPIENT_CSV_REFUSALS = {
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  noHeader: 'The file has no header row.',
  notCommaSeparated:
    'The file is not comma-separated: its header row has semicolons or tabs. Save it as "CSV UTF-8 (comma delimited)".',
  noEmailColumn: 'The file has no e-mail column.',
  noNameColumn: 'The file has no name column (a name, or a first and a last name).',
  syntax: 'The file is not valid CSV',
} as const;

/** A refused row's value is cut to this (the longest address there may be). */
export const RECIPIENT_CSV_VALUE_MAX_CHARS = 320;

export type RecipientCsvProblem = 'name-missing' | 'email-invalid' | 'duplicate';

export interface ParsedRecipientCsv {
  rows: { line: number; name: string; email: string }[];
  failed: { line: number; problem: RecipientCsvProblem; value: string }[];
}

/** A header as it is compared: no case, no accents, no spaces, dashes, underscores or dots. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\p{Pd}_.]/gu, '');
}

const headerSet = (headers: readonly string[]) => new Set(headers.map(normaliseHeader));
const EMAIL = headerSet(EMAIL_HEADERS);
const FULL_NAME = headerSet(FULL_NAME_HEADERS);
const FIRST_NAME = headerSet(FIRST_NAME_HEADERS);
const LAST_NAME = headerSet(LAST_NAME_HEADERS);

const WHITESPACE_RUN = /\s+/gu;
// Control and format characters, and the fillers that render as nothing: names refuse them
// (visibleText in @porta/contracts), so they are dropped here rather than failing the row.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029\u115F\u3164\uFFA0]|\u034F|\u1160/gu;
const LINE_BREAK = /\r\n|\r|\n/g;

function refuse(detail: string, cause?: unknown): AppError {
  return new AppError('LETTER_CSV_INVALID', { detail, cause });
}

/** At most `max` UTF-16 units, not splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

function cleanName(raw: string): string {
  const name = raw.replace(WHITESPACE_RUN, ' ').replace(INVISIBLE, '').replace(WHITESPACE_RUN, ' ').trim();
  return cut(name, LETTER_NAME_MAX_CHARS).trimEnd();
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/** The first line that has something besides separators and quotes. */
function firstContentLine(text: string): string | undefined {
  let start = 0;
  while (start < text.length) {
    LINE_BREAK.lastIndex = start;
    const end = LINE_BREAK.exec(text);
    const line = text.slice(start, end ? end.index : text.length);
    if (!/^[\s,;"]*$/.test(line)) return line;
    if (!end) return undefined;
    start = end.index + end[0].length;
  }
  return undefined;
}

/** Which columns hold the e-mail and the name; throws when either is missing. */
function mapColumns(header: string[]): { email: number; name: number[] } {
  const keys = header.map(normaliseHeader);
  const email = keys.findIndex((key) => EMAIL.has(key));
  if (email < 0) throw refuse(RECIPIENT_CSV_REFUSALS.noEmailColumn);
  // "Nimi" or "Name" is the whole name. Some words are either ("vārds", "imię", "jméno" are a
  // first name next to "uzvārds", "nazwisko", "příjmení", and the name when alone), so those are
  // taken as first and last name, which gives the same result when only one of them is there.
  const full = keys.findIndex((key) => FULL_NAME.has(key) && !FIRST_NAME.has(key) && !LAST_NAME.has(key));
  if (full >= 0) return { email, name: [full] };
  const first = keys.findIndex((key) => FIRST_NAME.has(key));
  const last = keys.findIndex((key, i) => LAST_NAME.has(key) && i !== first);
  const name = [first, last].filter((i) => i >= 0);
  if (name.length === 0) throw refuse(RECIPIENT_CSV_REFUSALS.noNameColumn);
  return { email, name };
}

/** Parse an uploaded recipient CSV into its rows and its refused rows. */
export function parseRecipientCsv(bytes: Buffer): ParsedRecipientCsv {
  if (bytes.length > LETTER_CSV_MAX_BYTES) throw new AppError('LETTER_CSV_TOO_LARGE');

  let text: string;
  try {
    // Strips a byte-order mark; a Latin-1 or UTF-16 file throws instead of turning into mojibake.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw refuse(RECIPIENT_CSV_REFUSALS.notUtf8, error);
  }

  const headerLine = firstContentLine(text);
  if (headerLine === undefined) throw refuse(RECIPIENT_CSV_REFUSALS.noHeader);
  // Checked on the text: a quoted semicolon file ("Name";"Email") is a CSV syntax error otherwise,
  // which would not tell staff what to change. Excel in many of our locales saves with semicolons.
  if (!headerLine.includes(',') && /[;\t]/.test(headerLine)) {
    throw refuse(RECIPIENT_CSV_REFUSALS.notCommaSeparated);
  }

  let records: string[][];
  try {
    records = parse(text, {
      delimiter: ',',
      // All three, so that a file with mixed line ends does not glue rows together.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A quote inside an unquoted cell (John "JJ" Doe) is kept as written, not a refusal of the file.
      relax_quotes: true,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const where = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
      throw refuse(`${RECIPIENT_CSV_REFUSALS.syntax}${where}.`, error);
    }
    throw error;
  }

  const result: ParsedRecipientCsv = { rows: [], failed: [] };
  const fail = (line: number, problem: RecipientCsvProblem, value: string) =>
    result.failed.push({ line, problem, value: cut(value, RECIPIENT_CSV_VALUE_MAX_CHARS) });
  const seen = new Set<string>();
  let columns: { email: number; name: number[] } | undefined;
  // Line numbers are counted here rather than taken from csv-parse's info.lines: that is the line a
  // record ends on, and it counts a CRLF inside a quoted cell as two lines. Every line belongs to
  // one record (empty lines give blank records), and a record spans its cells' line breaks.
  let line = 1;
  for (const record of records) {
    const start = line;
    line += 1;
    for (const cell of record) {
      if (cell.includes('\n') || cell.includes('\r')) line += cell.match(LINE_BREAK)?.length ?? 0;
    }
    if (isBlank(record)) continue;
    if (!columns) {
      columns = mapColumns(record);
      continue;
    }

    const rawEmail = record[columns.email] ?? '';
    const rawName = columns.name.map((i) => record[i] ?? '').join(' ');
    const parsed = /[\r\n]/.test(rawEmail) ? undefined : zUserEmail.safeParse(rawEmail);
    if (!parsed?.success) {
      fail(start, 'email-invalid', rawEmail);
      continue;
    }
    const name = cleanName(rawName);
    if (name === '') {
      fail(start, 'name-missing', rawName);
      continue;
    }
    // Only added rows count: a refused earlier row does not make a later, good one a duplicate.
    if (seen.has(parsed.data)) {
      fail(start, 'duplicate', rawEmail);
      continue;
    }
    seen.add(parsed.data);
    result.rows.push({ line: start, name, email: parsed.data });
  }
  if (!columns) throw refuse(RECIPIENT_CSV_REFUSALS.noHeader);
  return result;
}
