CREATE TABLE "content"."apartment_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content"."directory_apartments" ADD COLUMN "apartment_number" text;--> statement-breakpoint
ALTER TABLE "content"."directory_apartments" ADD COLUMN "visible_apartment_number" text;--> statement-breakpoint
ALTER TABLE "content"."directory_apartments" ADD COLUMN "aptext" text;--> statement-breakpoint
CREATE UNIQUE INDEX "apartment_images_apartment_name_key" ON "content"."apartment_images" USING btree ("apartment_id","name");--> statement-breakpoint
CREATE INDEX "apartment_images_hc_idx" ON "content"."apartment_images" USING btree ("housing_company_id");--> statement-breakpoint
-- The directory's apartments gain identifiers: pull the whole directory again on the next start.
DELETE FROM "content"."directory_syncs";
