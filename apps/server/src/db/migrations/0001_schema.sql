CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"cover_url" text NOT NULL,
	"href" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"broker_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_type_check" CHECK ("ads"."type" in (1, 2)),
	CONSTRAINT "ads_weight_check" CHECK ("ads"."weight" >= 0),
	CONSTRAINT "ads_window_check" CHECK ("ads"."starts_at" is null or "ads"."ends_at" is null or "ads"."starts_at" < "ads"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "app_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"share_num" text NOT NULL,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"avatar_url" text,
	"intro" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"model" text,
	"temperature" real DEFAULT 0.8 NOT NULL,
	"top_p" real DEFAULT 1 NOT NULL,
	"opening_message" text DEFAULT '' NOT NULL,
	"suggested_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"knowledge_mode" text DEFAULT 'open' NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"conversation_count" integer DEFAULT 0 NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	"good_count" integer DEFAULT 0 NOT NULL,
	"bad_count" integer DEFAULT 0 NOT NULL,
	"popularity_score" real DEFAULT 0 NOT NULL,
	"rating" real GENERATED ALWAYS AS ((good_count + 1)::real / (good_count + bad_count + 2)) STORED NOT NULL,
	"published_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_temperature_check" CHECK ("apps"."temperature" between 0 and 2),
	CONSTRAINT "apps_top_p_check" CHECK ("apps"."top_p" between 0 and 1),
	CONSTRAINT "apps_visibility_check" CHECK ("apps"."visibility" in ('private', 'unlisted', 'public')),
	CONSTRAINT "apps_knowledge_mode_check" CHECK ("apps"."knowledge_mode" in ('strict', 'open')),
	CONSTRAINT "apps_suggested_questions_check" CHECK (jsonb_typeof("apps"."suggested_questions") = 'array'),
	CONSTRAINT "apps_owner_check" CHECK ("apps"."owner_id" is not null or "apps"."is_official" or "apps"."deleted_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid,
	"visitor_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_owner_check" CHECK (("auth_tokens"."kind" = 'user' and "auth_tokens"."user_id" is not null and "auth_tokens"."visitor_id" is null) or ("auth_tokens"."kind" = 'visitor' and "auth_tokens"."visitor_id" is not null and "auth_tokens"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "broker_rankings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"broker_id" uuid NOT NULL,
	"category" smallint NOT NULL,
	"rank" integer NOT NULL,
	"score" real,
	"as_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broker_rankings_category_check" CHECK ("broker_rankings"."category" in (0, 1, 3, 4)),
	CONSTRAINT "broker_rankings_rank_check" CHECK ("broker_rankings"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"img_url" text,
	"license_num" integer DEFAULT 0 NOT NULL,
	"server_num" integer DEFAULT 0 NOT NULL,
	"currency_num" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_items_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"error" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"user_good_feedback" boolean DEFAULT false NOT NULL,
	"user_bad_feedback" boolean DEFAULT false NOT NULL,
	"custom_feedback" text,
	"feedback_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_items_role_check" CHECK ("chat_items"."role" in ('user', 'assistant', 'system')),
	CONSTRAINT "chat_items_status_check" CHECK ("chat_items"."status" in ('done', 'streaming', 'stopped', 'error')),
	CONSTRAINT "chat_items_feedback_check" CHECK (not ("chat_items"."user_good_feedback" and "chat_items"."user_bad_feedback"))
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid,
	"visitor_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chats_owner_check" CHECK (num_nonnulls("chats"."user_id", "chats"."visitor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "conversation_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_code" text NOT NULL,
	"chat_id" uuid,
	"app_id" uuid,
	"user_id" uuid,
	"visitor_id" uuid,
	"snapshot" jsonb NOT NULL,
	"opened_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_shares_owner_check" CHECK (num_nonnulls("conversation_shares"."user_id", "conversation_shares"."visitor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_size_check" CHECK ("images"."size" = octet_length("images"."bytes"))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"file_id" uuid,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'passage' NOT NULL,
	"question" text,
	"content" text NOT NULL,
	"heading" text,
	"page" integer,
	"token_count" integer DEFAULT 0 NOT NULL,
	"search_title" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, search_title), 'A') || setweight(to_tsvector('simple'::regconfig, search_text), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_chunks_kind_check" CHECK ("knowledge_chunks"."kind" in ('passage', 'qa')),
	CONSTRAINT "knowledge_chunks_qa_check" CHECK ("knowledge_chunks"."kind" <> 'qa' or "knowledge_chunks"."question" is not null)
);
--> statement-breakpoint
CREATE TABLE "knowledge_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"page_count" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_files_status_check" CHECK ("knowledge_files"."status" in ('queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "knowledge_files_progress_check" CHECK ("knowledge_files"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "unanswered_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"question" text NOT NULL,
	"question_hash" text NOT NULL,
	"ask_count" integer DEFAULT 1 NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_chunk_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"locale" text,
	"created_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"announcement_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"markdown" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"grant_hash" text,
	"grant_expires_at" timestamp with time zone,
	"grant_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_codes_attempts_check" CHECK ("sms_codes"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"visitor_id" uuid,
	"day" date NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_ledger_owner_day_model_key" UNIQUE NULLS NOT DISTINCT("user_id","visitor_id","day","model"),
	CONSTRAINT "usage_ledger_owner_check" CHECK (num_nonnulls("usage_ledger"."user_id", "usage_ledger"."visitor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"area_code" text DEFAULT '86' NOT NULL,
	"mobile" text,
	"password_hash" text,
	"head_url" text,
	"is_operator" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_number" text NOT NULL,
	"merged_into_user_id" uuid,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_shares" ADD CONSTRAINT "app_shares_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_rankings" ADD CONSTRAINT "broker_rankings_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_items" ADD CONSTRAINT "chat_items_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_answer_chunk_id_knowledge_chunks_id_fk" FOREIGN KEY ("answer_chunk_id") REFERENCES "public"."knowledge_chunks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_merged_into_user_id_users_id_fk" FOREIGN KEY ("merged_into_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_type_idx" ON "ads" USING btree ("type") WHERE enabled;--> statement-breakpoint
CREATE INDEX "ads_broker_id_idx" ON "ads" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_shares_share_num_key" ON "app_shares" USING btree ("share_num");--> statement-breakpoint
CREATE UNIQUE INDEX "app_shares_app_id_key" ON "app_shares" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "apps_owner_id_idx" ON "apps" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "apps_listed_popular_idx" ON "apps" USING btree ("popularity_score","id") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "apps_listed_category_popular_idx" ON "apps" USING btree ("category","popularity_score","id") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "apps_listed_newest_idx" ON "apps" USING btree ("published_at","id") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "apps_listed_rating_idx" ON "apps" USING btree ("rating","id") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "apps_name_trgm_idx" ON "apps" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "apps_intro_trgm_idx" ON "apps" USING gin ("intro" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "apps_official_key" ON "apps" USING btree ("is_official") WHERE is_official;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_token_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_id_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_visitor_id_idx" ON "auth_tokens" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_rankings_position_key" ON "broker_rankings" USING btree ("category","as_of","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_rankings_broker_key" ON "broker_rankings" USING btree ("category","as_of","broker_id");--> statement-breakpoint
CREATE INDEX "broker_rankings_broker_id_idx" ON "broker_rankings" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_external_id_key" ON "brokers" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "brokers_title_trgm_idx" ON "brokers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brokers_title_en_trgm_idx" ON "brokers" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_items_chat_seq_idx" ON "chat_items" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "chats_user_updated_idx" ON "chats" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "chats_user_app_updated_idx" ON "chats" USING btree ("user_id","app_id","updated_at");--> statement-breakpoint
CREATE INDEX "chats_visitor_app_updated_idx" ON "chats" USING btree ("visitor_id","app_id","updated_at");--> statement-breakpoint
CREATE INDEX "chats_app_updated_idx" ON "chats" USING btree ("app_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_shares_share_code_key" ON "conversation_shares" USING btree ("share_code");--> statement-breakpoint
CREATE INDEX "conversation_shares_user_id_idx" ON "conversation_shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_shares_visitor_id_idx" ON "conversation_shares" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_shares_chat_id_idx" ON "conversation_shares" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "images_owner_id_idx" ON "images" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_running_locked_at_idx" ON "jobs" USING btree ("locked_at") WHERE status = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_app_id_idx" ON "knowledge_chunks" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_file_id_idx" ON "knowledge_chunks" USING btree ("file_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_vector_idx" ON "knowledge_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_files_app_id_idx" ON "knowledge_files" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_files_app_sha256_idx" ON "knowledge_files" USING btree ("app_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "unanswered_questions_app_question_key" ON "unanswered_questions" USING btree ("app_id","question_hash");--> statement-breakpoint
CREATE INDEX "unanswered_questions_app_open_idx" ON "unanswered_questions" USING btree ("app_id","last_asked_at") WHERE answered_at is null;--> statement-breakpoint
CREATE INDEX "announcements_published_at_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_announcement_key" ON "notifications" USING btree ("user_id","announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_user_title_key" ON "prompts" USING btree ("user_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_user_content_key" ON "prompts" USING btree ("user_id",md5("content"));--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_slug_locale_key" ON "site_pages" USING btree ("slug","locale");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("area_code","phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_codes_grant_hash_key" ON "sms_codes" USING btree ("grant_hash");--> statement-breakpoint
CREATE INDEX "sms_nonces_seen_at_idx" ON "sms_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "usage_ledger_visitor_day_idx" ON "usage_ledger" USING btree ("visitor_id","day");--> statement-breakpoint
CREATE INDEX "usage_ledger_day_idx" ON "usage_ledger" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("area_code","mobile");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_device_number_key" ON "visitors" USING btree ("device_number");