import { randomUUID } from 'node:crypto';
import {
  type CsvRowProblem,
  LETTER_CSV_FAILURES_LISTED,
  LETTER_RECIPIENTS_MAX,
  type LetterRecipient,
  type LetterRecipientBody,
  type LetterRecipientImportResult,
  type LetterRecipientPage,
} from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { LettersContext, LettersDb } from '../context.js';
import { letters, recipients } from '../db/schema.js';
import { assertDraft, type LetterRow } from './access.js';
import { parseRecipientCsv } from './recipient-csv.js';

type RecipientRow = typeof recipients.$inferSelect;
type Tx = Parameters<Parameters<LettersDb['transaction']>[0]>[0];

function recipientOf(row: RecipientRow): LetterRecipient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The letter's named recipients in the order they were added; words narrow by name or address. */
export async function listRecipients(
  ctx: LettersContext,
  letter: LetterRow,
  query: { q?: string | undefined; offset: number; limit: number },
): Promise<LetterRecipientPage> {
  const conditions: (SQL | undefined)[] = [eq(recipients.letterId, letter.id)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(recipients.name, like), ilike(recipients.email, like)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(recipients)
      .where(where)
      .orderBy(asc(recipients.seq))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(recipients).where(where),
  ]);
  return { items: rows.map(recipientOf), total: total?.n ?? 0 };
}

/** The draft locked for a change of its recipients (a sent letter: 409), with its count now. */
async function lockDraft(tx: Tx, letterId: string): Promise<LetterRow> {
  const [row] = await tx.select().from(letters).where(eq(letters.id, letterId)).for('update');
  if (!row) throw new AppError('LETTER_NOT_FOUND');
  assertDraft(row);
  return row;
}

async function addToCount(tx: Tx, letterId: string, added: number): Promise<void> {
  await tx
    .update(letters)
    .set({ recipientCount: sql`${letters.recipientCount} + ${added}`, updatedAt: new Date() })
    .where(eq(letters.id, letterId));
}

/** One recipient added by hand: an address already on the letter is refused (409). */
export async function addRecipient(
  ctx: LettersContext,
  letter: LetterRow,
  body: LetterRecipientBody,
): Promise<LetterRecipient> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockDraft(tx, letter.id);
    if (row.recipientCount >= LETTER_RECIPIENTS_MAX) throw new AppError('LETTER_TOO_MANY_RECIPIENTS');
    const [added] = await tx
      .insert(recipients)
      .values({ id: randomUUID(), letterId: letter.id, name: body.name, email: body.email, source: 'manual' })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError('LETTER_RECIPIENT_DUPLICATE');
    await addToCount(tx, letter.id, 1);
    return recipientOf(added);
  });
}

export async function removeRecipient(
  ctx: LettersContext,
  letter: LetterRow,
  recipientId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockDraft(tx, letter.id);
    const removed = await tx
      .delete(recipients)
      .where(and(eq(recipients.id, recipientId), eq(recipients.letterId, letter.id)))
      .returning({ id: recipients.id });
    if (removed.length === 0) throw new AppError('LETTER_RECIPIENT_NOT_FOUND');
    await addToCount(tx, letter.id, -1);
  });
}

const INSERT_CHUNK = 1000;

/**
 * The rows of a CSV file added to the draft (03 §5): the whole file refused when it is not
 * comma-separated UTF-8 with a name and an e-mail column; else every good row added, and the rows
 * that fail listed by line number — a bad address, no name, an address already in the file or on
 * the letter, or one past LETTER_RECIPIENTS_MAX.
 */
export async function importRecipients(
  ctx: LettersContext,
  letter: LetterRow,
  file: Buffer,
): Promise<LetterRecipientImportResult> {
  const parsed = parseRecipientCsv(file);
  const failed: { line: number; problem: CsvRowProblem; value: string }[] = [...parsed.failed];
  const added = await ctx.db.transaction(async (tx) => {
    const row = await lockDraft(tx, letter.id);
    const present = new Set(
      (
        await tx
          .select({ email: recipients.email })
          .from(recipients)
          .where(eq(recipients.letterId, letter.id))
      ).map((r) => r.email),
    );
    const room = LETTER_RECIPIENTS_MAX - row.recipientCount;
    const fresh: { line: number; name: string; email: string }[] = [];
    for (const r of parsed.rows) {
      if (present.has(r.email)) failed.push({ line: r.line, problem: 'duplicate', value: r.email });
      else if (fresh.length >= room) failed.push({ line: r.line, problem: 'too-many', value: r.email });
      else fresh.push(r);
    }
    for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
      await tx.insert(recipients).values(
        fresh.slice(i, i + INSERT_CHUNK).map((r) => ({
          id: randomUUID(),
          letterId: letter.id,
          name: r.name,
          email: r.email,
          source: 'csv' as const,
        })),
      );
    }
    if (fresh.length > 0) await addToCount(tx, letter.id, fresh.length);
    return fresh.length;
  });
  failed.sort((a, b) => a.line - b.line);
  return { added, failedCount: failed.length, failed: failed.slice(0, LETTER_CSV_FAILURES_LISTED) };
}
