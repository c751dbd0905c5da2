CREATE TABLE "documents"."videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"codename" text NOT NULL,
	"title" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"identifier" text NOT NULL,
	"full_url" text NOT NULL,
	"document_folder_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "videos_company_codename_unique" ON "documents"."videos" USING btree ("housing_company_id","codename");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_company_video_unique" ON "documents"."videos" USING btree ("housing_company_id","source","identifier");