ALTER TABLE "jobs" ADD COLUMN "scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "details_fetched_at" timestamp with time zone;