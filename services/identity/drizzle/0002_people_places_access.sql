CREATE TABLE "identity"."bans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"housing_company_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."dialog_reads" (
	"user_id" uuid NOT NULL,
	"dialog_id" text NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dialog_reads_user_id_dialog_id_housing_company_id_pk" PRIMARY KEY("user_id","dialog_id","housing_company_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."housing_company_partners" (
	"housing_company_id" uuid NOT NULL,
	"partner_company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"key_contact_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "housing_company_partners_housing_company_id_type_partner_company_id_pk" PRIMARY KEY("housing_company_id","type","partner_company_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."quick_links" (
	"user_id" uuid NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_links_user_id_housing_company_id_pk" PRIMARY KEY("user_id","housing_company_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."scheduled_role_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apartment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"start_date" date NOT NULL,
	"add_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"remove_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."task_statuses" (
	"user_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"done" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_statuses_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."taxonomy_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group" text NOT NULL,
	"codename" text NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "apartment_number" text;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "visible_apartment_number" text;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "floor_number" integer;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "terrace" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "balcony" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "sauna" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "number_of_shares" integer;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "share_numbers" text;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "size" double precision;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "rooms" integer;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "liferay_id" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "address_zip" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "address_area" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "finalization_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "energy_class" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "number_of_apartments" integer;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "number_of_non_sellable_parking_places" integer;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "additional_information_about_parking_places" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "service_request_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "housing_company_admin_email" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "porras_feed_url" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "one4all_uuid" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "one4all_article_rss_url" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "one4all_event_rss_url" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "one4all_campaign_rss_url" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "one4all_include_all_residents" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "is_yse_project" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "congrid_id" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_report_start_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_report_end_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_repair_meeting_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_repair_notice_info_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_repair_end_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_repair_process_end_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_period_end_date" date;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "warranty_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "wizard_completed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "building_type" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "documents_scope" text;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "building_taxonomy_term_id" uuid;--> statement-breakpoint
ALTER TABLE "identity"."housing_companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "web_page_url" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "featured_image" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "keyword" text;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "contact_details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "operational_area_zips" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "operational_area_taxonomies" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "key_contact_user_id" uuid;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "male" boolean;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."bans" ADD CONSTRAINT "bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."bans" ADD CONSTRAINT "bans_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."dialog_reads" ADD CONSTRAINT "dialog_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."dialog_reads" ADD CONSTRAINT "dialog_reads_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."housing_company_partners" ADD CONSTRAINT "housing_company_partners_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."housing_company_partners" ADD CONSTRAINT "housing_company_partners_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "identity"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."housing_company_partners" ADD CONSTRAINT "housing_company_partners_key_contact_user_id_users_id_fk" FOREIGN KEY ("key_contact_user_id") REFERENCES "identity"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."quick_links" ADD CONSTRAINT "quick_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."quick_links" ADD CONSTRAINT "quick_links_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."scheduled_role_changes" ADD CONSTRAINT "scheduled_role_changes_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "identity"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."signatures" ADD CONSTRAINT "signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."task_statuses" ADD CONSTRAINT "task_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bans_user_idx" ON "identity"."bans" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "hc_partners_partner_idx" ON "identity"."housing_company_partners" USING btree ("partner_company_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "identity"."outbox" USING btree ("created_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "scheduled_role_changes_apt_idx" ON "identity"."scheduled_role_changes" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "signatures_user_idx" ON "identity"."signatures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "taxonomy_terms_group_codename_key" ON "identity"."taxonomy_terms" USING btree ("group","codename");--> statement-breakpoint
CREATE INDEX "taxonomy_terms_parent_idx" ON "identity"."taxonomy_terms" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_key" ON "identity"."user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "identity"."user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "housing_companies_zip_idx" ON "identity"."housing_companies" USING btree ("address_zip");--> statement-breakpoint
CREATE INDEX "housing_companies_taxonomy_idx" ON "identity"."housing_companies" USING btree ("building_taxonomy_term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_companies_external_id_key" ON "identity"."partner_companies" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "partner_companies_type_idx" ON "identity"."partner_companies" USING btree ("type");--> statement-breakpoint
CREATE INDEX "pc_users_user_idx" ON "identity"."partner_company_users" USING btree ("user_id");