-- Hand-written (decision 011, "Throughput"): the same rules as 0003 and 0005, checked with less work per row.
-- Entries balance per transaction, checked once per INSERT statement over the rows it added (every writer
-- inserts a transaction's entries in one statement) instead of once per entry row at commit.
DROP TRIGGER "ledger_entries_balanced" ON "ledger_entries";--> statement-breakpoint
DROP FUNCTION "ledger_transaction_balanced"();--> statement-breakpoint
CREATE FUNCTION "ledger_transactions_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE unbalanced bigint;
BEGIN
  -- One index look-up per transaction the statement touched (never a scan of the whole table).
  SELECT t."transaction_id" INTO unbalanced FROM (SELECT DISTINCT n."transaction_id" FROM new_entries n) t
  WHERE (SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."transaction_id" = t."transaction_id") <> 0
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', unbalanced USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_balanced"();--> statement-breakpoint
-- Settled holds and feeds stay as they are: the test is the trigger's WHEN clause, so the function (which
-- only raises) runs for a violation alone, not for every row a settlement updates.
CREATE FUNCTION "refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% row % is settled or immutable', TG_TABLE_NAME, OLD."id" USING ERRCODE = '55000';
END $$;--> statement-breakpoint
DROP TRIGGER "ledger_holds_settle_once" ON "ledger_holds";--> statement-breakpoint
DROP FUNCTION "ledger_hold_settles_once"();--> statement-breakpoint
CREATE TRIGGER "ledger_holds_settle_once" BEFORE UPDATE ON "ledger_holds" FOR EACH ROW
  WHEN (OLD."status" <> 'pending' OR NEW."account_id" <> OLD."account_id" OR NEW."amount" <> OLD."amount"
    OR NEW."idempotency_key" <> OLD."idempotency_key")
  EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_holds_no_delete" BEFORE DELETE ON "ledger_holds" FOR EACH ROW
  EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
DROP TRIGGER "feeds_settle_once" ON "feeds";--> statement-breakpoint
DROP FUNCTION "feed_settles_once"();--> statement-breakpoint
CREATE TRIGGER "feeds_settle_once" BEFORE UPDATE ON "feeds" FOR EACH ROW
  WHEN (OLD."status" <> 'pending' OR NEW."user_id" <> OLD."user_id"
    OR NEW."idempotency_key" <> OLD."idempotency_key" OR NEW."device_id" <> OLD."device_id"
    OR NEW."grams" <> OLD."grams" OR NEW."coins" <> OLD."coins" OR NEW."command_id" <> OLD."command_id"
    OR (OLD."hold_id" IS NOT NULL AND NEW."hold_id" IS DISTINCT FROM OLD."hold_id"))
  EXECUTE FUNCTION "refuse_change"();--> statement-breakpoint
CREATE TRIGGER "feeds_no_delete" BEFORE DELETE ON "feeds" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
