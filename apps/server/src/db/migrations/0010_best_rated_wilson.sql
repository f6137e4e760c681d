-- the index on the rating goes with the column, and is made again below
ALTER TABLE "apps" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "rating" real GENERATED ALWAYS AS (case when good_count + bad_count = 0 then -1 else ((good_count + 1.9208) / (good_count + bad_count) - 1.96 * sqrt((good_count::float8 * bad_count) / (good_count + bad_count) + 0.9604) / (good_count + bad_count)) / (1 + 3.8416 / (good_count + bad_count)) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "apps_listed_rating_idx" ON "apps" USING btree ("rating","id") WHERE visibility = 'public' and hidden_at is null and deleted_at is null;
