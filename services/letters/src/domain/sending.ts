import { randomUUID } from 'node:crypto';
import {
  type AudienceSummary,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type Language,
  LETTER_EVENTS,
  type SendProgress,
} from '@porta/contracts';
import { AppError, defineJob, enqueueEvent, type JobDefinition } from '@porta/service-kit';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LettersContext } from '../context.js';
import { deliveries, letters, outbox } from '../db/schema.js';
import { assertDraft, type Entry, type LetterRow } from './access.js';
import { type AudienceEntry, resolveAudience } from './audience.js';
import { LetterMails, signatureOf } from './compose.js';

/** Recipients taken by the sending job at a time. */
const SEND_BATCH = 50;
const INSERT_CHUNK = 1000;
const OPTED_OUT_LISTED = 100;

/** The wizard's recipient step: the audience as sending would freeze it now (languages: the company's first, then the most read). */
export function summarise(audience: readonly AudienceEntry[], companyLanguage: Language): AudienceSummary {
  const bySource: Record<string, number> = {};
  const languages = new Map<Language, number>();
  const optedOut: { name: string; email: string }[] = [];
  let optedOutCount = 0;
  for (const entry of audience) {
    if (entry.optedOut) {
      optedOutCount += 1;
      if (optedOut.length < OPTED_OUT_LISTED) optedOut.push({ name: entry.name, email: entry.email });
      continue;
    }
    bySource[entry.source] = (bySource[entry.source] ?? 0) + 1;
    languages.set(entry.language, (languages.get(entry.language) ?? 0) + 1);
  }
  return {
    total: audience.length - optedOutCount,
    bySource,
    // The company's own language first (the preview opens in it), then by how many read each.
    languages: [...languages]
      .sort(
        ([a, n], [b, m]) =>
          Number(b === companyLanguage) - Number(a === companyLanguage) || m - n || a.localeCompare(b),
      )
      .map(([language]) => language),
    optedOut,
    optedOutCount,
  };
}

/**
 * Send a draft (03 §4): its audience is resolved and frozen as its log (every recipient queued; a
 * resident who turned e-mail off skipped, and said so), the letter becomes `sending`, and the
 * sending job is queued. Sending twice is refused (409 LETTER_ALREADY_SENT), and so is a letter
 * with no one to send to (409 LETTER_NO_RECIPIENTS).
 */
export async function sendLetter(ctx: LettersContext, entry: Entry, row: LetterRow): Promise<SendProgress> {
  assertDraft(row);
  const audience = await resolveAudience(ctx, entry.housingCompany, row);
  if (!audience.some((a) => !a.optedOut)) throw new AppError('LETTER_NO_RECIPIENTS');
  const signature = await signatureOf(ctx, entry.principal.userId, row.signatureId);
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(letters).where(eq(letters.id, row.id)).for('update');
    if (!locked) throw new AppError('LETTER_NOT_FOUND');
    assertDraft(locked);
    for (let i = 0; i < audience.length; i += INSERT_CHUNK) {
      await tx.insert(deliveries).values(
        audience.slice(i, i + INSERT_CHUNK).map((a) => ({
          id: randomUUID(),
          letterId: row.id,
          email: a.email,
          name: a.name,
          language: a.language,
          userId: a.userId,
          source: a.source,
          status: a.optedOut ? ('skipped' as const) : ('queued' as const),
          answer: a.optedOut ? 'opted-out' : null,
        })),
      );
    }
    await tx
      .update(letters)
      .set({
        status: 'sending',
        sentAt: new Date(),
        sentBy: entry.principal.userId,
        signatureText: signature,
        updatedAt: new Date(),
      })
      .where(eq(letters.id, row.id));
  });
  await enqueueSend(ctx, row.id);
  return progressOf(ctx, row.id);
}

/** Queue the sending job of a letter (once: the job id is the letter's), or run it now without a runner. */
async function enqueueSend(ctx: LettersContext, letterId: string): Promise<void> {
  if (ctx.jobs) {
    await ctx.jobs.enqueue(sendLetterJob(ctx), { letterId }, { jobId: `letter:${letterId}` });
    return;
  }
  // No job runner (a test bed): at once; what fails stays queued for runSend to take up again.
  await runSend(ctx, letterId).catch((error: unknown) =>
    ctx.logger.warn({ err: error, letterId }, 'sending a letter stopped; it stays queued'),
  );
}

/** The count of a letter's recipients in each state. */
export async function progressOf(ctx: LettersContext, letterId: string): Promise<SendProgress> {
  const [letter] = await ctx.db
    .select({ status: letters.status, sentAt: letters.sentAt })
    .from(letters)
    .where(eq(letters.id, letterId));
  if (!letter) throw new AppError('LETTER_NOT_FOUND');
  const rows = await ctx.db
    .select({ status: deliveries.status, n: count() })
    .from(deliveries)
    .where(eq(deliveries.letterId, letterId))
    .groupBy(deliveries.status);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  let total = 0;
  for (const r of rows) {
    // Taken by the job but not yet known to be sent: still queued, as far as anyone can tell.
    const status = r.status === 'sending' ? 'queued' : r.status;
    counts[status] += r.n;
    total += r.n;
  }
  return { status: letter.status, total, counts, sentAt: letter.sentAt?.toISOString() ?? null };
}

/** A refusal of the recipient by the mail server (5xx): that recipient fails, the others go on. */
function refusal(error: unknown): string | null {
  const e = error as { responseCode?: number; response?: string; message?: string };
  if (typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600) {
    return (e.response ?? e.message ?? String(e.responseCode)).slice(0, 1000);
  }
  return null;
}

/**
 * The sending job's work: batches of SEND_BATCH recipients in their order, one mail at a time,
 * each marked sent as soon as the server took it, so that a process killed mid-send sends again
 * at most the one mail it was sending. A refused recipient fails alone; a server that is down or
 * answers 4xx fails the job, which the runner retries with backoff from where it stopped. At the
 * end the letter is sent and `letters.letter.sent.v1` goes out.
 */
export async function runSend(ctx: LettersContext, letterId: string): Promise<void> {
  const [letter] = await ctx.db.select().from(letters).where(eq(letters.id, letterId));
  if (letter?.status !== 'sending') return;
  const hc = await ctx.directory.housingCompany(letter.housingCompanyId);
  if (!hc) throw new Error(`housing company ${letter.housingCompanyId} of letter ${letterId} is not known`);
  if (!ctx.mailer) throw new Error('no mailer: letters cannot be sent');
  const mailer = ctx.mailer;
  const mails = new LetterMails(ctx, letter, hc, letter.signatureText);
  const gapMs = 1000 / ctx.config.LETTERS_SEND_PER_SECOND;
  let last = 0;
  for (;;) {
    const pending = ctx.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.letterId, letterId), inArray(deliveries.status, ['queued', 'sending'])))
      .orderBy(asc(deliveries.seq))
      .limit(SEND_BATCH);
    const batch = await ctx.db
      .update(deliveries)
      .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, updatedAt: new Date() })
      .where(inArray(deliveries.id, pending))
      .returning();
    if (batch.length === 0) break;
    batch.sort((a, b) => a.seq - b.seq);
    for (const d of batch) {
      const wait = last + gapMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = performance.now();
      const mail = await mails.mailTo(d);
      try {
        const { messageId } = await mailer.send(mail);
        await ctx.db
          .update(deliveries)
          .set({ status: 'sent', messageId, answer: null, updatedAt: new Date() })
          .where(eq(deliveries.id, d.id));
      } catch (error) {
        const answer = refusal(error);
        if (answer === null) throw error;
        await ctx.db
          .update(deliveries)
          .set({ status: 'failed', answer, updatedAt: new Date() })
          .where(eq(deliveries.id, d.id));
      }
    }
  }
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(letters)
      .set({ status: 'sent', updatedAt: new Date() })
      .where(and(eq(letters.id, letterId), eq(letters.status, 'sending')))
      .returning({ id: letters.id });
    if (done.length === 0) return;
    const counts = await tx
      .select({ status: deliveries.status, n: count() })
      .from(deliveries)
      .where(eq(deliveries.letterId, letterId))
      .groupBy(deliveries.status);
    await enqueueEvent(tx, outbox, LETTER_EVENTS.sent, {
      letterId,
      housingCompanyId: letter.housingCompanyId,
      counts: Object.fromEntries(counts.map((c) => [c.status, c.n])),
    });
  });
  ctx.kickEvents();
}

export const zSendPayload = z.object({ letterId: z.uuid() });

/** The sending job (BullMQ in the distributed mode): retried with backoff for about a quarter of an hour. */
export function sendLetterJob(ctx: LettersContext): JobDefinition<typeof zSendPayload> {
  return defineJob({
    name: 'letters.send',
    payload: zSendPayload,
    attempts: 10,
    backoffMs: 2000,
    handler: ({ letterId }) => runSend(ctx, letterId),
  });
}
