import { randomUUID } from 'node:crypto';
import type { Letter, LetterBody, LetterPage, LetterStatus, LetterSummary } from '@porta/contracts';
import { AppError } from '@porta/service-kit';
import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { LettersContext } from '../context.js';
import { letters, recipients } from '../db/schema.js';
import { assertDraft, type Entry, type LetterRow } from './access.js';
import { sanitizeLetterHtml } from './html.js';

export function summaryOf(row: LetterRow): LetterSummary {
  return {
    id: row.id,
    housingCompanyId: row.housingCompanyId,
    title: row.title,
    preheader: row.preheader,
    template: row.template,
    signatureId: row.signatureId,
    linkedContent: row.linkedContent ?? null,
    roleGroups: row.roleGroups,
    status: row.status,
    recipientCount: row.recipientCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    copiedFrom: row.copiedFrom,
  };
}

export function letterOf(row: LetterRow): Letter {
  return { ...summaryOf(row), content: row.content };
}

/** As the index letters_company_idx orders them (drizzle's `.desc()` is `desc nulls last`). */
const LAST_CHANGED_FIRST = [sql`${letters.updatedAt} desc nulls last`, sql`${letters.id} desc nulls last`];

/** The housing company's letters, the last changed first; a status and words of the title narrow them. */
export async function listLetters(
  ctx: LettersContext,
  entry: Entry,
  query: { status?: LetterStatus | undefined; q?: string | undefined; offset: number; limit: number },
): Promise<LetterPage> {
  const conditions: (SQL | undefined)[] = [
    eq(letters.housingCompanyId, entry.housingCompanyId),
    query.status ? eq(letters.status, query.status) : undefined,
  ];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    conditions.push(ilike(letters.title, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(letters)
      .where(where)
      .orderBy(...LAST_CHANGED_FIRST)
      .offset(query.offset)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(letters).where(where),
  ]);
  return { items: rows.map(summaryOf), total: total?.n ?? 0 };
}

function fieldsOf(body: LetterBody) {
  return {
    title: body.title,
    preheader: body.preheader,
    template: body.template,
    content: sanitizeLetterHtml(body.content),
    signatureId: body.signatureId,
    linkedContent: body.linkedContent,
    roleGroups: body.roleGroups,
  };
}

export async function createLetter(ctx: LettersContext, entry: Entry, body: LetterBody): Promise<LetterRow> {
  const [row] = await ctx.db
    .insert(letters)
    .values({
      id: randomUUID(),
      housingCompanyId: entry.housingCompanyId,
      ...fieldsOf(body),
      createdBy: entry.principal.userId,
    })
    .returning();
  return row!;
}

/** A draft's fields replaced (a sent letter: 409 LETTER_ALREADY_SENT). */
export async function updateLetter(
  ctx: LettersContext,
  row: LetterRow,
  body: LetterBody,
): Promise<LetterRow> {
  assertDraft(row);
  const [updated] = await ctx.db
    .update(letters)
    .set({ ...fieldsOf(body), updatedAt: new Date() })
    .where(and(eq(letters.id, row.id), eq(letters.status, 'draft')))
    .returning();
  if (!updated) throw new AppError('LETTER_ALREADY_SENT');
  return updated;
}

/** A draft and its recipients deleted; a sent letter is kept (409 LETTER_DELETE_FAILED). */
export async function deleteLetter(ctx: LettersContext, row: LetterRow): Promise<void> {
  const deleted = await ctx.db
    .delete(letters)
    .where(and(eq(letters.id, row.id), eq(letters.status, 'draft')))
    .returning({ id: letters.id });
  if (deleted.length === 0) throw new AppError('LETTER_DELETE_FAILED');
}

/**
 * A new draft with the letter's fields and named recipients (03 §4: a sent letter is read-only and
 * can be copied), titled as the original.
 */
export async function copyLetter(ctx: LettersContext, entry: Entry, row: LetterRow): Promise<LetterRow> {
  return ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    const [copy] = await tx
      .insert(letters)
      .values({
        id,
        housingCompanyId: row.housingCompanyId,
        title: row.title,
        preheader: row.preheader,
        template: row.template,
        content: row.content,
        signatureId: row.signatureId,
        linkedContent: row.linkedContent,
        roleGroups: row.roleGroups,
        recipientCount: row.recipientCount,
        copiedFrom: row.id,
        createdBy: entry.principal.userId,
      })
      .returning();
    const named = await tx
      .select({ name: recipients.name, email: recipients.email, source: recipients.source })
      .from(recipients)
      .where(eq(recipients.letterId, row.id));
    for (let i = 0; i < named.length; i += 1000) {
      await tx
        .insert(recipients)
        .values(named.slice(i, i + 1000).map((r) => ({ ...r, id: randomUUID(), letterId: id })));
    }
    return copy!;
  });
}
