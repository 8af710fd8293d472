CREATE TABLE "cashout_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"cashout_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"coins" bigint NOT NULL,
	"fee_coins" bigint NOT NULL,
	"coin_value" integer NOT NULL,
	"currency" text NOT NULL,
	"bank" text NOT NULL,
	"holder_name" text NOT NULL,
	"mobile" text NOT NULL,
	"card_cipher" text NOT NULL,
	"card_last4" text NOT NULL,
	"hold_id" uuid,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cashouts_amounts" CHECK ("cashouts"."coins" > 0 AND "cashouts"."fee_coins" >= 0 AND "cashouts"."fee_coins" < "cashouts"."coins"),
	CONSTRAINT "cashouts_money" CHECK ("cashouts"."amount" = "cashouts"."coins" * "cashouts"."coin_value" AND "cashouts"."fee" = "cashouts"."fee_coins" * "cashouts"."coin_value" AND "cashouts"."net_amount" = "cashouts"."amount" - "cashouts"."fee"),
	CONSTRAINT "cashouts_coin_value_positive" CHECK ("cashouts"."coin_value" > 0),
	CONSTRAINT "cashouts_card_last4" CHECK ("cashouts"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "cashout_events" ADD CONSTRAINT "cashout_events_cashout_id_cashouts_id_fk" FOREIGN KEY ("cashout_id") REFERENCES "public"."cashouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashout_events" ADD CONSTRAINT "cashout_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashouts" ADD CONSTRAINT "cashouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashouts" ADD CONSTRAINT "cashouts_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashout_events_cashout_idx" ON "cashout_events" USING btree ("cashout_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashouts_user_key" ON "cashouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cashouts_user_idx" ON "cashouts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cashouts_status_idx" ON "cashouts" USING btree ("status","created_at","id");--> statement-breakpoint
-- Hand-written (decision 015): a cash-out's history is append-only (ledger_append_only, migration 0003), and a
-- cash-out's request (who, figures, card, bank) never changes; its hold is set once; an ended one stays ended.
CREATE TRIGGER "cashout_events_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "cashout_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "cashout_request_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR OLD."status" IN ('expired', 'transfer_failed', 'successful', 'rejected')
    OR (NEW."user_id", NEW."idempotency_key", NEW."amount", NEW."fee", NEW."net_amount", NEW."coins",
        NEW."fee_coins", NEW."coin_value", NEW."currency", NEW."bank", NEW."holder_name", NEW."mobile",
        NEW."card_cipher", NEW."card_last4", NEW."created_at")
      IS DISTINCT FROM
       (OLD."user_id", OLD."idempotency_key", OLD."amount", OLD."fee", OLD."net_amount", OLD."coins",
        OLD."fee_coins", OLD."coin_value", OLD."currency", OLD."bank", OLD."holder_name", OLD."mobile",
        OLD."card_cipher", OLD."card_last4", OLD."created_at")
    OR (OLD."hold_id" IS NOT NULL AND NEW."hold_id" IS DISTINCT FROM OLD."hold_id") THEN
    RAISE EXCEPTION 'cash-out % is ended or its request is immutable', OLD."id" USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "cashouts_request_immutable" BEFORE UPDATE OR DELETE ON "cashouts"
  FOR EACH ROW EXECUTE FUNCTION "cashout_request_immutable"();
