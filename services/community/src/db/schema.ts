import type { AuthorLabel, ConversationType, ReferenceType, ReportHandledHow } from '@porta/contracts';
import { outboxTable } from '@porta/service-kit';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The community service owns this Postgres schema: public discussions per housing company, their
 * comments and replies (and comments on a news article), likes, subscriptions to a discussion's notifications, comment images,
 * violation reports, and private conversations and area discussions with their messages (ADR 0017). Every row carries its housing company, and every read is bound to
 * the caller's housing companies.
 */
export const community = pgSchema('community');

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** When it was written and changed, and when and by whom it was deleted. */
const edited = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  editedAt: ts('edited_at'),
  deletedAt: ts('deleted_at'),
  deletedBy: uuid('deleted_by'),
});

/** The writer as they were when they wrote (02 §6 labels are decided at write time). */
const authored = () => ({
  authorId: uuid('author_id').notNull(),
  authorFirstName: text('author_first_name').notNull(),
  authorLabel: jsonb('author_label').$type<AuthorLabel>().notNull(),
});

export const discussions = community.table(
  'discussions',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    ...authored(),
    /** Comments and replies, deleted ones included (they keep their place). */
    commentCount: integer('comment_count').notNull().default(0),
    /** Creation or the latest comment: the list's order (newest activity first). */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    ...edited(),
  },
  (t) => [
    index('discussions_activity_idx')
      .on(t.housingCompanyId, t.lastActivityAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
  ],
);

/**
 * Comments on a discussion, or on a reference of another service (a news article of content:
 * reference_type news, reference_id the article's id), each thread per housing company. Exactly
 * one of the two is set.
 */
export const comments = community.table(
  'comments',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    discussionId: uuid('discussion_id').references(() => discussions.id, { onDelete: 'cascade' }),
    /** What the comment is on when it is not a discussion: `news`. */
    referenceType: text('reference_type').$type<ReferenceType>(),
    referenceId: uuid('reference_id'),
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** The top-level comment this one replies to (one level only). */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** Sanitised HTML; emptied when deleted. */
    body: text('body').notNull(),
    ...authored(),
    /** Replies, deleted ones included. */
    childCount: integer('child_count').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...edited(),
  },
  (t) => [
    index('comments_thread_idx').on(t.discussionId, t.parentId, t.createdAt, t.id),
    index('comments_reference_idx')
      .on(t.referenceId, t.housingCompanyId, t.parentId, t.createdAt, t.id)
      .where(sql`reference_id is not null`),
    check(
      'comments_one_thread',
      sql`(discussion_id is null) <> (reference_id is null) and (reference_id is null) = (reference_type is null)`,
    ),
  ],
);

/** One like per user and discussion or comment. */
export const likes = community.table(
  'likes',
  {
    targetId: uuid('target_id').notNull(),
    /** discussion or comment */
    targetType: text('target_type').notNull(),
    userId: uuid('user_id').notNull(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** The liker's first name when they liked (the likes list shows names). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.targetId, t.userId] }),
    index('likes_target_idx').on(t.targetId, t.createdAt, t.userId),
  ],
);

/**
 * Who hears of new comments in a discussion. The creator and every commenter get a row (active)
 * when they write, unless they have one: an explicit unsubscribe (active false) is kept.
 */
export const subscriptions = community.table(
  'subscriptions',
  {
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    active: boolean('active').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

/**
 * Conversations (ADR 0017 addendum): private ones between members of one housing company, and
 * area discussions open to the members of an area's housing companies. A conversation starts with
 * its first message and is soft-deleted.
 */
export const conversations = community.table(
  'conversations',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    type: text('type').$type<ConversationType>().notNull(),
    /** Private: the housing company of its members. Area: the company it was started from. */
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** Area discussions: the area (identity's building-taxonomy term, or the company) and its name. */
    areaId: uuid('area_id'),
    areaName: text('area_name'),
    /** Plain text; optional for private conversations. */
    title: text('title'),
    ...authored(),
    /** Messages, the first and deleted ones included. */
    messageCount: integer('message_count').notNull().default(0),
    /** The newest message's time: the list's order (newest first). */
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    ...edited(),
  },
  (t) => [
    index('conversations_housing_company_idx')
      .on(t.housingCompanyId, t.type, t.lastMessageAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('conversations_area_idx')
      .on(t.areaId, t.lastMessageAt.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
  ],
);

/**
 * Who is in a conversation. Private: its writer and the participants they chose, the only ones who
 * see it. Area: everyone who has written in it. Both hear of its new messages.
 */
export const participants = community.table(
  'participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** Their first name when they joined (the conversation shows who is in it). */
    firstName: text('first_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('participants_user_idx').on(t.userId, t.conversationId),
  ],
);

export const messages = community.table(
  'messages',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The housing company the writer wrote from (in an area discussion, one of the area's). */
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** Sanitised HTML; emptied when deleted. */
    body: text('body').notNull(),
    ...authored(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...edited(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.id)],
);

/**
 * Comment images: uploaded first (checked by their bytes), then put on one comment by its writer.
 * The file is in the storage under storage_key; an image never put on a comment is purged.
 */
export const images = community.table(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('images_comment_idx').on(t.commentId),
    index('images_unattached_idx').on(t.createdAt).where(sql`comment_id is null`),
  ],
);

/** Violation reports (01 §3 Report), with the housing company as it was when reported. */
export const reports = community.table(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    hcExt: text('hc_ext').notNull(),
    housingCompanyName: text('housing_company_name').notNull(),
    targetObject: text('target_object').notNull(),
    targetType: text('target_type').notNull(),
    targetHref: text('target_href').notNull(),
    reportType: text('report_type').notNull(),
    description: text('description').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reporterFirstName: text('reporter_first_name').notNull(),
    createdAt: createdAt(),
    /**
     * Handled: a moderator marked it, or the reported item was deleted (handled_how marked or
     * deleted); all four are null while the report is open (ADR 0017 addendum).
     */
    handledAt: ts('handled_at'),
    handledBy: uuid('handled_by'),
    handledByFirstName: text('handled_by_first_name'),
    handledHow: text('handled_how').$type<ReportHandledHow>(),
  },
  (t) => [
    index('reports_housing_company_idx').on(t.housingCompanyId, t.createdAt),
    // The reports on an item, to mark them handled when it is deleted.
    index('reports_target_idx').on(t.targetObject),
    index('reports_open_idx').on(t.housingCompanyId, t.createdAt).where(sql`handled_at is null`),
  ],
);

export const outbox = outboxTable(community);
