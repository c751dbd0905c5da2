CREATE SCHEMA "service_requests";
--> statement-breakpoint
CREATE TABLE "service_requests"."attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"request_id" uuid,
	"response_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_requests"."recipients" (
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_requests"."requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"internal_id" text,
	"type_id" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"status_key" text DEFAULT 'open' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"visible_in_apartment" boolean DEFAULT false NOT NULL,
	"urgent_request" boolean DEFAULT false NOT NULL,
	"targeted_to_user" boolean DEFAULT false NOT NULL,
	"target_user_id" uuid,
	"partner_company_id" uuid,
	"sender_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"apartment_id" uuid,
	"apartment_no" text,
	"sender_tel" text,
	"response_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"last_reminder_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_requests"."responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"content" text NOT NULL,
	"sender_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"apartment_id" uuid,
	"apartment_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_requests"."attachments" ADD CONSTRAINT "attachments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "service_requests"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests"."attachments" ADD CONSTRAINT "attachments_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "service_requests"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests"."recipients" ADD CONSTRAINT "recipients_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "service_requests"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests"."responses" ADD CONSTRAINT "responses_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "service_requests"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_request_idx" ON "service_requests"."attachments" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "attachments_response_idx" ON "service_requests"."attachments" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "attachments_unattached_idx" ON "service_requests"."attachments" USING btree ("created_at") WHERE request_id is null and response_id is null;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "service_requests"."outbox" USING btree ("created_at","id") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "recipients_user_idx" ON "service_requests"."recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "requests_housing_company_idx" ON "service_requests"."requests" USING btree ("housing_company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_sender_idx" ON "service_requests"."requests" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "requests_target_idx" ON "service_requests"."requests" USING btree ("target_user_id") WHERE target_user_id is not null;--> statement-breakpoint
CREATE INDEX "requests_partner_idx" ON "service_requests"."requests" USING btree ("partner_company_id") WHERE partner_company_id is not null;--> statement-breakpoint
CREATE INDEX "responses_request_idx" ON "service_requests"."responses" USING btree ("request_id","id");