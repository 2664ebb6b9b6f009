-- Trigram search over streets and colonias (a trusted extension: the database's owner may create it;
-- PGlite ships it as a contrib extension, lib/db/connect.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "quote_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"customer_token_hash" "bytea" NOT NULL,
	"customer_token_sealed" text NOT NULL,
	"dispatcher_email" text NOT NULL,
	"courier_client_id" integer,
	"language" text NOT NULL,
	"stops" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"distance_km" real NOT NULL,
	"eta_minutes" real NOT NULL,
	"search_text" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_revoked_at" timestamp with time zone,
	CONSTRAINT "quote_records_reference_key" UNIQUE("reference"),
	CONSTRAINT "quote_records_customer_token_hash_key" UNIQUE("customer_token_hash")
);
--> statement-breakpoint
CREATE INDEX "quote_records_dispatcher_created_idx" ON "quote_records" USING btree ("dispatcher_email","created_at","id");--> statement-breakpoint
CREATE INDEX "quote_records_client_created_idx" ON "quote_records" USING btree ("courier_client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quote_records_created_idx" ON "quote_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quote_records_search_trgm_idx" ON "quote_records" USING gin ("search_text" gin_trgm_ops);