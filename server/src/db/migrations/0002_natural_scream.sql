CREATE TABLE "job_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"ciphertext" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"job_type" text DEFAULT 'unknown' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"budget_min_minor" bigint,
	"budget_max_minor" bigint,
	"hourly_min_minor" integer,
	"hourly_max_minor" integer,
	"experience_level" text,
	"category" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_key" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_text" text DEFAULT '' NOT NULL,
	"screening_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_payment_verified" boolean,
	"client_total_spent_minor" bigint,
	"client_hires" integer,
	"client_jobs_posted" integer,
	"client_reviews" integer,
	"client_rating" real,
	"client_country" text,
	"client_member_since" timestamp with time zone,
	"proposals_count" integer,
	"posted_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"acted_at" timestamp with time zone,
	"fit_score" smallint,
	"verdict" text,
	"worth_per_connect_minor" integer,
	"flag_count" smallint DEFAULT 0 NOT NULL,
	"has_prompt_trap" boolean DEFAULT false NOT NULL,
	"score" jsonb,
	"score_version" smallint,
	"score_key" text,
	"budget_sort_minor" bigint,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("skills_text", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_match_at" timestamp with time zone,
	"new_matches" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upwork_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"upwork_user_id" text,
	"upwork_user_name" text,
	"organization_id" text,
	"organizations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upwork_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upwork_connections" ADD CONSTRAINT "upwork_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upwork_oauth_states" ADD CONSTRAINT "upwork_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_matches_search_job_key" ON "job_matches" USING btree ("saved_search_id","job_id");--> statement-breakpoint
CREATE INDEX "job_matches_job_idx" ON "job_matches" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_user_source_external_key" ON "jobs" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "jobs_skills_key_idx" ON "jobs" USING gin ("skills_key");--> statement-breakpoint
CREATE INDEX "jobs_user_posted_idx" ON "jobs" USING btree ("user_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_user_fit_idx" ON "jobs" USING btree ("user_id","fit_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_user_budget_idx" ON "jobs" USING btree ("user_id","budget_sort_minor" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_user_type_idx" ON "jobs" USING btree ("user_id","job_type");--> statement-breakpoint
CREATE INDEX "jobs_user_fetched_idx" ON "jobs" USING btree ("user_id","source","fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_key" ON "saved_searches" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_alert_idx" ON "saved_searches" USING btree ("alert","last_checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upwork_connections_user_key" ON "upwork_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upwork_oauth_states_hash_key" ON "upwork_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "upwork_oauth_states_user_idx" ON "upwork_oauth_states" USING btree ("user_id");