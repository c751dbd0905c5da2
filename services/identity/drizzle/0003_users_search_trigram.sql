-- Staff search users by a part of the e-mail address or the name (ILIKE '%…%'): trigram indexes
-- keep it fast at 100,000 users (docs/performance.md, "Scale").
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "identity"."users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_trgm_idx" ON "identity"."users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
