ALTER TABLE "chat_items" ADD COLUMN "first_token_ms" integer;--> statement-breakpoint
CREATE INDEX "chat_items_created_at_idx" ON "chat_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "unanswered_questions_asked_at_idx" ON "unanswered_questions" USING btree ("asked_at");--> statement-breakpoint
CREATE INDEX "visitors_created_at_idx" ON "visitors" USING btree ("created_at");