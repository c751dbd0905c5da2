CREATE TABLE "content"."housing_company_images" (
	"housing_company_id" uuid PRIMARY KEY NOT NULL,
	"asset_id" uuid NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
