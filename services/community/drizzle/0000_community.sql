CREATE SCHEMA "community";
--> statement-breakpoint
CREATE TABLE "community"."comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"discussion_id" uuid NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"parent_id" uuid,
	"body" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_first_name" text NOT NULL,
	"author_label" jsonb NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "community"."discussions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_first_name" text NOT NULL,
	"author_label" jsonb NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "community"."images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"comment_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."likes" (
	"target_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"user_id" uuid NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_target_id_user_id_pk" PRIMARY KEY("target_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "community"."reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"hc_ext" text NOT NULL,
	"housing_company_name" text NOT NULL,
	"target_object" text NOT NULL,
	"target_type" text NOT NULL,
	"target_href" text NOT NULL,
	"report_type" text NOT NULL,
	"description" text NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reporter_first_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."subscriptions" (
	"discussion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "community"."comments" ADD CONSTRAINT "comments_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "community"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "community"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."images" ADD CONSTRAINT "images_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "community"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."subscriptions" ADD CONSTRAINT "subscriptions_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "community"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "community"."comments" USING btree ("discussion_id","parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "discussions_activity_idx" ON "community"."discussions" USING btree ("housing_company_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "images_comment_idx" ON "community"."images" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "images_unattached_idx" ON "community"."images" USING btree ("created_at") WHERE comment_id is null;--> statement-breakpoint
CREATE INDEX "likes_target_idx" ON "community"."likes" USING btree ("target_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "community"."outbox" USING btree ("created_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "reports_housing_company_idx" ON "community"."reports" USING btree ("housing_company_id","created_at");