CREATE TABLE "question_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid,
	"refused_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_refusals_by_check" CHECK ("question_refusals"."refused_by" in ('keywords', 'endpoint'))
);
--> statement-breakpoint
ALTER TABLE "question_refusals" ADD CONSTRAINT "question_refusals_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_refusals_created_at_idx" ON "question_refusals" USING btree ("created_at");