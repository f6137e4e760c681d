ALTER TABLE "apps" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "review_problems" jsonb;--> statement-breakpoint
CREATE INDEX "apps_review_queue_idx" ON "apps" USING btree ("review_requested_at") WHERE review_requested_at is not null;