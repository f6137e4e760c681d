ALTER TABLE "apps" ALTER COLUMN "temperature" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "temperature" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "top_p" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "top_p" DROP NOT NULL;