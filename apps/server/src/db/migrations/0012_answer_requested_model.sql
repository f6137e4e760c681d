ALTER TABLE "chat_items" ADD COLUMN "requested_model" text;--> statement-breakpoint
-- until now the model an answer names was the one asked for
UPDATE "chat_items" SET "requested_model" = "model" WHERE "model" IS NOT NULL;
