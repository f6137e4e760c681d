CREATE TABLE "object_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" DROP CONSTRAINT "images_size_check";--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "object_deletions_due_at_idx" ON "object_deletions" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_key" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_files_storage_key_key" ON "knowledge_files" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_content_check" CHECK (num_nonnulls("images"."bytes", "images"."storage_key") = 1);--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_size_check" CHECK ("images"."bytes" is null or "images"."size" = octet_length("images"."bytes"));--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_content_check" CHECK (num_nonnulls("knowledge_files"."bytes", "knowledge_files"."storage_key") = 1);--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_size_check" CHECK ("knowledge_files"."bytes" is null or "knowledge_files"."size" = octet_length("knowledge_files"."bytes"));--> statement-breakpoint
-- An object in the bucket is deleted when no row names it any more: a file row deleted (by any
-- statement or cascade) or moved back into the database queues its old key in object_deletions,
-- in the same transaction; a row taking a key takes it off that list (an upload's key is put there
-- before the upload, due a day later). Drizzle's schema does not hold triggers: they live here.
CREATE FUNCTION queue_object_deletion() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.storage_key IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.storage_key IS DISTINCT FROM OLD.storage_key) THEN
    INSERT INTO object_deletions (key, due_at) VALUES (OLD.storage_key, now())
      ON CONFLICT (key) DO UPDATE SET due_at = now();
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.storage_key IS NOT NULL THEN
    DELETE FROM object_deletions WHERE key = NEW.storage_key;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER images_object_deletion AFTER INSERT OR DELETE OR UPDATE OF storage_key ON images
  FOR EACH ROW EXECUTE FUNCTION queue_object_deletion();
--> statement-breakpoint
CREATE TRIGGER knowledge_files_object_deletion AFTER INSERT OR DELETE OR UPDATE OF storage_key ON knowledge_files
  FOR EACH ROW EXECUTE FUNCTION queue_object_deletion();
