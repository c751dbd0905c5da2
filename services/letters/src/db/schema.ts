import type {
  DeliveryStatus,
  Language,
  LetterRoleGroup,
  LetterStatus,
  LetterTemplate,
  LinkedContent,
} from '@porta/contracts';
import { outboxTable } from '@porta/service-kit';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * The letters service owns this Postgres schema (ADR 0032): the e-mail letters of every housing
 * company and the recipients named on them. Every row carries its housing company (a recipient
 * through its letter), and every read is bound to a company the caller writes letters for.
 */
export const lettersSchema = pgSchema('letters');

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const letters = lettersSchema.table(
  'letters',
  {
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    title: text('title').notNull(),
    preheader: text('preheader').notNull().default(''),
    template: text('template').$type<LetterTemplate>().notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    signatureId: uuid('signature_id'),
    linkedContent: jsonb('linked_content').$type<LinkedContent>(),
    roleGroups: text('role_groups').array().$type<LetterRoleGroup[]>().notNull().default([]),
    status: text('status').$type<LetterStatus>().notNull().default('draft'),
    /** Named recipients (kept here so a list of letters does not count them each time). */
    recipientCount: integer('recipient_count').notNull().default(0),
    copiedFrom: uuid('copied_from'),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** When the send was accepted (the recipients frozen), and by whom. */
    sentAt: ts('sent_at'),
    sentBy: uuid('sent_by'),
    /** The sender's signature as it was at sending (identity keeps the signatures). */
    signatureText: text('signature_text'),
  },
  (t) => [index('letters_company_idx').on(t.housingCompanyId, t.updatedAt.desc(), t.id.desc())],
);

/** The recipients named on a letter, one by one or from a CSV file (03 §3: name, email). */
export const recipients = lettersSchema.table(
  'recipients',
  {
    id: uuid('id').primaryKey(),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased; one letter names an address once (03 §5 "duplicate recipient rejected"). */
    email: text('email').notNull(),
    source: text('source').$type<'manual' | 'csv'>().notNull(),
    /** The order they were added in (the rows of one import share their created_at). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recipients_letter_email_idx').on(t.letterId, t.email),
    index('recipients_letter_seq_idx').on(t.letterId, t.seq),
  ],
);

/**
 * The recipients of a sent letter, frozen when the send was accepted, each with its state (the
 * log). `sending` is internal: taken by the sending job, the mail not yet known to be sent; a job
 * that starts again sends those again (at most the one mail in flight at a kill goes twice).
 */
export const deliveries = lettersSchema.table(
  'deliveries',
  {
    id: uuid('id').primaryKey(),
    letterId: uuid('letter_id')
      .notNull()
      .references(() => letters.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language').$type<Language>().notNull(),
    userId: uuid('user_id'),
    source: text('source').$type<'named' | LetterRoleGroup>().notNull(),
    status: text('status').$type<DeliveryStatus | 'sending'>().notNull(),
    answer: text('answer'),
    messageId: text('message_id'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_letter_email_idx').on(t.letterId, t.email),
    index('deliveries_letter_status_idx').on(t.letterId, t.status, t.seq),
    index('deliveries_message_idx').on(t.messageId),
  ],
);

/**
 * Late results reported about sent mails (the plain-SMTP adapter's store: bounces posted to the
 * bounce endpoint), applied to the log by the log-retrieval job and then marked applied.
 */
export const reports = lettersSchema.table(
  'reports',
  {
    id: uuid('id').primaryKey(),
    messageId: text('message_id').notNull(),
    outcome: text('outcome').$type<'delivered' | 'failed'>().notNull(),
    answer: text('answer'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
  },
  (t) => [index('reports_unapplied_idx').on(t.receivedAt).where(sql`applied_at is null`)],
);

export const outbox = outboxTable(lettersSchema);
