ALTER TABLE "chat_items" ADD COLUMN "custom_feedbacks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Keep a note written before notes became a list.
UPDATE "chat_items" SET "custom_feedbacks" = jsonb_build_array("custom_feedback") WHERE coalesce("custom_feedback", '') <> '';--> statement-breakpoint
ALTER TABLE "chat_items" DROP COLUMN "custom_feedback";--> statement-breakpoint
ALTER TABLE "chat_items" ADD CONSTRAINT "chat_items_custom_feedbacks_check" CHECK (jsonb_typeof("chat_items"."custom_feedbacks") = 'array');
