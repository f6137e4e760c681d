CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_item_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"visitor_id" uuid,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "content_reports_owner_check" CHECK (num_nonnulls("content_reports"."user_id", "content_reports"."visitor_id") = 1),
	CONSTRAINT "content_reports_reason_check" CHECK ("content_reports"."reason" in ('wrong', 'harmful', 'illegal', 'spam', 'other'))
);
--> statement-breakpoint
CREATE TABLE "feedback_reviews" (
	"chat_item_id" uuid PRIMARY KEY NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD COLUMN "last_chat_item_id" uuid;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_chat_item_id_chat_items_id_fk" FOREIGN KEY ("chat_item_id") REFERENCES "public"."chat_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reviews" ADD CONSTRAINT "feedback_reviews_chat_item_id_chat_items_id_fk" FOREIGN KEY ("chat_item_id") REFERENCES "public"."chat_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reviews" ADD CONSTRAINT "feedback_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_item_reporter_key" ON "content_reports" USING btree ("chat_item_id",coalesce("user_id", "visitor_id"));--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE closed_at is null;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_last_chat_item_id_chat_items_id_fk" FOREIGN KEY ("last_chat_item_id") REFERENCES "public"."chat_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_items_bad_feedback_idx" ON "chat_items" USING btree ("feedback_at") WHERE "chat_items"."user_bad_feedback";--> statement-breakpoint
CREATE INDEX "unanswered_questions_last_chat_item_idx" ON "unanswered_questions" USING btree ("last_chat_item_id");--> statement-breakpoint
-- every FAQ entry the official assistant had so far came with the seed: operators could add none
UPDATE "knowledge_chunks" SET "built_in" = true WHERE "file_id" IS NULL AND "kind" = 'qa' AND "app_id" IN (SELECT "id" FROM "apps" WHERE "is_official");
