ALTER TABLE "service_requests"."responses" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests"."responses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests"."responses" ADD COLUMN "deleted_by" uuid;