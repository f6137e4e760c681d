ALTER TABLE "chat_items" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "chat_items" ADD COLUMN "reasoning" text;--> statement-breakpoint
ALTER TABLE "chat_items" ADD COLUMN "reasoning_ms" integer;--> statement-breakpoint
ALTER TABLE "chat_items" ADD COLUMN "reasoning_tokens" integer;--> statement-breakpoint
ALTER TABLE "chat_items" ADD COLUMN "cut_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "model" text;