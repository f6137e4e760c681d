CREATE TABLE "app_user_days" (
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"visitor_id" uuid,
	"day" date NOT NULL,
	CONSTRAINT "app_user_days_owner_check" CHECK (num_nonnulls("app_user_days"."user_id", "app_user_days"."visitor_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user_days" ADD CONSTRAINT "app_user_days_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_days" ADD CONSTRAINT "app_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user_days" ADD CONSTRAINT "app_user_days_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_days_key" ON "app_user_days" USING btree ("app_id",coalesce(user_id, visitor_id),"day");--> statement-breakpoint
CREATE INDEX "app_user_days_app_day_idx" ON "app_user_days" USING btree ("app_id","day");--> statement-breakpoint
CREATE INDEX "apps_search_vector_idx" ON "apps" USING gin ("search_vector") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;