CREATE TABLE "portfolio_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"thumbnail_name" text,
	"extracted_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"role" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_text" text DEFAULT '' NOT NULL,
	"industry" text,
	"results" text DEFAULT '' NOT NULL,
	"result_metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" date,
	"position" double precision DEFAULT 0 NOT NULL,
	"files_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(skills_text, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(results, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(role, '') || ' ' || coalesce(industry, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(files_text, '')), 'D')) STORED NOT NULL,
	"embedding" real[],
	"embedding_model" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_files" ADD CONSTRAINT "portfolio_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_files" ADD CONSTRAINT "portfolio_files_item_id_portfolio_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."portfolio_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD CONSTRAINT "portfolio_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_files_item_idx" ON "portfolio_files" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "portfolio_files_user_idx" ON "portfolio_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portfolio_items_user_position_idx" ON "portfolio_items" USING btree ("user_id","position","id");--> statement-breakpoint
CREATE INDEX "portfolio_items_search_idx" ON "portfolio_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "portfolio_items_skills_idx" ON "portfolio_items" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "portfolio_items_deleted_idx" ON "portfolio_items" USING btree ("deleted_at") WHERE "portfolio_items"."deleted_at" is not null;