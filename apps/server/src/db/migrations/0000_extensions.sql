-- Extensions the schema needs, before any table or index uses them.
-- pg_trgm: trigram indexes for agent and broker search (PGlite bundles it; PostgreSQL ships it in contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- pgvector is optional: PGlite loads it, a PostgreSQL server may not have it installed (or may not
-- let this role create it). Without it knowledge retrieval is text search only.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pgvector is available but this role may not create it; knowledge search is text only';
END
$$;
