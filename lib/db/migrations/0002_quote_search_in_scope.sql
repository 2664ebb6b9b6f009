-- Text search within a scope (mine: the dispatcher; the team: the courier client) through one index that
-- applies both: trigram GIN with the scope columns first. btree_gin gives GIN those columns'
-- operators (a trusted extension, as pg_trgm; PGlite ships it as a contrib extension,
-- lib/db/pglite-options.mjs loads it). The trigram index alone is dropped: every search has a scope.
-- On a large table the index takes a while to build (37 s for 2,000,000 records on 2 cores) and
-- writes wait meanwhile: IF NOT EXISTS lets an operator build it first with CREATE INDEX
-- CONCURRENTLY under the same name (docs/records.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quote_records_scope_search_idx" ON "quote_records" USING gin ("dispatcher_email","courier_client_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "quote_records_search_trgm_idx";
