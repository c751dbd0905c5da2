import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The notifications service owns this Postgres schema: every user's inbox (what the bell shows)
 * and their notification settings (ADR 0016).
 */
export const notificationsSchema = pgSchema('notifications');

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = notificationsSchema.table(
  'notifications',
  {
    /** uuid v7: ordered by creation, the inbox pages by it. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    /**
     * What it tells of, once per user: the event's message id (a redelivered event, a restarted
     * fan-out store nothing twice).
     */
    sourceKey: text('source_key').notNull(),
    type: text('type').notNull(),
    /** In the user's language, chosen when it was stored. */
    title: text('title').notNull(),
    /** A path in the resident app (notification_id is added when it is read out). */
    targetUrl: text('target_url').notNull(),
    housingCompanyId: uuid('housing_company_id'),
    apartmentId: uuid('apartment_id'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
    /** When its e-mail went out (a retried page of e-mails sends only those without it). */
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_source_key').on(t.userId, t.sourceKey),
    index('notifications_user_id_idx').on(t.userId, t.id.desc()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`not is_read`),
  ],
);

/** What a notice e-mail says and to whom (kept in the mail queue until it went out). */
export interface QueuedMail {
  email: string;
  firstName: string;
  language: string;
  title: string;
  type: string;
  url: string;
}

/**
 * The notice e-mails still to send, one per notification, written in the same transaction as the
 * notification itself: a fan-out that stores a notification has queued its e-mail, whatever
 * happens to the process or to Redis afterwards. A row is claimed before its e-mail is sent and
 * deleted when it went out (the notification's emailed_at is set then); a claim that runs out (the
 * process died while sending) lets it be sent again, so a crash costs at most one repeated e-mail.
 * The send job of a page sends its rows at once; a sweep sends whatever a lost job left (ADR 0016).
 */
export const mailQueue = notificationsSchema.table(
  'mail_queue',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    mail: jsonb('mail').$type<QueuedMail>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Failed sends so far; the next waits longer. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Being sent by a job until then. */
    claimedUntil: ts('claimed_until'),
    lastError: text('last_error'),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);

/**
 * A user's settings; no row means the defaults (every key on, e-mail and push on). Keys that are
 * off are listed, so that a key added later starts on for everyone.
 */
export const settings = notificationsSchema.table('settings', {
  userId: uuid('user_id').primaryKey(),
  disabledKeys: text('disabled_keys').array().notNull().default(sql`'{}'::text[]`),
  emailDisabled: boolean('email_disabled').notNull().default(false),
  pushDisabled: boolean('push_disabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
