CREATE TABLE "answer_parts" (
	"answer_id" uuid NOT NULL,
	"starts_at" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_parts_answer_id_starts_at_pk" PRIMARY KEY("answer_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "answer_parts" ADD CONSTRAINT "answer_parts_answer_id_chat_items_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."chat_items"("id") ON DELETE cascade ON UPDATE no action;