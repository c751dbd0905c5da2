CREATE SCHEMA "documents";
--> statement-breakpoint
CREATE TABLE "documents"."documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"apartment_id" uuid,
	"folder_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"home_folder" text,
	"upload_batch_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents"."downloads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"document_ids" uuid[] NOT NULL,
	"file_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents"."folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"apartment_id" uuid,
	"scope" text NOT NULL,
	"parent_id" uuid,
	"key" text,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sub_scope" text,
	"visible" boolean DEFAULT true NOT NULL,
	"rules" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "documents"."documents" ADD CONSTRAINT "documents_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "documents"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents"."documents" USING btree ("folder_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents"."documents" USING btree ("housing_company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_batch_idx" ON "documents"."documents" USING btree ("upload_batch_id") WHERE "documents"."documents"."upload_batch_id" is not null;--> statement-breakpoint
CREATE INDEX "folders_company_idx" ON "documents"."folders" USING btree ("housing_company_id","apartment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folders_company_key_unique" ON "documents"."folders" USING btree ("housing_company_id","key") WHERE "documents"."folders"."apartment_id" is null and "documents"."folders"."key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_apartment_key_unique" ON "documents"."folders" USING btree ("apartment_id","key") WHERE "documents"."folders"."apartment_id" is not null and "documents"."folders"."key" is not null;--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "documents"."folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "documents"."outbox" USING btree ("created_at","id") WHERE published_at is null;