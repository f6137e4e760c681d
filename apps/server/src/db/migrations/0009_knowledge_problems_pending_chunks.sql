ALTER TABLE "knowledge_chunks" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "error_params" jsonb;