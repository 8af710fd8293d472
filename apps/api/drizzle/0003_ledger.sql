CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" IS NOT NULL) = ("ledger_accounts"."kind" IN ('user_wallet', 'operator_earnings'))),
	CONSTRAINT "ledger_accounts_nonnegative" CHECK ("ledger_accounts"."user_id" IS NULL OR ("ledger_accounts"."balance" >= 0 AND "ledger_accounts"."held" >= 0 AND "ledger_accounts"."held" <= "ledger_accounts"."balance")),
	CONSTRAINT "ledger_accounts_platform_unheld" CHECK ("ledger_accounts"."user_id" IS NOT NULL OR "ledger_accounts"."held" = 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"transaction_id" bigint,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_posted_transaction" CHECK (("ledger_holds"."status" = 'posted') = ("ledger_holds"."transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("kind","user_id") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transaction_account_key" ON "ledger_entries" USING btree ("transaction_id","account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_idempotency_key" ON "ledger_holds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_holds_account_idx" ON "ledger_holds" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_idx" ON "ledger_holds" USING btree ("expires_at") WHERE "ledger_holds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("kind","reference");--> statement-breakpoint
-- Hand-written (decision 009): the database itself refuses an unbalanced transaction (checked at commit),
-- any change to a written entry or transaction, and any change to a settled hold.
CREATE FUNCTION "ledger_transaction_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id") <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW."transaction_id" USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transaction_balanced"();--> statement-breakpoint
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE FUNCTION "ledger_hold_settles_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."status" <> 'pending' OR NEW."account_id" <> OLD."account_id"
    OR NEW."amount" <> OLD."amount" OR NEW."idempotency_key" <> OLD."idempotency_key" THEN
    RAISE EXCEPTION 'ledger hold % is settled or immutable', OLD."id" USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_holds_settle_once" BEFORE UPDATE OR DELETE ON "ledger_holds"
  FOR EACH ROW EXECUTE FUNCTION "ledger_hold_settles_once"();
