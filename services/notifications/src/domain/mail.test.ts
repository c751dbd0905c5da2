import type { Mailer, MailMessage } from '@porta/service-kit';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema.js';
import { type NotificationsTestApp, notificationsTestApp } from '../testing/index.js';
import { type MailNotice, sendMailsJob } from './mail.js';

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
  it('sends each e-mail of a page once, though the page is retried after a failure half-way', async () => {
    const userIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const rows = await t.notifications.context.db
      .insert(notifications)
      .values(
        userIds.map((userId, n) => ({
          id: crypto.randomUUID(),
          userId,
          sourceKey: `mail-test-${n}`,
          type: 'news',
          title: `News ${n}`,
          targetUrl: '/news',
        })),
      )
      .returning();
    const mails: MailNotice[] = rows.map((row, n) => ({
      notificationId: row.id,
      email: `reader${n}@demo.porta.test`,
      firstName: `Reader ${n}`,
      language: 'en',
      title: row.title,
      type: 'news',
      url: row.targetUrl,
    }));
    const { mailer, sent } = flakyMailer('reader2@demo.porta.test');
    const job = sendMailsJob({ ...t.notifications.context, mailer });

    await expect(job.handler({ mails }, { jobId: 'mails:test', attempt: 1 })).rejects.toThrow('421');
    expect(sent.map((m) => m.to)).toEqual(['reader0@demo.porta.test', 'reader1@demo.porta.test']);
    // The retry sends the rest only.
    await job.handler({ mails }, { jobId: 'mails:test', attempt: 2 });
    expect(sent.map((m) => m.to)).toEqual(mails.map((m) => m.email));
    // A third run (a redelivered job) sends nothing.
    await job.handler({ mails }, { jobId: 'mails:test', attempt: 3 });
    expect(sent).toHaveLength(4);
    const marked = await t.notifications.context.db
      .select({ emailedAt: notifications.emailedAt })
      .from(notifications)
      .where(inArray(notifications.userId, userIds));
    expect(marked.every((row) => row.emailedAt instanceof Date)).toBe(true);
  });
});
