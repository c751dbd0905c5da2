DROP INDEX "service_requests"."requests_housing_company_idx";--> statement-breakpoint
CREATE INDEX "requests_public_idx" ON "service_requests"."requests" USING btree ("housing_company_id","id","status_key","type_id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "requests_apartment_idx" ON "service_requests"."requests" USING btree ("apartment_id","id") WHERE visible_in_apartment;--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "service_requests"."requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requests_housing_company_idx" ON "service_requests"."requests" USING btree ("housing_company_id","id","status_key","type_id","is_public");