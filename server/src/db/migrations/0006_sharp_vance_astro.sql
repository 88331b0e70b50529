ALTER TABLE "saved_searches" ADD COLUMN "webhook_url_encrypted" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "webhook_host" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "webhook_last_delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "webhook_last_delivery_error" text;