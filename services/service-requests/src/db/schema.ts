import type { ServiceRequestStatus, ServiceRequestTypeKey } from '@porta/contracts';
import { outboxTable } from '@porta/service-kit';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The service-requests service owns this Postgres schema: requests, their recipients (decided when
 * sent, added by forwards and staff), responses and attachments (ADR 0018). Every request carries
 * its housing company, and every read is bound to what the caller may see.
 */
export const serviceRequests = pgSchema('service_requests');

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** The sender as they were when they wrote (02 §3 sender, senderTel, aptExtId). */
const sent = () => ({
  senderId: uuid('sender_id').notNull(),
  senderName: text('sender_name').notNull(),
  apartmentId: uuid('apartment_id'),
  apartmentNo: text('apartment_no'),
});

export const requests = serviceRequests.table(
  'requests',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    internalId: text('internal_id'),
    typeId: text('type_id').$type<ServiceRequestTypeKey>().notNull(),
    /** Plain text. */
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    statusKey: text('status_key').$type<ServiceRequestStatus>().notNull().default('open'),
    isPublic: boolean('is_public').notNull().default(false),
    visibleInApartment: boolean('visible_in_apartment').notNull().default(false),
    urgentRequest: boolean('urgent_request').notNull().default(false),
    targetedToUser: boolean('targeted_to_user').notNull().default(false),
    targetUserId: uuid('target_user_id'),
    partnerCompanyId: uuid('partner_company_id'),
    ...sent(),
    senderTel: text('sender_tel'),
    responseCount: integer('response_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    lastReminderAt: ts('last_reminder_at'),
  },
  (t) => [
    // A company's requests newest first, with the columns the lists' filters look at: a handler's
    // page, its total and the export's batches read this index, and a total reads nothing else
    // (index-only), however many requests the company has. (Ascending: read backwards it gives
    // `order by id desc`, whose nulls come first.)
    index('requests_housing_company_idx').on(t.housingCompanyId, t.id, t.statusKey, t.typeId, t.isPublic),
    // What residents see besides their own (access.ts visibleParts): a company's public requests,
    // and those visible in an apartment.
    index('requests_public_idx').on(t.housingCompanyId, t.id, t.statusKey, t.typeId).where(sql`is_public`),
    index('requests_apartment_idx').on(t.apartmentId, t.id).where(sql`visible_in_apartment`),
    // The staff list's default order (newest first across the companies a manager handles).
    index('requests_created_idx').on(t.createdAt, t.id),
    index('requests_sender_idx').on(t.senderId),
    index('requests_target_idx').on(t.targetUserId).where(sql`target_user_id is not null`),
    index('requests_partner_idx').on(t.partnerCompanyId).where(sql`partner_company_id is not null`),
  ],
);

/**
 * How many requests each housing company has by status, type and publicity, kept by statement
 * triggers on requests (migration 0002_request_counts: every insert, update and delete, whoever
 * writes it, in the same transaction). A handler's total and the staff list's are sums of a few of
 * these rows instead of a count of tens of thousands of requests.
 */
export const requestCounts = serviceRequests.table(
  'request_counts',
  {
    housingCompanyId: uuid('housing_company_id').notNull(),
    statusKey: text('status_key').$type<ServiceRequestStatus>().notNull(),
    typeId: text('type_id').$type<ServiceRequestTypeKey>().notNull(),
    isPublic: boolean('is_public').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.housingCompanyId, t.statusKey, t.typeId, t.isPublic] })],
);

/** Who a request was sent to: read it, answer it, move its status, hear of its responses. */
export const recipients = serviceRequests.table(
  'recipients',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    firstName: text('first_name').notNull(),
    /** Who added them: null when decided at creation by the type's rule. */
    addedBy: uuid('added_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('recipients_user_idx').on(t.userId)],
);

export const responses = serviceRequests.table(
  'responses',
  {
    /** UUIDv7: ordered by creation. */
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** Sanitised HTML; emptied when deleted. */
    content: text('content').notNull(),
    ...sent(),
    createdAt: createdAt(),
    /** When its writer last changed the content. */
    editedAt: ts('edited_at'),
    /** A deleted response keeps its place (no content, no attachments): when and by whom. */
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [index('responses_request_idx').on(t.requestId, t.id)],
);

/**
 * Attachments: uploaded first (checked by their bytes), then put on one request or response by its
 * uploader. The file is in the storage under storage_key; one never put on anything is purged.
 */
export const attachments = serviceRequests.table(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => responses.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_request_idx').on(t.requestId),
    index('attachments_response_idx').on(t.responseId),
    index('attachments_unattached_idx')
      .on(t.createdAt)
      .where(sql`request_id is null and response_id is null`),
  ],
);

export const outbox = outboxTable(serviceRequests);
