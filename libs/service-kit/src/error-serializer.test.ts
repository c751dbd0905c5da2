import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from './db/database.js';
import { AppError } from './errors.js';
import { loggerOptions } from './logger.js';

/*
 * Issue 16, point 9: no log line may carry a statement's parameters. drizzle writes them into the
 * message of its DrizzleQueryError, PGlite keeps them on its error, and PostgreSQL quotes values
 * in a constraint's detail and in the message of a value it cannot take. Real errors of a real
 * database are logged through the process logger's options and the lines read back.
 */

const people = pgTable('people', { id: uuid('id').primaryKey(), email: text('email').notNull().unique() });
const SECRET_EMAIL = 'secret.person@example.test';
const SECRET_ID = 'not-a-uuid-but-a-secret';

let database: Database;
let db: Db<{ people: typeof people }>;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  db = database.drizzle({ people });
  await db.execute(sql`CREATE TABLE people (id uuid PRIMARY KEY, email text NOT NULL UNIQUE)`);
  await db.insert(people).values({ id: '11111111-1111-4111-8111-111111111111', email: SECRET_EMAIL });
});
afterAll(() => database.close());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

/** The JSON line the process logger writes for `{ err }`. */
function logged(err: unknown): { line: string; json: Record<string, unknown> } {
  let line = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      line += chunk.toString();
      done();
    },
  });
  const logger = pino(loggerOptions({ LOG_LEVEL: 'info' }, 'test'), sink);
  logger.error({ err }, 'request failed');
  return { line, json: JSON.parse(line).err };
}

describe('the logged error', () => {
  it('keeps the statement and the SQLSTATE of a value PostgreSQL cannot take, not the value', async () => {
    const error = await failure(() => db.select().from(people).where(eq(people.id, SECRET_ID)));
    // The error as thrown carries the value three times over.
    expect(String((error as Error).message)).toContain(SECRET_ID);
    const { line, json } = logged(error);
    expect(line).not.toContain(SECRET_ID);
    expect(json.type).toBe('DrizzleQueryError');
    expect(json.message).toMatch(/^Failed query: select .* from "people" where "people"\."id" = \$1: /);
    expect(json.message).toContain('invalid input syntax for type uuid: "[redacted]"');
    expect(json.stack).toMatch(/^DrizzleQueryError: Failed query: select/);
    expect(json.causes).toEqual([expect.objectContaining({ code: '22P02', severity: 'ERROR' })]);
  });

  it("leaves out a unique constraint's detail, which quotes the row", async () => {
    const error = await failure(() =>
      db.insert(people).values({ id: '22222222-2222-4222-8222-222222222222', email: SECRET_EMAIL }),
    );
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(SECRET_EMAIL);
    const { line, json } = logged(new AppError('INTERNAL', { cause: error }));
    expect(line).not.toContain(SECRET_EMAIL);
    expect(json.type).toBe('AppError');
    expect(json.message).toMatch(/^Something went wrong: Failed query: insert into "people"/);
    expect(json.causes).toEqual([
      expect.objectContaining({ type: 'DrizzleQueryError', query: expect.stringContaining('insert into') }),
      expect.objectContaining({ code: '23505', constraint: 'people_email_key' }),
    ]);
  });

  it('logs other errors as pino does', () => {
    const { json } = logged(Object.assign(new Error('boom', { cause: new Error('below') }), { code: 'E1' }));
    expect(json).toMatchObject({ type: 'Error', message: 'boom: below', code: 'E1' });
    expect(json.stack).toMatch(/^Error: boom\n\s+at [\s\S]*\ncaused by: Error: below\n\s+at /);
  });
});
