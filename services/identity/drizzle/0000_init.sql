CREATE SCHEMA "identity";
--> statement-breakpoint
CREATE TABLE "identity"."apartment_roles" (
	"user_id" uuid NOT NULL,
	"apartment_id" uuid NOT NULL,
	"role" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	CONSTRAINT "apartment_roles_user_id_apartment_id_role_pk" PRIMARY KEY("user_id","apartment_id","role")
);
--> statement-breakpoint
CREATE TABLE "identity"."apartments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"no" text NOT NULL,
	"external_name" text,
	"aptext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."housing_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hc_ext" text NOT NULL,
	"name" text NOT NULL,
	"marketing_name" text,
	"address_street" text,
	"address_city" text,
	"address_country" text,
	"business_unit" text,
	"completion_date" date,
	"lifecycle_steps_active" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."housing_company_roles" (
	"user_id" uuid NOT NULL,
	"housing_company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	CONSTRAINT "housing_company_roles_user_id_housing_company_id_role_pk" PRIMARY KEY("user_id","housing_company_id","role")
);
--> statement-breakpoint
CREATE TABLE "identity"."login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."oidc_states" (
	"state" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."partner_companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."partner_company_users" (
	"partner_company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "partner_company_users_partner_company_id_user_id_pk" PRIMARY KEY("partner_company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "identity"."refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "identity"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"locale" text DEFAULT 'en_US' NOT NULL,
	"external_id" text,
	"b2c_subject" text,
	"password_hash" text,
	"registered" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"public_profile" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'portal' NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"selected_housing_company_id" uuid,
	"selected_apartment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."apartment_roles" ADD CONSTRAINT "apartment_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."apartment_roles" ADD CONSTRAINT "apartment_roles_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "identity"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."apartments" ADD CONSTRAINT "apartments_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."housing_company_roles" ADD CONSTRAINT "housing_company_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."housing_company_roles" ADD CONSTRAINT "housing_company_roles_housing_company_id_housing_companies_id_fk" FOREIGN KEY ("housing_company_id") REFERENCES "identity"."housing_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."partner_company_users" ADD CONSTRAINT "partner_company_users_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "identity"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."partner_company_users" ADD CONSTRAINT "partner_company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "identity"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apt_roles_apt_idx" ON "identity"."apartment_roles" USING btree ("apartment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apartments_aptext_key" ON "identity"."apartments" USING btree ("aptext");--> statement-breakpoint
CREATE INDEX "apartments_hc_idx" ON "identity"."apartments" USING btree ("housing_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "housing_companies_hc_ext_key" ON "identity"."housing_companies" USING btree ("hc_ext");--> statement-breakpoint
CREATE INDEX "hc_roles_hc_idx" ON "identity"."housing_company_roles" USING btree ("housing_company_id");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "identity"."login_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "identity"."login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "identity"."refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "identity"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "identity"."users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_external_id_key" ON "identity"."users" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_b2c_subject_key" ON "identity"."users" USING btree ("b2c_subject");