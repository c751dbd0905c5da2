CREATE TABLE "identity"."feature_toggles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature_id" text NOT NULL,
	"scope" text DEFAULT 'global' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"visible_from" timestamp with time zone,
	"visible_until" timestamp with time zone,
	"languages" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "feature_toggles_feature_scope_key" ON "identity"."feature_toggles" USING btree ("feature_id","scope");