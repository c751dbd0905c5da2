import type { Language, NotificationType } from '@porta/contracts';
import { defineJob, type MailMessage, publicUrl, withTransaction } from '@porta/service-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { mailQueue, notifications } from '../db/schema.js';
import { targetWithId } from './inbox.js';

/** One e-mail notice: a stored notification for a user who has e-mail on. */
export interface MailNotice {
  notificationId: string;
  email: string;
  firstName: string;
  language: Language;
  title: string;
  type: NotificationType;
  url: string;
}

interface NoticeText {
  /** {title} */
  subject: string;
  /** {name}, {title}, {link}, {settings} */
  body: string;
}

/** The notice e-mail in the nine languages. */
const NOTICE: Record<Language, NoticeText> = {
  en: {
    subject: 'Porta: {title}',
    body: 'Hello {name},\n\nThere is something new for you in Porta:\n\n{title}\n\nOpen it: {link}\n\nYou choose which notifications you get by e-mail in your notification settings: {settings}\n\nPorta',
  },
  fi: {
    subject: 'Porta: {title}',
    body: 'Hei {name},\n\nPortassa on sinulle jotain uutta:\n\n{title}\n\nAvaa se: {link}\n\nVoit valita, mistä saat ilmoituksen sähköpostiisi, ilmoitusasetuksistasi: {settings}\n\nPorta',
  },
  sv: {
    subject: 'Porta: {title}',
    body: 'Hej {name},\n\nDet finns något nytt för dig i Porta:\n\n{title}\n\nÖppna det: {link}\n\nDu väljer vilka aviseringar du får per e-post i dina aviseringsinställningar: {settings}\n\nPorta',
  },
  et: {
    subject: 'Porta: {title}',
    body: 'Tere, {name}!\n\nPortas on sinu jaoks midagi uut:\n\n{title}\n\nAva see: {link}\n\nSaad valida, milliseid teavitusi e-postiga saad, oma teavituste seadetes: {settings}\n\nPorta',
  },
  lv: {
    subject: 'Porta: {title}',
    body: 'Labdien, {name}!\n\nPorta jums ir kaut kas jauns:\n\n{title}\n\nAtveriet to: {link}\n\nSavos paziņojumu iestatījumos varat izvēlēties, kurus paziņojumus saņemt e-pastā: {settings}\n\nPorta',
  },
  lt: {
    subject: 'Porta: {title}',
    body: 'Sveiki, {name},\n\n„Porta“ jūsų laukia naujiena:\n\n{title}\n\nAtidarykite: {link}\n\nKuriuos pranešimus gauti el. paštu, galite pasirinkti pranešimų nustatymuose: {settings}\n\nPorta',
  },
  pl: {
    subject: 'Porta: {title}',
    body: 'Dzień dobry {name},\n\nW Porta czeka na Ciebie coś nowego:\n\n{title}\n\nOtwórz: {link}\n\nW ustawieniach powiadomień wybierzesz, o czym dostajesz wiadomości e-mail: {settings}\n\nPorta',
  },
  cs: {
    subject: 'Porta: {title}',
    body: 'Dobrý den, {name},\n\nv Porta pro vás máme novinku:\n\n{title}\n\nOtevřete ji: {link}\n\nKterá oznámení dostáváte e-mailem, si zvolíte v nastavení oznámení: {settings}\n\nPorta',
  },
  sk: {
    subject: 'Porta: {title}',
    body: 'Dobrý deň, {name},\n\nv Porta pre vás máme novinku:\n\n{title}\n\nOtvorte ju: {link}\n\nKtoré oznámenia dostávate e-mailom, si zvolíte v nastaveniach oznámení: {settings}\n\nPorta',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function noticeMail(ctx: NotificationsContext, notice: MailNotice): MailMessage {
  const text = NOTICE[notice.language] ?? NOTICE.en;
  const base = publicUrl(ctx.config);
  const values = {
    name: notice.firstName,
    title: notice.title,
    link: `${base}${targetWithId(notice.url, notice.notificationId)}`,
    settings: `${base}/my-notifications`,
  };
  return {
    to: notice.email,
    subject: fill(text.subject, values),
    text: fill(text.body, values),
    headers: { 'X-Porta-Notification': notice.notificationId },
  };
}

/**
 * E-mails claimed at a time: a process that dies holds back at most these (until their claim runs
 * out, MAIL_CLAIM_SECONDS), of which at most the one being sent went out and goes again.
 */
const CLAIM_BATCH = 20;
/** The longest wait between two tries of an e-mail that keeps failing. */
const MAX_RETRY_WAIT_MS = 60 * 60_000;
/** An e-mail not sent within this time is given up (the notice is in the bell all along). */
const GIVE_UP_AFTER_MS = 48 * 3600_000;
/** E-mails a sweep sends at most. */
const SWEEP_BATCH = 500;
/** The sweep leaves younger e-mails to the job that was queued with them. */
const SWEEP_AGE_MS = 30_000;

/** The job that sends the queued e-mails of a page of notifications (by their ids). */
export function sendMailsJob(ctx: NotificationsContext) {
  return defineJob({
    name: 'notifications.send-mails',
    payload: z.object({ ids: z.array(z.string().uuid()).max(1000) }),
    attempts: 5,
    backoffMs: 30_000,
    handler: async ({ ids }) => {
      await deliver(ctx, { ids });
    },
  });
}

/**
 * Every minute or so: send what is due in the mail queue and no job is sending (a job lost with
 * Redis, a process killed between storing and queueing, an e-mail waiting to be tried again).
 */
export function sweepMailsJob(ctx: NotificationsContext) {
  return defineJob({
    name: 'notifications.sweep-mails',
    payload: z.object({}),
    attempts: 1,
    handler: async () => {
      await giveUpStaleMails(ctx);
      while ((await deliver(ctx, { olderThanMs: SWEEP_AGE_MS })) === SWEEP_BATCH) {
        // A full batch: there may be more.
      }
    },
  });
}

interface Claimed {
  notification_id: string;
  mail: Omit<MailNotice, 'notificationId'>;
  attempts: number;
}

/**
 * Send queued e-mails: the given ones, or every due one older than olderThanMs (SWEEP_BATCH at
 * most). They are claimed CLAIM_BATCH at a time (so a job and a sweep, or two instances, never
 * send the same e-mail), sent, then removed from the queue and their notification marked as
 * e-mailed. The first failure (the mail server refuses or is away) puts that e-mail off with a
 * growing wait, hands the rest of its batch back untouched, and throws, so that a job tries again
 * later. Answers how many were claimed.
 */
async function deliver(
  ctx: NotificationsContext,
  which: { ids: readonly string[] } | { olderThanMs: number },
): Promise<number> {
  if (!ctx.mailer) return 0;
  if ('ids' in which && which.ids.length === 0) return 0;
  let total = 0;
  while (total < SWEEP_BATCH) {
    const claimed = await claim(ctx, which);
    total += claimed.length;
    await sendClaimed(ctx, claimed);
    if (claimed.length < CLAIM_BATCH) break;
  }
  return total;
}

async function claim(
  ctx: NotificationsContext,
  which: { ids: readonly string[] } | { olderThanMs: number },
): Promise<Claimed[]> {
  const filter =
    'ids' in which
      ? inArray(mailQueue.notificationId, [...which.ids])
      : sql`${mailQueue.createdAt} < now() - (${which.olderThanMs}::float8 * interval '1 millisecond')`;
  const claimMs = ctx.config.MAIL_CLAIM_SECONDS * 1000;
  const result = (await ctx.db.execute(sql`
    update ${mailQueue} set claimed_until = now() + (${claimMs}::float8 * interval '1 millisecond')
    where ${mailQueue.notificationId} in (
      select ${mailQueue.notificationId} from ${mailQueue}
      where ${filter} and ${mailQueue.nextAttemptAt} <= now()
        and (${mailQueue.claimedUntil} is null or ${mailQueue.claimedUntil} < now())
      order by ${mailQueue.createdAt}
      limit ${CLAIM_BATCH}
      for update skip locked)
    returning notification_id, mail, attempts`)) as unknown as { rows: Claimed[] };
  return result.rows;
}

async function sendClaimed(ctx: NotificationsContext, claimed: Claimed[]) {
  const mailer = ctx.mailer!;
  for (let i = 0; i < claimed.length; i++) {
    const { notification_id: id, mail, attempts } = claimed[i]!;
    try {
      await mailer.send(noticeMail(ctx, { ...mail, notificationId: id }));
    } catch (err) {
      const waitMs = Math.min(ctx.config.MAIL_RETRY_SECONDS * 1000 * 2 ** attempts, MAX_RETRY_WAIT_MS);
      await ctx.db
        .update(mailQueue)
        .set({
          attempts: attempts + 1,
          lastError: err instanceof Error ? err.message.slice(0, 1000) : String(err),
          claimedUntil: null,
          nextAttemptAt: sql`now() + (${waitMs}::float8 * interval '1 millisecond')`,
        })
        .where(eq(mailQueue.notificationId, id));
      const rest = claimed.slice(i + 1).map((c) => c.notification_id);
      if (rest.length > 0) {
        await ctx.db
          .update(mailQueue)
          .set({ claimedUntil: null })
          .where(inArray(mailQueue.notificationId, rest));
      }
      ctx.logger.warn(
        { err, notificationId: id, attempts: attempts + 1, waitMs },
        'notice e-mail failed; tried again later',
      );
      throw err;
    }
    await withTransaction(ctx.db, async (tx) => {
      await tx.delete(mailQueue).where(eq(mailQueue.notificationId, id));
      await tx.update(notifications).set({ emailedAt: sql`now()` }).where(eq(notifications.id, id));
    });
  }
}

/** E-mails that could not be sent for two days are given up, with an error line each. */
async function giveUpStaleMails(ctx: NotificationsContext) {
  const dropped = await ctx.db
    .delete(mailQueue)
    .where(sql`${mailQueue.createdAt} < now() - (${GIVE_UP_AFTER_MS}::float8 * interval '1 millisecond')`)
    .returning({
      id: mailQueue.notificationId,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
    });
  for (const row of dropped) {
    ctx.logger.error(
      { notificationId: row.id, attempts: row.attempts, lastError: row.lastError },
      'notice e-mail given up after two days',
    );
  }
}

/**
 * Send the queued e-mails of these notifications in the background: a job when the process has
 * jobs (not awaited, so that the bell never waits for Redis; when queueing fails the sweep sends
 * them), else now.
 */
export async function sendQueuedMails(ctx: NotificationsContext, key: string, ids: readonly string[]) {
  if (ids.length === 0 || !ctx.mailer) return;
  if (!ctx.jobs) {
    await deliver(ctx, { ids });
    return;
  }
  ctx.jobs.enqueue(sendMailsJob(ctx), { ids: [...ids] }, { jobId: `mails:${key}` }).catch((err: unknown) => {
    ctx.logger.warn({ err, key }, 'notice e-mails not queued; the sweep sends them');
  });
}

/** The e-mails still queued of a source for these users (a redelivered fan-out queues them again). */
export async function queuedMailsOf(
  ctx: NotificationsContext,
  sourceKey: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await ctx.db
    .select({ id: mailQueue.notificationId })
    .from(mailQueue)
    .innerJoin(notifications, eq(notifications.id, mailQueue.notificationId))
    .where(and(eq(notifications.sourceKey, sourceKey), inArray(notifications.userId, [...userIds])));
  return rows.map((r) => r.id);
}
