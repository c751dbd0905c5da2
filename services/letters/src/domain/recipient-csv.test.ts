import { LETTER_CSV_MAX_BYTES, LETTER_NAME_MAX_CHARS } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_HEADERS,
  FIRST_NAME_HEADERS,
  FULL_NAME_HEADERS,
  LAST_NAME_HEADERS,
  normaliseHeader,
  parseRecipientCsv,
  RECIPIENT_CSV_REFUSALS,
  RECIPIENT_CSV_VALUE_MAX_CHARS,
} from './recipient-csv.js';

const csv = (text: string) => Buffer.from(text, 'utf8');
const parseText = (text: string) => parseRecipientCsv(csv(text));

/** The error a refused file throws. */
function refusal(bytes: Buffer): AppError {
  try {
    parseRecipientCsv(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}
const invalid = (detail: string) => ({ code: 'LETTER_CSV_INVALID', detail });

describe('parseRecipientCsv: columns', () => {
  it('reads a comma-separated file with English headers', () => {
    expect(parseText('name,email\nAnna Virtanen,anna@example.com\nBo Ek,  Bo.Ek@Example.COM \n')).toEqual({
      rows: [
        { line: 2, name: 'Anna Virtanen', email: 'anna@example.com' },
        { line: 3, name: 'Bo Ek', email: 'bo.ek@example.com' },
      ],
      failed: [],
    });
  });

  it('reads Finnish headers after a byte-order mark', () => {
    // Quoted, so that a BOM left in front of the first quote would be a CSV syntax error.
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv('"Nimi","Sähköposti"\n"Äijä Öhman","aija@example.fi"\n'),
    ]);
    expect(parseRecipientCsv(bytes).rows).toEqual([
      { line: 2, name: 'Äijä Öhman', email: 'aija@example.fi' },
    ]);
  });

  it('joins Swedish first and last name columns', () => {
    const parsed = parseText(
      'Förnamn,Efternamn,E-post\nAnna,Ek,anna@example.se\nBo,,bo@example.se\n,Lind,lind@example.se\n , ,x@example.se\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Anna Ek', email: 'anna@example.se' },
      { line: 3, name: 'Bo', email: 'bo@example.se' },
      { line: 4, name: 'Lind', email: 'lind@example.se' },
    ]);
    expect(parsed.failed).toEqual([{ line: 5, problem: 'name-missing', value: '   ' }]);
  });

  it('finds the columns in any order among others, and handles short and long rows', () => {
    const parsed = parseText(
      'Apartment,E-mail address,Phone,Full name\nA 1,anna@example.com,040 123,Anna\nB 2,bo@example.com\nC 3,cy@example.com,050,Cy,extra,cells\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Anna', email: 'anna@example.com' },
      { line: 4, name: 'Cy', email: 'cy@example.com' },
    ]);
    expect(parsed.failed).toEqual([{ line: 3, problem: 'name-missing', value: '' }]);
  });

  it.each([
    ['Imię,Nazwisko,Adres e-mail', 'Jan,Kowalski,jan@example.pl', 'Jan Kowalski'],
    ['Nazwisko,Imię,E-mail', 'Kowalski,Jan,jan@example.pl', 'Jan Kowalski'],
    ['Imię i nazwisko,E-mail', 'Jan Kowalski,jan@example.pl', 'Jan Kowalski'],
    ['Vārds,Uzvārds,E-pasts', 'Jānis,Bērziņš,j@example.lv', 'Jānis Bērziņš'],
    ['Vardas,Pavardė,El. paštas', 'Jonas,Jonaitis,j@example.lt', 'Jonas Jonaitis'],
    ['Vardas,el.paštas', 'Jonas Jonaitis,j@example.lt', 'Jonas Jonaitis'],
    ['Eesnimi,Perekonnanimi,E-posti', 'Mari,Tamm,m@example.ee', 'Mari Tamm'],
    ['Jméno,Příjmení,E-mailová adresa', 'Jan,Novák,j@example.cz', 'Jan Novák'],
    ['Celé jméno,Emailová adresa', 'Jan Novák,j@example.cz', 'Jan Novák'],
    ['Meno,Priezvisko,E-mail', 'Ján,Hraško,j@example.sk', 'Ján Hraško'],
    ['Etunimi,Sukunimi,Sähköpostiosoite', 'Anna,Virtanen,a@example.fi', 'Anna Virtanen'],
    ['First name,Last name,Email', 'Anna,Smith,a@example.com', 'Anna Smith'],
    ['Name,First name,Last name,Email', 'Full One,First,Last,a@example.com', 'Full One'],
    ['Koko nimi,e-postadress', 'Anna Virtanen,a@example.fi', 'Anna Virtanen'],
    [' NIMI ,SAHKO-POSTI', 'Anna,a@example.fi', 'Anna'],
    ['full_name,E_MAIL', 'Anna,a@example.fi', 'Anna'],
  ])('maps %j', (header, row, name) => {
    expect(parseText(`${header}\n${row}\n`).rows.map((r) => r.name)).toEqual([name]);
  });

  it.each(EMAIL_HEADERS)('knows the e-mail header %j', (header) => {
    expect(parseText(`name,"${header.toUpperCase()}"\nAnna,a@example.com\n`).rows).toHaveLength(1);
  });

  it.each([...FULL_NAME_HEADERS, ...FIRST_NAME_HEADERS, ...LAST_NAME_HEADERS])(
    'knows the name header %j',
    (header) => {
      expect(parseText(`"${header}",email\nAnna,a@example.com\n`).rows).toEqual([
        { line: 2, name: 'Anna', email: 'a@example.com' },
      ]);
    },
  );

  it('compares headers without case, accents, spaces, dashes and underscores', () => {
    expect(normaliseHeader(' E-Mailová_Adresa ')).toBe('emailovaadresa');
    expect(normaliseHeader('el. paštas')).toBe(normaliseHeader('EL.PASTAS'));
    // Decomposed "ä" (a + U+0308) as macOS may write it.
    expect(normaliseHeader('Sa\u0308hko\u0308posti')).toBe('sahkoposti');
  });
});

describe('parseRecipientCsv: CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, numbering the lines after them', () => {
    const parsed = parseText(
      'name,email\n"Virtanen, Anna",anna@example.com\n"Multi\nline ""quoted""\nname",m@example.com\nBo,bo@example.com\nBad,not-an-address\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Virtanen, Anna', email: 'anna@example.com' },
      { line: 3, name: 'Multi line "quoted" name', email: 'm@example.com' },
      { line: 6, name: 'Bo', email: 'bo@example.com' },
    ]);
    expect(parsed.failed).toEqual([{ line: 7, problem: 'email-invalid', value: 'not-an-address' }]);
  });

  it('reads CRLF line ends, also inside a quoted cell', () => {
    const parsed = parseText(
      'name,email\r\nAnna,anna@example.com\r\n"Two\r\nlines",two@example.com\r\nBo,bo@example.com\r\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Anna', email: 'anna@example.com' },
      { line: 3, name: 'Two lines', email: 'two@example.com' },
      { line: 5, name: 'Bo', email: 'bo@example.com' },
    ]);
  });

  it('reads a file with mixed line ends without gluing rows together', () => {
    const parsed = parseText('name,email\r\nAnna,anna@example.com\nBo,bo@example.com\r\nCy,cy@example.com');
    expect(parsed.rows.map((r) => [r.line, r.email])).toEqual([
      [2, 'anna@example.com'],
      [3, 'bo@example.com'],
      [4, 'cy@example.com'],
    ]);
  });

  it('skips empty rows silently', () => {
    const parsed = parseText('\n,\nname,email\n\nAnna,anna@example.com\n,\n  ,  \nBo,bo@example.com\n');
    expect(parsed).toEqual({
      rows: [
        { line: 5, name: 'Anna', email: 'anna@example.com' },
        { line: 8, name: 'Bo', email: 'bo@example.com' },
      ],
      failed: [],
    });
  });

  it('parses 100,000 rows', () => {
    const lines = ['name,email'];
    for (let i = 0; i < 100_000; i++) lines.push(`Person Number ${i},person.number.${i}@example.com`);
    const parsed = parseText(lines.join('\n'));
    expect(parsed.rows).toHaveLength(100_000);
    expect(parsed.failed).toEqual([]);
    expect(parsed.rows[99_999]).toEqual({
      line: 100_001,
      name: 'Person Number 99999',
      email: 'person.number.99999@example.com',
    });
  });
});

describe('parseRecipientCsv: refused files', () => {
  it('refuses a semicolon-separated file', () => {
    expect(refusal(csv('Nimi;Sähköposti\nAnna;anna@example.fi\n'))).toMatchObject(
      invalid(RECIPIENT_CSV_REFUSALS.notCommaSeparated),
    );
    expect(refusal(csv('"Nimi";"Sähköposti"\n"Anna";"anna@example.fi"\n'))).toMatchObject(
      invalid(RECIPIENT_CSV_REFUSALS.notCommaSeparated),
    );
  });

  it('refuses a tab-separated file', () => {
    expect(refusal(csv('Name\tEmail\nAnna\tanna@example.com\n'))).toMatchObject(
      invalid(RECIPIENT_CSV_REFUSALS.notCommaSeparated),
    );
  });

  it('refuses bytes that are not UTF-8', () => {
    // "Nimi,Sähköposti" in Latin-1: ä is 0xE4, ö is 0xF6.
    const latin1 = Buffer.from([
      0x4e, 0x69, 0x6d, 0x69, 0x2c, 0x53, 0xe4, 0x68, 0x6b, 0xf6, 0x70, 0x6f, 0x73, 0x74, 0x69, 0x0a, 0x41,
      0x2c, 0x61, 0x40, 0x78, 0x2e, 0x66, 0x69, 0x0a,
    ]);
    expect(refusal(latin1)).toMatchObject(invalid(RECIPIENT_CSV_REFUSALS.notUtf8));
  });

  it('refuses a file without an e-mail column', () => {
    expect(refusal(csv('name,phone\nAnna,040 123\n'))).toMatchObject(
      invalid(RECIPIENT_CSV_REFUSALS.noEmailColumn),
    );
  });

  it('refuses a file without a name column', () => {
    expect(refusal(csv('email,phone\nanna@example.com,040 123\n'))).toMatchObject(
      invalid(RECIPIENT_CSV_REFUSALS.noNameColumn),
    );
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\n \r\n,,\n'],
  ])('refuses %s', (_, text) => {
    expect(refusal(csv(text))).toMatchObject(invalid(RECIPIENT_CSV_REFUSALS.noHeader));
  });

  it('refuses a CSV syntax error, saying where', () => {
    const error = refusal(csv('name,email\nAnna,anna@example.com\n"Bo,bo@example.com\n'));
    expect(error.code).toBe('LETTER_CSV_INVALID');
    expect(error.detail).toMatch(/^The file is not valid CSV \(line \d+\)\.$/);
  });

  it('refuses a file larger than the limit', () => {
    const error = refusal(Buffer.alloc(LETTER_CSV_MAX_BYTES + 1, 'a'));
    expect(error.code).toBe('LETTER_CSV_TOO_LARGE');
  });
});

describe('parseRecipientCsv: rows', () => {
  it('reports an invalid address with its line', () => {
    const parsed = parseText('name,email\nAnna,anna@example.com\nBo,bo(at)example.com\nCy,\n');
    expect(parsed.rows.map((r) => r.line)).toEqual([2]);
    expect(parsed.failed).toEqual([
      { line: 3, problem: 'email-invalid', value: 'bo(at)example.com' },
      { line: 4, problem: 'email-invalid', value: '' },
    ]);
  });

  it('refuses an address with a line break in a quoted cell', () => {
    const parsed = parseText(
      'name,email\nAnna,"anna@example.com\nBcc: evil@example.com"\nBo,"bo@example.com\r\n"\nCy,cy@example.com\n',
    );
    expect(parsed.failed).toEqual([
      { line: 2, problem: 'email-invalid', value: 'anna@example.com\nBcc: evil@example.com' },
      // Trimming would make this one valid: the line break is refused before.
      { line: 4, problem: 'email-invalid', value: 'bo@example.com\r\n' },
    ]);
    expect(parsed.rows).toEqual([{ line: 6, name: 'Cy', email: 'cy@example.com' }]);
  });

  it('reports a duplicate address, whatever its case', () => {
    const parsed = parseText(
      'name,email\nAnna,anna@example.com\nAnna Again,ANNA@Example.com\n,bo@example.com\nBo,bo@example.com\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Anna', email: 'anna@example.com' },
      // Line 4 was refused, so this is not a duplicate of it.
      { line: 5, name: 'Bo', email: 'bo@example.com' },
    ]);
    expect(parsed.failed).toEqual([
      { line: 3, problem: 'duplicate', value: 'ANNA@Example.com' },
      { line: 4, problem: 'name-missing', value: '' },
    ]);
  });

  it('keeps a formula in the name as text', () => {
    const parsed = parseText(
      'name,email\n"=HYPERLINK(""http://evil"",""x"")",anna@example.com\n+Bo,bo@example.com\nCy,=1+1\n',
    );
    expect(parsed.rows).toEqual([
      { line: 2, name: '=HYPERLINK("http://evil","x")', email: 'anna@example.com' },
      { line: 3, name: '+Bo', email: 'bo@example.com' },
    ]);
    expect(parsed.failed).toEqual([{ line: 4, problem: 'email-invalid', value: '=1+1' }]);
  });

  it('cleans names: trims, collapses whitespace, drops control characters, cuts', () => {
    const long = 'x'.repeat(LETTER_NAME_MAX_CHARS + 50);
    const parsed = parseText(
      `name,email\n"  Anna \t Maria\u0000 Vir\u200Btanen\u202E ",a@example.com\n${long},b@example.com\n\u0007\u200B,c@example.com\n`,
    );
    expect(parsed.rows.map((r) => r.name)).toEqual([
      'Anna Maria Virtanen',
      'x'.repeat(LETTER_NAME_MAX_CHARS),
    ]);
    expect(parsed.failed).toEqual([{ line: 4, problem: 'name-missing', value: '\u0007\u200B' }]);
  });

  it('cuts the reported value', () => {
    const long = `${'a'.repeat(400)}@example.com`;
    const parsed = parseText(`name,email\nAnna,${long}\n`);
    expect(parsed.failed).toEqual([
      { line: 2, problem: 'email-invalid', value: long.slice(0, RECIPIENT_CSV_VALUE_MAX_CHARS) },
    ]);
  });
});
