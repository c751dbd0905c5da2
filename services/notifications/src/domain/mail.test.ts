import type { Mailer, MailMessage } from '@porta/service-kit';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notifications } from '../db/schema.js';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { sendMailsJob, sweepMailsJob } from './mail.js';

let t: NotificationsTestApp;
beforeAll(async () => {
  t = await notificationsTestApp();
}, 60_000);
afterAll(() => t?.close());

/** A mailer that refuses the message to `failOn` once, then sends everything. */
function flakyMailer(failOn: string) {
  const sent: MailMessage[] = [];
  let failed = false;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      if (message.to === failOn && !failed) {
        failed = true;
        throw new Error('421 try again later');
      }
      sent.push(message);
      return { messageId: `<m${sent.length}@porta.test>` };
    },
    async verify() {},
    async close() {},
  };
  return { mailer, sent };
}

describe('notice e-mails', () => {
  /** Notifications with their e-mails queued, as a fan-out stores them. */
  async function queued(n: number) {
    const userIds = Array.from({ length: n }, () => crypto.randomUUID());
    const rows = await t.notifications.context.db
      .insert(notifications)
      .values(
        userIds.map((userId, i) => ({
          id: crypto.randomUUID(),
          userId,
          sourceKey: `mail-test-${i}`,
          type: 'news',
          title: `News ${i}`,
          targetUrl: '/news',
        })),
      )
      .returning();
    await t.notifications.context.db.insert(mailQueue).values(
      rows.map((row, i) => ({
        notificationId: row.id,
        mail: {
          email: `reader${i}@demo.porta.test`,
          firstName: `Reader ${i}`,
          language: 'en',
          title: row.title,
          type: 'news',
          url: row.targetUrl,
        },
      })),
    );
    return { userIds, ids: rows.map((r) => r.id) };
  }

  it('sends each e-mail of a page once, though the page is retried after a failure half-way', async () => {
    const { userIds, ids } = await queued(4);
    const { mailer, sent } = flakyMailer('reader2@demo.porta.test');
    const ctx = {
      ...t.notifications.context,
      mailer,
      config: { ...t.notifications.context.config, MAIL_RETRY_SECONDS: 0 },
    };
    const job = sendMailsJob(ctx);

    await expect(job.handler({ ids }, { jobId: 'mails:test', attempt: 1 })).rejects.toThrow('421');
    const first = sent.map((m) => m.to);
    expect(first).not.toContain('reader2@demo.porta.test');
    // The retry sends the rest only: each address once in all.
    await job.handler({ ids }, { jobId: 'mails:test', attempt: 2 });
    expect(sent.map((m) => m.to).sort()).toEqual(
      ['reader0', 'reader1', 'reader2', 'reader3'].map((r) => `${r}@demo.porta.test`),
    );
    expect(sent.slice(0, first.length).map((m) => m.to)).toEqual(first);
    // A third run (a redelivered job) sends nothing.
    await job.handler({ ids }, { jobId: 'mails:test', attempt: 3 });
    expect(sent).toHaveLength(4);
    const marked = await t.notifications.context.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(inArray(notifications.userId, userIds));
    expect(marked.every((row) => row.emailedAt instanceof Date)).toBe(true);
    expect(
      await t.notifications.context.db.select().from(mailQueue).where(inArray(mailQueue.notificationId, ids)),
    ).toEqual([]);
  });

  it('puts off an e-mail the mail server refused, and the sweep sends it when it is due', async () => {
    const { ids } = await queued(2);
    const { mailer, sent } = flakyMailer('reader0@demo.porta.test');
    const ctx = {
      ...t.notifications.context,
      mailer,
      config: { ...t.notifications.context.config, MAIL_RETRY_SECONDS: 3600 },
    };
    await expect(sendMailsJob(ctx).handler({ ids }, { jobId: 'mails:later', attempt: 1 })).rejects.toThrow(
      '421',
    );
    const [waiting] = await ctx.db.select().from(mailQueue).where(eq(mailQueue.notificationId, ids[0]!));
    expect(waiting).toMatchObject({ attempts: 1, lastError: '421 try again later', claimedUntil: null });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // Not due: the sweep leaves it (and sends the other one, which the failure handed back).
    await ctx.db
      .update(mailQueue)
      .set({ createdAt: sql`now() - interval '1 minute'` })
      .where(inArray(mailQueue.notificationId, ids));
    await sweepMailsJob(ctx).handler({}, { jobId: 'sweep', attempt: 1 });
    expect(sent.map((m) => m.to)).toEqual(['reader1@demo.porta.test']);
    // Due: sent.
    await ctx.db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.notificationId, ids[0]!));
    await sweepMailsJob(ctx).handler({}, { jobId: 'sweep', attempt: 2 });
    expect(sent.map((m) => m.to)).toEqual(['reader1@demo.porta.test', 'reader0@demo.porta.test']);
  });

  it('sends an e-mail whose claim ran out (its process died while sending) again, and never one being sent', async () => {
    const { ids } = await queued(1);
    const { mailer, sent } = flakyMailer('nobody');
    const ctx = { ...t.notifications.context, mailer };
    await ctx.db
      .update(mailQueue)
      .set({ createdAt: sql`now() - interval '1 minute'`, claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailQueue.notificationId, ids[0]!));
    await sweepMailsJob(ctx).handler({}, { jobId: 'sweep', attempt: 1 });
    expect(sent).toEqual([]);
    await ctx.db
      .update(mailQueue)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailQueue.notificationId, ids[0]!));
    await sweepMailsJob(ctx).handler({}, { jobId: 'sweep', attempt: 2 });
    expect(sent.map((m) => m.to)).toEqual(['reader0@demo.porta.test']);
  });

  it('gives up an e-mail that could not be sent for two days', async () => {
    const { ids } = await queued(1);
    const { mailer, sent } = flakyMailer('nobody');
    const ctx = { ...t.notifications.context, mailer };
    await ctx.db
      .update(mailQueue)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(mailQueue.notificationId, ids[0]!));
    await sweepMailsJob(ctx).handler({}, { jobId: 'sweep', attempt: 1 });
    expect(sent).toEqual([]);
    expect(await ctx.db.select().from(mailQueue).where(eq(mailQueue.notificationId, ids[0]!))).toEqual([]);
  });
});
