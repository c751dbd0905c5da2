import { inboxTable, outboxTable } from '@porta/service-kit';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgSchema,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The content service owns this Postgres schema (news, calendar, lifecycle steps, contacts, FAQ
 * and help, public pages, campaigns and advertisements, shop partners, external feeds, feedback)
 * plus a read model of identity's housing companies and apartments ("directory_*"), kept from
 * identity's events and its directory request/reply (ADR 0014).
 */
export const content = pgSchema('content');

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const uuidArray = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);

/** Language variants: language code → the area's texts (title, introduction, content…). */
export type Variants<T> = Partial<Record<string, T>>;

/**
 * Columns every targeted, published item has: targeting (housing companies and building-taxonomy
 * codenames), the derived audience keys ('all', 'hc:<id>', 'term:<codename>') that resident
 * queries match with one GIN index, publication state and the author.
 */
const publishable = () => ({
  status: text('status').notNull().default('draft'),
  publishAt: ts('publish_at'),
  unpublishAt: ts('unpublish_at'),
  housingCompanyIds: uuidArray('housing_company_ids'),
  buildingTaxonomies: textArray('building_taxonomies'),
  audience: textArray('audience'),
  /** Roles that may see the item; empty: everyone in the audience. */
  userRoles: textArray('user_roles'),
  authorId: uuid('author_id'),
  authorName: text('author_name').notNull().default(''),
  authorRoles: textArray('author_roles'),
  defaultLanguage: text('default_language').notNull().default('en'),
  /** The item this one was copied from (copy to other housing companies). */
  copiedFrom: uuid('copied_from'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface ArticleTexts {
  title: string;
  introduction?: string;
  content?: string;
}

export const articles = content.table(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codename: text('codename').notNull(),
    /** news, announcement, status_update, priority_news, marketing (02 §3 feed categories). */
    articleType: text('article_type').notNull().default('news'),
    /** The default language's title, for staff lists and sorting. */
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<ArticleTexts>>().notNull(),
    category: text('category'),
    /** construction or living: shown only in that phase; null: both. */
    buildingPhase: text('building_phase'),
    /** Shown only for housing companies completed before / after these dates. */
    readyBefore: date('ready_before', { mode: 'string' }),
    readyAfter: date('ready_after', { mode: 'string' }),
    stickyUntil: ts('sticky_until'),
    archiveAt: ts('archive_at'),
    /** Image and attachment asset ids, in order. */
    imageIds: uuidArray('image_ids'),
    attachmentIds: uuidArray('attachment_ids'),
    /** When the 'article published' event went out (once per publication). */
    announcedAt: ts('announced_at'),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('articles_codename_key').on(t.codename),
    index('articles_audience_idx').using('gin', t.audience),
    index('articles_publish_idx').on(t.publishAt),
    index('articles_announce_idx').on(t.publishAt).where(sql`status = 'published' and announced_at is null`),
    // A reader's lists, one audience key at a time (domain/reader.ts audienceByKey): the key's
    // items in timeline order, then every column the reader's conditions look at, so that a page
    // reads the index in order and stops after as many items as it shows, and a count reads the
    // index only.
    index('articles_reader_idx').on(
      t.audience,
      t.publishAt,
      sql`${t.articleType} collate "C"`,
      t.id,
      t.status,
      t.unpublishAt,
      t.archiveAt,
      t.userRoles,
      t.buildingPhase,
      t.readyBefore,
      t.readyAfter,
      t.codename,
    ),
    // The few items with several audience keys, found by overlap.
    index('articles_multi_audience_idx').using('gin', t.audience).where(sql`cardinality(audience) > 1`),
    // Sticky articles come first in the news lists.
    index('articles_sticky_idx').on(t.stickyUntil).where(sql`sticky_until is not null`),
  ],
);

export interface CalendarTexts {
  title: string;
  content?: string;
  location?: string;
}

/**
 * A calendar entry's place among items of the same time in the timeline's order: 'deadline' when
 * its type or codename says so, else its type (domain/timeline.ts keys entries by it).
 */
export const calendarSortType = (entryType: SQL | PgColumn, codename: SQL | PgColumn) =>
  sql<string>`(case when ${entryType} = 'deadline' or strpos(${codename}, 'deadline') > 0 then 'deadline' else ${entryType} end)`;

export const calendarEntries = content.table(
  'calendar_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codename: text('codename').notNull(),
    /** event, task or deadline (a 'deadline' codename also marks a deadline, 01 §3). */
    entryType: text('entry_type').notNull(),
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<CalendarTexts>>().notNull(),
    location: text('location'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    documentLibraryLinkPath: text('document_library_link_path'),
    documentLibraryLinkTitle: text('document_library_link_title'),
    imageIds: uuidArray('image_ids'),
    attachmentIds: uuidArray('attachment_ids'),
    announcedAt: ts('announced_at'),
    /** When the 'deadline coming' event went out. */
    deadlineNoticeAt: ts('deadline_notice_at'),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('calendar_entries_codename_key').on(t.codename),
    index('calendar_entries_audience_idx').using('gin', t.audience),
    index('calendar_entries_start_idx').on(t.startAt),
    index('calendar_entries_end_idx').on(t.endAt),
    // A reader's timeline, one audience key at a time, in its order, with the columns its
    // conditions look at (see articles_reader_idx).
    index('calendar_entries_reader_idx').on(
      t.audience,
      t.startAt,
      sql`${calendarSortType(t.entryType, t.codename)} collate "C"`,
      t.id,
      t.status,
      t.publishAt,
      t.unpublishAt,
      t.userRoles,
      t.entryType,
      t.codename,
    ),
    index('calendar_entries_multi_audience_idx')
      .using('gin', t.audience)
      .where(sql`cardinality(audience) > 1`),
    // When an entry is over (its end, else its start): the coming entries and deadlines.
    index('calendar_entries_last_time_idx').on(sql`coalesce(${t.endAt}, ${t.startAt})`),
    index('calendar_entries_announce_idx')
      .on(t.publishAt)
      .where(sql`status = 'published' and announced_at is null`),
  ],
);

export interface StepTexts {
  title: string;
  introduction?: string;
  content?: string;
}

/** Lifecycle steps (03 §3): shown only when the housing company has lifecycle steps active. */
export const steps = content.table(
  'steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codename: text('codename').notNull(),
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<StepTexts>>().notNull(),
    /** Steps without a start date are dropped from resident views. */
    dateStart: date('date_start', { mode: 'string' }),
    parentId: uuid('parent_id'),
    imageIds: uuidArray('image_ids'),
    /** Related content: ids of articles, calendar entries or steps, in order. */
    related: jsonb('related').$type<{ type: string; id: string }[]>().notNull().default([]),
    disableConfiguring: boolean('disable_configuring').notNull().default(false),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('steps_codename_key').on(t.codename),
    index('steps_audience_idx').using('gin', t.audience),
    index('steps_date_start_idx').on(t.dateStart),
  ],
);

export interface ContactTexts {
  title?: string;
  openingHours?: string;
  phoneInfo?: string;
  info?: string;
}

export const contacts = content.table(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codename: text('codename').notNull(),
    name: text('name').notNull(),
    variants: jsonb('variants').$type<Variants<ContactTexts>>().notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** The developer's default contact (isYitDefaultContact). */
    isDefault: boolean('is_default').notNull().default(false),
    /** contact_taxonomy codenames (building_administration, property_management…). */
    contactTaxonomies: textArray('contact_taxonomies'),
    /** Lower shows first; default 999 or the group's priority (02 §9). */
    priority: integer('priority').notNull().default(999),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('contacts_codename_key').on(t.codename),
    index('contacts_audience_idx').using('gin', t.audience),
  ],
);

export interface FaqTexts {
  question: string;
  answer: string;
}

/** FAQ entries (kind faq) and the staff help section (kind help). */
export const faqs = content.table(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('faq'),
    codename: text('codename').notNull(),
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<FaqTexts>>().notNull(),
    /** faqtaxonomy codename. */
    faqTaxonomy: text('faq_taxonomy'),
    priority: integer('priority').notNull().default(999),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('faqs_codename_key').on(t.codename),
    index('faqs_audience_idx').using('gin', t.audience),
  ],
);

export interface PageTexts {
  title: string;
  html: string;
}

/** Public content pages for the catch-all route, by path and language (01 §2). */
export const pages = content.table(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address path without the leading slash, e.g. 'terms-and-conditions'. */
    path: text('path').notNull(),
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<PageTexts>>().notNull(),
    imageIds: uuidArray('image_ids'),
    status: text('status').notNull().default('draft'),
    defaultLanguage: text('default_language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_path_key').on(t.path)],
);

export interface CampaignTexts {
  title: string;
  content?: string;
  extendedContent?: string;
  linkText?: string;
  /** Advertisement CTA button text. */
  ctaText?: string;
}

/** Campaigns and advertisements of the service shop (02 §3, 03 §3). */
export const campaigns = content.table(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codename: text('codename').notNull(),
    /** The advertisement flag: advertisements come from the wizard. */
    isAdvertisement: boolean('is_advertisement').notNull().default(false),
    title: text('title').notNull(),
    variants: jsonb('variants').$type<Variants<CampaignTexts>>().notNull(),
    imageId: uuid('image_id'),
    link: text('link'),
    ctaUrl: text('cta_url'),
    shopPartnerId: uuid('shop_partner_id'),
    /** The identity partner company that owns the campaign (partners manage their company's). */
    partnerCompanyId: uuid('partner_company_id'),
    partnerGroupId: text('partner_group_id'),
    partnerName: text('partner_name'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    stickyUntil: ts('sticky_until'),
    /** 0.15 shows a 15 % badge (the percentage times 100, 02 §5). */
    discountPercentage: doublePrecision('discount_percentage'),
    categories: textArray('categories'),
    buildingPhase: text('building_phase'),
    weeksBeforeCompletion: integer('weeks_before_completion'),
    weeksAfterCompletion: integer('weeks_after_completion'),
    rooms: integer('rooms').array(),
    apartmentSizeMin: doublePrecision('apartment_size_min'),
    apartmentSizeMax: doublePrecision('apartment_size_max'),
    urgent: boolean('urgent').notNull().default(false),
    video: text('video'),
    attachmentIds: uuidArray('attachment_ids'),
    ...publishable(),
  },
  (t) => [
    uniqueIndex('campaigns_codename_key').on(t.codename),
    index('campaigns_audience_idx').using('gin', t.audience),
    index('campaigns_window_idx').on(t.startAt, t.endAt),
  ],
);

/** Service-shop partners (02 §3 Partner). */
export const shopPartners = content.table(
  'shop_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: jsonb('description').$type<Variants<string>>().notNull().default({}),
    logoId: uuid('logo_id'),
    imageId: uuid('image_id'),
    rating: doublePrecision('rating'),
    ratingsCount: integer('ratings_count').notNull().default(0),
    businessId: text('business_id'),
    externalId: text('external_id'),
    country: text('country'),
    email: text('email'),
    phone: text('phone'),
    source: text('source').notNull().default('porta'),
    mappedTo: text('mapped_to'),
    partnerCompanyId: uuid('partner_company_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shop_partners_external_id_key').on(t.externalId)],
);

/** External feeds: recommended articles (atp-feed) and corporate news (yit-corporation-news). */
export const feeds = content.table('feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** recommended or corporate */
  kind: text('kind').notNull(),
  url: text('url').notNull(),
  /** rss, atom, json or auto (by the answer). */
  format: text('format').notNull().default('auto'),
  language: text('language'),
  active: boolean('active').notNull().default(true),
  lastFetchedAt: ts('last_fetched_at'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const feedItems = content.table(
  'feed_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id').notNull(),
    kind: text('kind').notNull(),
    /** The feed's own id of the item (guid, id or link): de-duplicates re-fetches. */
    guid: text('guid').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML. */
    contentHtml: text('content_html').notNull().default(''),
    link: text('link'),
    imageUrl: text('image_url'),
    categories: textArray('categories'),
    publishedAt: ts('published_at').notNull(),
    fetchedAt: ts('fetched_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_items_feed_guid_key').on(t.feedId, t.guid),
    index('feed_items_kind_published_idx').on(t.kind, t.publishedAt),
  ],
);

/** Feedback entries (01 §3): the housing company's place is copied in when stored. */
export const feedbackEntries = content.table(
  'feedback_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    housingCompanyId: uuid('housing_company_id'),
    hcExt: text('hc_ext'),
    country: text('country'),
    area: text('area'),
    city: text('city'),
    businessUnit: text('business_unit'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_entries_created_idx').on(t.createdAt)],
);

/** Images and attachments of content items, stored through the storage adapter. */
export const assets = content.table('assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** article-image, partner-logo, image or attachment: the rules it was checked against. */
  purpose: text('purpose').notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/**
 * The picture of a housing company (one each; 03 §2 /admin/housing-company/{id} "with images"): an
 * image asset, shown on the resident dashboard's card. Kept beside the directory (which is
 * identity's read model and rewritten from its events), keyed by the housing company's id.
 */
export const housingCompanyImages = content.table('housing_company_images', {
  housingCompanyId: uuid('housing_company_id').primaryKey(),
  assetId: uuid('asset_id').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * Images of apartments (03 §5, 02 §5): an image asset uploaded for a housing company and matched to
 * apartments by its file name (`A 12__B 3__floor-plan.png`), one row per apartment it matched;
 * `name` is the file name's last part. The same name again for an apartment replaces its row.
 * Kept beside the directory by the apartment's id (the directory is rewritten from events).
 */
export const apartmentImages = content.table(
  'apartment_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    apartmentId: uuid('apartment_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('apartment_images_apartment_name_key').on(t.apartmentId, t.name),
    index('apartment_images_hc_idx').on(t.housingCompanyId),
  ],
);

// --- Directory: a read model of identity's housing companies and apartments -------------------

export const directoryHousingCompanies = content.table('directory_housing_companies', {
  id: uuid('id').primaryKey(),
  hcExt: text('hc_ext').notNull(),
  name: text('name').notNull(),
  marketingName: text('marketing_name'),
  addressCountry: text('address_country'),
  addressArea: text('address_area'),
  addressCity: text('address_city'),
  addressZip: text('address_zip'),
  businessUnit: text('business_unit'),
  completionDate: date('completion_date', { mode: 'string' }),
  lifecycleStepsActive: boolean('lifecycle_steps_active').notNull().default(false),
  buildingType: text('building_type'),
  /** Codenames of the company's building-taxonomy term and every term above it. */
  taxonomyPath: textArray('taxonomy_path'),
  isDemo: boolean('is_demo').notNull().default(false),
  /** Key contacts of the property and maintenance companies, for the footer's main contacts. */
  partnerContacts: jsonb('partner_contacts')
    .$type<
      {
        type: string;
        partnerCompanyId: string;
        companyName: string;
        name: string | null;
        email: string | null;
        phone: string | null;
      }[]
    >()
    .notNull()
    .default([]),
  syncedAt: ts('synced_at').notNull().defaultNow(),
});

export const directoryApartments = content.table(
  'directory_apartments',
  {
    id: uuid('id').primaryKey(),
    housingCompanyId: uuid('housing_company_id').notNull(),
    no: text('no'),
    size: doublePrecision('size'),
    rooms: integer('rooms'),
    /** Other identifiers of the apartment, which apartment images are matched by (03 §5). */
    apartmentNumber: text('apartment_number'),
    visibleApartmentNumber: text('visible_apartment_number'),
    aptext: text('aptext'),
  },
  (t) => [index('directory_apartments_hc_idx').on(t.housingCompanyId)],
);

/** One row per finished full directory sync (the first start pulls everything). */
export const directorySyncs = content.table('directory_syncs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  housingCompanies: integer('housing_companies').notNull(),
  apartments: integer('apartments').notNull(),
  finishedAt: ts('finished_at').notNull().defaultNow(),
});

export const outbox = outboxTable(content);
export const inbox = inboxTable(content);
