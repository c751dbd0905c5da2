import { randomUUID } from 'node:crypto';
import { defineJob, type JobDefinition } from '@porta/service-kit';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LettersContext, LettersDb } from '../context.js';
import { deliveries, reports } from '../db/schema.js';

/** A late result about one sent mail, from the mail provider: delivered, or failed with its answer. */
export interface DeliveryReport {
  messageId: string;
  outcome: 'delivered' | 'failed';
  answer: string | null;
}

/**
 * What the log-retrieval job asks (03 §9 "retrieve logs"): the mail provider's late results. A
 * provider with an API would fetch them; with plain SMTP they are the bounces posted to the bounce
 * endpoint, kept in `reports`. `settlesBySilence`: nothing reports a delivery, so a mail sent
 * longer ago than the bounce window without a bounce counts as delivered.
 */
export interface DeliveryReports {
  readonly settlesBySilence: boolean;
  /** The reports not taken yet, and how to say they were applied. */
  take(): Promise<{ reports: DeliveryReport[]; applied(): Promise<void> }>;
}

/** The plain-SMTP adapter: bounces the mail server posted to the bounce endpoint. */
export function smtpReports(db: LettersDb): DeliveryReports {
  return {
    settlesBySilence: true,
    async take() {
      const rows = await db
        .select()
        .from(reports)
        .where(isNull(reports.appliedAt))
        .orderBy(reports.receivedAt)
        .limit(5000);
      return {
        reports: rows.map((r) => ({ messageId: r.messageId, outcome: r.outcome, answer: r.answer })),
        async applied() {
          if (rows.length === 0) return;
          await db
            .update(reports)
            .set({ appliedAt: new Date() })
            .where(
              inArray(
                reports.id,
                rows.map((r) => r.id),
              ),
            );
        },
      };
    },
  };
}

/** Keep a bounce for the log-retrieval job (the SMTP adapter's store). */
export async function keepReport(ctx: LettersContext, report: DeliveryReport): Promise<void> {
  await ctx.db.insert(reports).values({ id: randomUUID(), ...report });
}

const MESSAGE_ID = /^(?:Original-)?Message-ID:\s*(<[^>\s]+>)/im;
const STATUS = /^Status:\s*([245])\.\d{1,3}\.\d{1,3}/im;
const ACTION = /^Action:\s*(failed|delivered|delayed|relayed|expanded)/im;
const DIAGNOSTIC = /^Diagnostic-Code:\s*(?:smtp;\s*)?(.+(?:\r?\n[ \t].+)*)/im;

/**
 * A delivery status notification (RFC 3464, as a mail server's bounce holds it) read for what
 * the log needs: the Message-ID of the mail it is about (in the returned message or its headers,
 * after the report's own header), whether it failed or was delivered (a delay says nothing yet:
 * null), and the server's words. Null when it is not a report about a mail of ours.
 */
export function readBounce(raw: string): DeliveryReport | null {
  const bodyStart = raw.search(/\r?\n\r?\n/);
  const body = bodyStart >= 0 ? raw.slice(bodyStart) : raw;
  const messageId = MESSAGE_ID.exec(body)?.[1];
  if (!messageId) return null;
  const action = ACTION.exec(body)?.[1]?.toLowerCase();
  const status = STATUS.exec(body)?.[1];
  const failed = action === 'failed' || (!action && status === '5');
  const delivered = action === 'delivered' || action === 'relayed' || (!action && status === '2');
  if (!failed && !delivered) return null;
  const diagnostic = DIAGNOSTIC.exec(body)?.[1]?.replace(/\s+/g, ' ').trim();
  return {
    messageId,
    outcome: failed ? 'failed' : 'delivered',
    answer: failed
      ? (diagnostic ?? `Status ${STATUS.exec(body)?.[0].split(':')[1]?.trim() ?? '5.0.0'}`).slice(0, 1000)
      : null,
  };
}

/**
 * The log-retrieval job's work: the provider's reports applied to the log (a bounce fails a sent
 * or delivered mail; a delivery report delivers a sent one), then, for a provider that reports no
 * deliveries, every mail sent longer ago than the bounce window without a bounce is delivered.
 * Answers how many log entries changed.
 */
export async function retrieveReports(ctx: LettersContext, source: DeliveryReports): Promise<number> {
  let changed = 0;
  const { reports: taken, applied } = await source.take();
  for (const report of taken) {
    const updated = await ctx.db
      .update(deliveries)
      .set({ status: report.outcome, answer: report.answer, updatedAt: new Date() })
      .where(
        and(
          eq(deliveries.messageId, report.messageId),
          inArray(deliveries.status, report.outcome === 'failed' ? ['sent', 'delivered'] : ['sent']),
        ),
      )
      .returning({ id: deliveries.id });
    changed += updated.length;
  }
  await applied();
  if (source.settlesBySilence) {
    const windowMs = ctx.config.LETTERS_BOUNCE_WINDOW_MINUTES * 60_000;
    const settled = await ctx.db
      .update(deliveries)
      .set({ status: 'delivered', updatedAt: sql`now()` })
      .where(
        and(eq(deliveries.status, 'sent'), lt(deliveries.updatedAt, new Date(Date.now() - windowMs + 1))),
      )
      .returning({ id: deliveries.id });
    changed += settled.length;
  }
  return changed;
}

/** The repeating log retrieval (03 §9: about every 15 minutes). */
export function retrieveLogsJob(ctx: LettersContext, source: DeliveryReports): JobDefinition {
  return defineJob({
    name: 'letters.retrieve-logs',
    payload: z.object({}),
    handler: async () => {
      const changed = await retrieveReports(ctx, source);
      if (changed > 0) ctx.logger.info({ changed }, 'letter logs updated from delivery reports');
    },
  });
}
