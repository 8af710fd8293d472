CREATE TABLE "feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"device_id" text NOT NULL,
	"base_id" integer NOT NULL,
	"operator_id" integer,
	"revenue_share_bp" integer NOT NULL,
	"grams" integer NOT NULL,
	"coins" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"hold_id" uuid,
	"command_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"grams_dispensed" integer DEFAULT 0 NOT NULL,
	"coins_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "feeds_portion_positive" CHECK ("feeds"."grams" > 0 AND "feeds"."coins" > 0),
	CONSTRAINT "feeds_charged_range" CHECK ("feeds"."coins_charged" BETWEEN 0 AND "feeds"."coins" AND "feeds"."grams_dispensed" >= 0),
	CONSTRAINT "feeds_failed_reason" CHECK (("feeds"."status" = 'failed') = ("feeds"."reason" IS NOT NULL)),
	CONSTRAINT "feeds_settled_at" CHECK (("feeds"."status" = 'pending') = ("feeds"."settled_at" IS NULL)),
	CONSTRAINT "feeds_failed_uncharged" CHECK ("feeds"."status" <> 'failed' OR "feeds"."coins_charged" = 0)
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "daily_gram_cap" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_user_key" ON "feeds" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_command_key" ON "feeds" USING btree ("command_id");--> statement-breakpoint
CREATE INDEX "feeds_user_idx" ON "feeds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feeds_device_idx" ON "feeds" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "feeds_pending_idx" ON "feeds" USING btree ("expires_at") WHERE "feeds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_daily_gram_cap_positive" CHECK ("devices"."daily_gram_cap" > 0);--> statement-breakpoint
-- Hand-written (decision 011): a feed ends once. A settled feed, and what a feed is (who, where, the
-- portion, its command, its hold once set), never change; feeds are never deleted.
CREATE FUNCTION "feed_settles_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."status" <> 'pending' OR NEW."user_id" <> OLD."user_id"
    OR NEW."idempotency_key" <> OLD."idempotency_key" OR NEW."device_id" <> OLD."device_id"
    OR NEW."grams" <> OLD."grams" OR NEW."coins" <> OLD."coins" OR NEW."command_id" <> OLD."command_id"
    OR (OLD."hold_id" IS NOT NULL AND NEW."hold_id" IS DISTINCT FROM OLD."hold_id") THEN
    RAISE EXCEPTION 'feed % is settled or immutable', OLD."id" USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "feeds_settle_once" BEFORE UPDATE OR DELETE ON "feeds"
  FOR EACH ROW EXECUTE FUNCTION "feed_settles_once"();
