ALTER TABLE "community"."comments" ALTER COLUMN "discussion_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "reference_type" text;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD COLUMN "reference_id" uuid;--> statement-breakpoint
CREATE INDEX "comments_reference_idx" ON "community"."comments" USING btree ("reference_id","housing_company_id","parent_id","created_at","id") WHERE reference_id is not null;--> statement-breakpoint
ALTER TABLE "community"."comments" ADD CONSTRAINT "comments_one_thread" CHECK ((discussion_id is null) <> (reference_id is null) and (reference_id is null) = (reference_type is null));