CREATE TABLE "support_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"animal_nums" integer NOT NULL,
	"applicant" text NOT NULL,
	"mobile" text NOT NULL,
	"wechat_number" text NOT NULL,
	"application_type_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_applications_status" CHECK ("support_applications"."status" IN (0, 1, 2)),
	CONSTRAINT "support_applications_reviewed" CHECK (("support_applications"."status" = 0) = ("support_applications"."reviewed_at" IS NULL)),
	CONSTRAINT "support_applications_reject_reason" CHECK ("support_applications"."status" <> 2 OR "support_applications"."reason" <> ''),
	CONSTRAINT "support_applications_animals" CHECK ("support_applications"."animal_nums" > 0)
);
--> statement-breakpoint
CREATE TABLE "support_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"points" integer NOT NULL,
	"coins" integer NOT NULL,
	"source" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"payment_order_id" bigint,
	"amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_gifts_positive" CHECK ("support_gifts"."points" > 0 AND "support_gifts"."coins" > 0 AND "support_gifts"."amount" >= 0),
	CONSTRAINT "support_gifts_source" CHECK (("support_gifts"."source" = 'help_pay') = ("support_gifts"."payment_order_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "support_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"title" text NOT NULL,
	"price" integer NOT NULL,
	"gift" text DEFAULT '' NOT NULL,
	"target" integer NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_items_price_positive" CHECK ("support_items"."price" > 0),
	CONSTRAINT "support_items_target_positive" CHECK ("support_items"."target" > 0),
	CONSTRAINT "support_items_completed_nonnegative" CHECK ("support_items"."completed" >= 0)
);
--> statement-breakpoint
ALTER TABLE "support_applications" ADD CONSTRAINT "support_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_applications" ADD CONSTRAINT "support_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_events" ADD CONSTRAINT "support_events_application_id_support_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."support_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_events" ADD CONSTRAINT "support_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_gifts" ADD CONSTRAINT "support_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_gifts" ADD CONSTRAINT "support_gifts_item_id_support_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."support_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_gifts" ADD CONSTRAINT "support_gifts_event_id_support_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."support_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_gifts" ADD CONSTRAINT "support_gifts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_gifts" ADD CONSTRAINT "support_gifts_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_items" ADD CONSTRAINT "support_items_event_id_support_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."support_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_applications_user_idx" ON "support_applications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_applications_status_idx" ON "support_applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_events_list_idx" ON "support_events" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_events_application_idx" ON "support_events" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_gifts_user_key" ON "support_gifts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "support_gifts_transaction_key" ON "support_gifts" USING btree ("ledger_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_gifts_order_key" ON "support_gifts" USING btree ("payment_order_id") WHERE "support_gifts"."payment_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "support_gifts_item_idx" ON "support_gifts" USING btree ("item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_gifts_event_idx" ON "support_gifts" USING btree ("event_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_gifts_item_user_idx" ON "support_gifts" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "support_items_event_idx" ON "support_items" USING btree ("event_id","sort_order","id");