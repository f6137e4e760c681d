-- Knowledge embeddings live outside the Drizzle schema: the `vector` type exists only where
-- pgvector does (always on PGlite, optional on PostgreSQL). Without it this creates nothing and
-- retrieval is text search only. The app may call the function again at startup to pick up a
-- pgvector installed later; it returns whether knowledge_embeddings exists.
CREATE OR REPLACE FUNCTION ensure_knowledge_embeddings() RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
      RETURN false;
    END IF;
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN insufficient_privilege THEN
      RETURN false;
    END;
  END IF;
  -- dynamic SQL: the function has to compile where the vector type does not exist
  EXECUTE $ddl$
    CREATE TABLE IF NOT EXISTS knowledge_embeddings (
      chunk_id uuid PRIMARY KEY REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
      app_id uuid NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
      model text NOT NULL,
      embedding vector NOT NULL,
      created_at timestamp with time zone NOT NULL DEFAULT now()
    )
  $ddl$;
  EXECUTE 'CREATE INDEX IF NOT EXISTS knowledge_embeddings_app_model_idx ON knowledge_embeddings (app_id, model)';
  RETURN true;
END
$$;
--> statement-breakpoint
SELECT ensure_knowledge_embeddings();
