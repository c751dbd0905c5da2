CREATE SCHEMA "content";
--> statement-breakpoint
CREATE TABLE "content"."articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codename" text NOT NULL,
	"article_type" text DEFAULT 'news' NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"category" text,
	"building_phase" text,
	"ready_before" date,
	"ready_after" date,
	"sticky_until" timestamp with time zone,
	"archive_at" timestamp with time zone,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"announced_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"purpose" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."calendar_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codename" text NOT NULL,
	"entry_type" text NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"location" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"document_library_link_path" text,
	"document_library_link_title" text,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"announced_at" timestamp with time zone,
	"deadline_notice_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codename" text NOT NULL,
	"is_advertisement" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"image_id" uuid,
	"link" text,
	"cta_url" text,
	"shop_partner_id" uuid,
	"partner_company_id" uuid,
	"partner_group_id" text,
	"partner_name" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"sticky_until" timestamp with time zone,
	"discount_percentage" double precision,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"building_phase" text,
	"weeks_before_completion" integer,
	"weeks_after_completion" integer,
	"rooms" integer[],
	"apartment_size_min" double precision,
	"apartment_size_max" double precision,
	"urgent" boolean DEFAULT false NOT NULL,
	"video" text,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codename" text NOT NULL,
	"name" text NOT NULL,
	"variants" jsonb NOT NULL,
	"email" text,
	"phone_number" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"contact_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" integer DEFAULT 999 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."directory_apartments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"no" text,
	"size" double precision,
	"rooms" integer
);
--> statement-breakpoint
CREATE TABLE "content"."directory_housing_companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hc_ext" text NOT NULL,
	"name" text NOT NULL,
	"marketing_name" text,
	"address_country" text,
	"address_area" text,
	"address_city" text,
	"address_zip" text,
	"business_unit" text,
	"completion_date" date,
	"lifecycle_steps_active" boolean DEFAULT false NOT NULL,
	"building_type" text,
	"taxonomy_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"partner_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."directory_syncs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"housing_companies" integer NOT NULL,
	"apartments" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'faq' NOT NULL,
	"codename" text NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"faq_taxonomy" text,
	"priority" integer DEFAULT 999 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."feed_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"guid" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"link" text,
	"image_url" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."feedback_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"housing_company_id" uuid,
	"hc_ext" text,
	"country" text,
	"area" text,
	"city" text,
	"business_unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"format" text DEFAULT 'auto' NOT NULL,
	"language" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."inbox" (
	"consumer" text NOT NULL,
	"message_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_consumer_message_id_pk" PRIMARY KEY("consumer","message_id")
);
--> statement-breakpoint
CREATE TABLE "content"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content"."pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."shop_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_id" uuid,
	"image_id" uuid,
	"rating" double precision,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"business_id" text,
	"external_id" text,
	"country" text,
	"email" text,
	"phone" text,
	"source" text DEFAULT 'porta' NOT NULL,
	"mapped_to" text,
	"partner_company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content"."steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codename" text NOT NULL,
	"title" text NOT NULL,
	"variants" jsonb NOT NULL,
	"date_start" date,
	"parent_id" uuid,
	"image_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disable_configuring" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"housing_company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"building_taxonomies" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"author_name" text DEFAULT '' NOT NULL,
	"author_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"copied_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "articles_codename_key" ON "content"."articles" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "articles_audience_idx" ON "content"."articles" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "articles_publish_idx" ON "content"."articles" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "articles_announce_idx" ON "content"."articles" USING btree ("publish_at") WHERE status = 'published' and announced_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_entries_codename_key" ON "content"."calendar_entries" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "calendar_entries_audience_idx" ON "content"."calendar_entries" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "calendar_entries_start_idx" ON "content"."calendar_entries" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "calendar_entries_end_idx" ON "content"."calendar_entries" USING btree ("end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_codename_key" ON "content"."campaigns" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "campaigns_audience_idx" ON "content"."campaigns" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "campaigns_window_idx" ON "content"."campaigns" USING btree ("start_at","end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_codename_key" ON "content"."contacts" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "contacts_audience_idx" ON "content"."contacts" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "directory_apartments_hc_idx" ON "content"."directory_apartments" USING btree ("housing_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faqs_codename_key" ON "content"."faqs" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "faqs_audience_idx" ON "content"."faqs" USING gin ("audience");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_items_feed_guid_key" ON "content"."feed_items" USING btree ("feed_id","guid");--> statement-breakpoint
CREATE INDEX "feed_items_kind_published_idx" ON "content"."feed_items" USING btree ("kind","published_at");--> statement-breakpoint
CREATE INDEX "feedback_entries_created_idx" ON "content"."feedback_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "content"."outbox" USING btree ("created_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_path_key" ON "content"."pages" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_partners_external_id_key" ON "content"."shop_partners" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "steps_codename_key" ON "content"."steps" USING btree ("codename");--> statement-breakpoint
CREATE INDEX "steps_audience_idx" ON "content"."steps" USING gin ("audience");--> statement-breakpoint
CREATE INDEX "steps_date_start_idx" ON "content"."steps" USING btree ("date_start");