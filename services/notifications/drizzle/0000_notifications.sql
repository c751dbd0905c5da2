CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE TABLE "notifications"."notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"target_url" text NOT NULL,
	"housing_company_id" uuid,
	"apartment_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications"."settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"disabled_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_disabled" boolean DEFAULT false NOT NULL,
	"push_disabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_source_key" ON "notifications"."notifications" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications"."notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications"."notifications" USING btree ("user_id") WHERE not is_read;