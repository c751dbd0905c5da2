-- A session ended or a user's roles changed: say so at commit on the channel porta_revocations, so
-- that identity's revocation broadcaster in the same process (PGlite) wakes instead of polling
-- (ADR 0029). Statement-level: one notification per statement, only for these two columns.
CREATE OR REPLACE FUNCTION "identity"."notify_revocations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('porta_revocations', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_notify" AFTER UPDATE OF "revoked_at" ON "identity"."sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity"."notify_revocations"();--> statement-breakpoint
CREATE TRIGGER "users_membership_changed_notify" AFTER UPDATE OF "membership_changed_at" ON "identity"."users"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity"."notify_revocations"();
