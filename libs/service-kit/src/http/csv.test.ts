import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { csvCellSql, csvLineSql, csvLinesSql, csvSafe, csvStream, csvTextStream } from './csv.js';

async function chunksOf(stream: NodeJS.ReadableStream): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk as Buffer).toString('utf8'));
  return out;
}

async function* from<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

describe('csvStream', () => {
  it('writes a byte-order mark, the header and each batch as one chunk of CRLF lines', async () => {
    const stream = csvStream(
      ['name', 'count', 'open'],
      from(
        [['Linden Court', 2, true]],
        [],
        [
          ['Birch Hill', 0, false],
          ['Äkäslompolo', 11, true],
        ],
      ),
      () => undefined,
    );
    const chunks = await chunksOf(stream);
    expect(chunks).toEqual([
      '\ufeffname,count,open\r\n',
      'Linden Court,2,true\r\n',
      'Birch Hill,0,false\r\nÄkäslompolo,11,true\r\n',
    ]);
  });

  it('quotes what needs quoting and defuses formula-like text', async () => {
    const stream = csvStream(
      ['text'],
      from([['a, b'], ['say "hi"'], ['two\nlines'], ['=SUM(A1:A2)'], ['-1'], ['@x'], ['plain']]),
      () => undefined,
    );
    const text = (await chunksOf(stream)).join('');
    expect(text).toBe(
      '\ufefftext\r\n"a, b"\r\n"say ""hi"""\r\n"two\nlines"\r\n\'=SUM(A1:A2)\r\n\'-1\r\n\'@x\r\nplain\r\n',
    );
  });

  it('ends with the error of a failing source and tells onError', async () => {
    const errors: unknown[] = [];
    async function* failing() {
      yield [['first']];
      throw new Error('database gone');
    }
    const stream = csvStream(['text'], failing(), (error) => errors.push(error));
    await expect(chunksOf(stream)).rejects.toThrow('database gone');
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database gone');
  });
});

describe('csvSafe', () => {
  it('prefixes only text a spreadsheet would run', () => {
    expect(csvSafe('+358 40 123')).toBe("'+358 40 123");
    expect(csvSafe('\tx')).toBe("'\tx");
    expect(csvSafe('Matti')).toBe('Matti');
    expect(csvSafe('a=b')).toBe('a=b');
  });
});

/** Text a CSV export meets: formula-like, quoted, commas, line breaks of each kind, empty, none. */
const AWKWARD: (string | null)[] = [
  'plain',
  'a, b',
  'say "hi"',
  '"',
  ',',
  'two\nlines',
  'cr\ronly',
  'x\r\ny',
  '=SUM(A1:A2)',
  '=a,b',
  '+358 40 123',
  '-1',
  '@x',
  '\tTab',
  '\rstart',
  "it's",
  ' spaced ',
  'Äkäslompolo, "Kota"',
  '',
  null,
];

describe('csvCellSql, csvLineSql and csvLinesSql', () => {
  it('write in the database exactly the bytes csvStream writes', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const db = database.drizzle({});
      const cells = AWKWARD.map((value) => csvCellSql(sql`${value}::text`));
      const line = csvLineSql([...cells, sql`${true}::boolean::text`, sql`${42}::int::text`]);
      const [fromDatabase] = await db
        .select({ text: csvLinesSql(sql`line`, sql`n`) })
        .from(sql`(select ${line} as line, n from generate_series(1, 2) as n) as lines`);
      const expected = await chunksOf(
        csvStream(
          ['c'],
          from([
            [...AWKWARD, true, 42],
            [...AWKWARD, true, 42],
          ]),
          () => undefined,
        ),
      );
      expect(fromDatabase!.text).toBe(expected[1]);
      const streamed = await chunksOf(
        csvTextStream(
          ['c'],
          (async function* () {
            yield fromDatabase!.text;
          })(),
          () => undefined,
        ),
      );
      expect(streamed).toEqual(expected);
    } finally {
      await database.close();
    }
  });
});
