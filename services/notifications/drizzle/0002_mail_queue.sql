CREATE TABLE "notifications"."mail_queue" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"mail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "notifications"."mail_queue" ADD CONSTRAINT "mail_queue_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "notifications"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "notifications"."mail_queue" USING btree ("next_attempt_at");