CREATE INDEX "responses_user_sent_idx" ON "responses" USING btree ("user_id","sent_at") WHERE "sent_at" is not null;--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_lead_idx" ON "contracts" USING btree ("lead_id");