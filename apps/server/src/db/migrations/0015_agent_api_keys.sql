CREATE TABLE "agent_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"created_by" uuid,
	"visitor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"rate_per_minute" integer NOT NULL,
	"monthly_tokens" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_api_keys_rate_check" CHECK ("agent_api_keys"."rate_per_minute" > 0),
	CONSTRAINT "agent_api_keys_monthly_tokens_check" CHECK ("agent_api_keys"."monthly_tokens" is null or "agent_api_keys"."monthly_tokens" > 0)
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "channel" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_api_keys_secret_hash_key" ON "agent_api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_api_keys_visitor_key" ON "agent_api_keys" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "agent_api_keys_app_idx" ON "agent_api_keys" USING btree ("app_id","created_at");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_channel_check" CHECK ("chats"."channel" in ('site', 'share', 'api', 'widget'));