import { type Language, type NotificationType, zNotificationType } from '@porta/contracts';
import { defineJob, type MailMessage, publicUrl } from '@porta/service-kit';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NotificationsContext } from '../context.js';
import { notifications } from '../db/schema.js';
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

const zMailNotice = z.object({
  notificationId: z.string(),
  email: z.string(),
  firstName: z.string(),
  language: z.string(),
  title: z.string(),
  type: zNotificationType,
  url: z.string(),
});

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

/** The job that sends a page of notice e-mails (retried: see deliver; the mailer pools its connections). */
export function sendMailsJob(ctx: NotificationsContext) {
  return defineJob({
    name: 'notifications.send-mails',
    payload: z.object({ mails: z.array(zMailNotice) }),
    attempts: 5,
    backoffMs: 30_000,
    handler: async ({ mails }) => {
      await deliver(ctx, mails as MailNotice[]);
    },
  });
}

/**
 * Send a page of notice e-mails, each marked as sent (emailed_at) as soon as it went out, so that
 * the page retried after a failure sends only the ones not sent yet. (An e-mail can still go twice
 * only if the process stops between sending it and marking it.)
 */
async function deliver(ctx: NotificationsContext, mails: MailNotice[]) {
  if (!ctx.mailer || mails.length === 0) return;
  const sent = new Set(
    (
      await ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            inArray(
              notifications.id,
              mails.map((m) => m.notificationId),
            ),
            isNotNull(notifications.emailedAt),
          ),
        )
    ).map((row) => row.id),
  );
  for (const mail of mails) {
    if (sent.has(mail.notificationId)) continue;
    await ctx.mailer.send(noticeMail(ctx, mail));
    await ctx.db
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(eq(notifications.id, mail.notificationId));
  }
}

/** Send notice e-mails in the background (a job, when the process has jobs), else now. */
export async function sendNoticeMails(ctx: NotificationsContext, key: string, mails: MailNotice[]) {
  if (mails.length === 0 || !ctx.mailer) return;
  if (ctx.jobs) await ctx.jobs.enqueue(sendMailsJob(ctx), { mails }, { jobId: `mails:${key}` });
  else await deliver(ctx, mails);
}
