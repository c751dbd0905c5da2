import type { FolderRule, FolderScope, HomeFolderCategory, Language, VideoSource } from '@porta/contracts';
import { outboxTable } from '@porta/service-kit';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
 * The documents service owns this Postgres schema (ADR 0030): the folders of every housing company
 * and apartment with their permission rules, the files in them (their bytes in the storage), and
 * the download links given out. Every row carries its housing company, and every read is bound to
 * what the caller may see.
 */
export const documentsSchema = pgSchema('documents');

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const folders = documentsSchema.table(
  'folders',
  {
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    /** Set on an apartment's folders (scope apartment). */
    apartmentId: uuid('apartment_id'),
    scope: text('scope').$type<FolderScope>().notNull(),
    parentId: uuid('parent_id'),
    /** A standard folder's key (03 §3); null for the ones staff made. */
    key: text('key'),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<Partial<Record<Language, string>>>().notNull().default({}),
    subScope: text('sub_scope'),
    visible: boolean('visible').notNull().default(true),
    /** Its own rules; null: the parent's (a top folder without rules: nobody but the managers). */
    rules: jsonb('rules').$type<FolderRule[]>(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('folders_company_idx').on(t.housingCompanyId, t.apartmentId),
    // One standard folder of a key per housing company, and per apartment.
    uniqueIndex('folders_company_key_unique')
      .on(t.housingCompanyId, t.key)
      .where(sql`${t.apartmentId} is null and ${t.key} is not null`),
    uniqueIndex('folders_apartment_key_unique')
      .on(t.apartmentId, t.key)
      .where(sql`${t.apartmentId} is not null and ${t.key} is not null`),
    index('folders_parent_idx').on(t.parentId),
  ],
);

export const documents = documentsSchema.table(
  'documents',
  {
    /** UUIDv7: ordered by upload. */
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    apartmentId: uuid('apartment_id'),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    tags: text('tags').array().notNull().default([]),
    homeFolder: text('home_folder').$type<HomeFolderCategory>(),
    uploadBatchId: uuid('upload_batch_id'),
    /**
     * A picture's WebP thumbnails are stored (beside the file: `<storage key>.medium.webp`,
     * `.large.webp`); made on the job runner after the upload.
     */
    thumbnails: boolean('thumbnails').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A folder's page, newest first (keyset on created_at, id).
    index('documents_folder_idx').on(t.folderId, t.createdAt.desc(), t.id.desc()),
    index('documents_company_idx').on(t.housingCompanyId, t.createdAt.desc()),
    index('documents_batch_idx').on(t.uploadBatchId).where(sql`${t.uploadBatchId} is not null`),
  ],
);

/**
 * Download links given out (ADR 0030): the documents a signed-in caller chose and may read, for a
 * browser to save without the session's token until the link expires.
 */
export const downloads = documentsSchema.table('downloads', {
  id: uuid('id').primaryKey(),
  housingCompanyId: uuid('housing_company_id').notNull(),
  userId: uuid('user_id').notNull(),
  documentIds: uuid('document_ids').array().notNull(),
  fileName: text('file_name').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Introduction videos of a housing company (02 §2–§3, 03 §7; ADR 0030), listed beside its folders.
 * `full_url` is made from the source and identifier when written.
 */
export const videos = documentsSchema.table(
  'videos',
  {
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    codename: text('codename').notNull(),
    title: text('title').notNull(),
    translations: jsonb('translations').$type<Partial<Record<Language, string>>>().notNull().default({}),
    source: text('source').$type<VideoSource>().notNull(),
    identifier: text('identifier').notNull(),
    fullUrl: text('full_url').notNull(),
    /** The folder it shows beside: a standard folder's key or a folder's id; null: none. */
    documentFolderKey: text('document_folder_key'),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('videos_company_codename_unique').on(t.housingCompanyId, t.codename),
    // One video once per housing company (02 §8 "video already exists").
    uniqueIndex('videos_company_video_unique').on(t.housingCompanyId, t.source, t.identifier),
  ],
);

export const outbox = outboxTable(documentsSchema);
