CREATE TABLE "service_requests"."request_counts" (
	"housing_company_id" uuid NOT NULL,
	"status_key" text NOT NULL,
	"type_id" text NOT NULL,
	"is_public" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "request_counts_housing_company_id_status_key_type_id_is_public_pk" PRIMARY KEY("housing_company_id","status_key","type_id","is_public")
);--> statement-breakpoint
-- The counts follow every change of requests in the same transaction: one statement trigger per
-- kind of change (a trigger with transition tables takes one event), the changed rows grouped, the
-- groups upserted in key order (concurrent writers then lock the count rows in the same order).
CREATE FUNCTION "service_requests"."count_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "service_requests"."request_counts" AS c
      SELECT housing_company_id, status_key, type_id, is_public, count(*) FROM new_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (housing_company_id, status_key, type_id, is_public) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "service_requests"."request_counts" AS c
      SELECT housing_company_id, status_key, type_id, is_public, -count(*) FROM old_rows
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (housing_company_id, status_key, type_id, is_public) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO "service_requests"."request_counts" AS c
      SELECT housing_company_id, status_key, type_id, is_public, sum(d) FROM (
        SELECT housing_company_id, status_key, type_id, is_public, 1 AS d FROM new_rows
        UNION ALL
        SELECT housing_company_id, status_key, type_id, is_public, -1 AS d FROM old_rows
      ) AS changed
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (housing_company_id, status_key, type_id, is_public) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "requests_counted_on_insert" AFTER INSERT ON "service_requests"."requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests"."count_requests"();--> statement-breakpoint
CREATE TRIGGER "requests_counted_on_update" AFTER UPDATE ON "service_requests"."requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests"."count_requests"();--> statement-breakpoint
CREATE TRIGGER "requests_counted_on_delete" AFTER DELETE ON "service_requests"."requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests"."count_requests"();--> statement-breakpoint
-- TRUNCATE fires no row triggers: the counts go with the requests.
CREATE FUNCTION "service_requests"."forget_request_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "service_requests"."request_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "requests_counted_on_truncate" AFTER TRUNCATE ON "service_requests"."requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "service_requests"."forget_request_counts"();--> statement-breakpoint
INSERT INTO "service_requests"."request_counts"
  SELECT housing_company_id, status_key, type_id, is_public, count(*) FROM "service_requests"."requests"
  GROUP BY 1, 2, 3, 4;
