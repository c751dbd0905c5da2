ALTER TABLE "identity"."partner_companies" ADD COLUMN "proposed_area_zips" text[];--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "proposed_area_taxonomies" uuid[];--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "area_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."partner_companies" ADD COLUMN "area_proposed_by" uuid;