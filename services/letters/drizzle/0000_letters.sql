CREATE SCHEMA "letters";
--> statement-breakpoint
CREATE TABLE "letters"."deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"letter_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "letters"."deliveries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"answer" text,
	"message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters"."letters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"template" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"signature_id" uuid,
	"linked_content" jsonb,
	"role_groups" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"copied_from" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" uuid,
	"signature_text" text
);
--> statement-breakpoint
CREATE TABLE "letters"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "letters"."recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"letter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "letters"."recipients_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters"."reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"outcome" text NOT NULL,
	"answer" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "letters"."deliveries" ADD CONSTRAINT "deliveries_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "letters"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters"."recipients" ADD CONSTRAINT "recipients_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "letters"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_letter_email_idx" ON "letters"."deliveries" USING btree ("letter_id","email");--> statement-breakpoint
CREATE INDEX "deliveries_letter_status_idx" ON "letters"."deliveries" USING btree ("letter_id","status","seq");--> statement-breakpoint
CREATE INDEX "deliveries_message_idx" ON "letters"."deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "letters_company_idx" ON "letters"."letters" USING btree ("housing_company_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "letters"."outbox" USING btree ("created_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_letter_email_idx" ON "letters"."recipients" USING btree ("letter_id","email");--> statement-breakpoint
CREATE INDEX "recipients_letter_seq_idx" ON "letters"."recipients" USING btree ("letter_id","seq");--> statement-breakpoint
CREATE INDEX "reports_unapplied_idx" ON "letters"."reports" USING btree ("received_at") WHERE applied_at is null;