-- A settled feed stays as it was settled, except that its proof clip (issue 28 §1) may be linked once, after the
-- settlement committed: the trigger of 0012 refused every change to a settled row.
DROP TRIGGER "feeds_settle_once" ON "feeds";--> statement-breakpoint
CREATE TRIGGER "feeds_settle_once" BEFORE UPDATE ON "feeds" FOR EACH ROW
  WHEN ((OLD."status" <> 'pending' AND (to_jsonb(NEW) - 'proof_clip_id') IS DISTINCT FROM (to_jsonb(OLD) - 'proof_clip_id'))
    OR (OLD."proof_clip_id" IS NOT NULL AND NEW."proof_clip_id" IS DISTINCT FROM OLD."proof_clip_id")
    OR NEW."user_id" <> OLD."user_id"
    OR NEW."idempotency_key" <> OLD."idempotency_key" OR NEW."device_id" <> OLD."device_id"
    OR NEW."grams" <> OLD."grams" OR NEW."coins" <> OLD."coins" OR NEW."command_id" <> OLD."command_id"
    OR (OLD."hold_id" IS NOT NULL AND NEW."hold_id" IS DISTINCT FROM OLD."hold_id"))
  EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- A monthly statement (issue 28 §4) is frozen once stored: its hash is public and the next month's covers it.
CREATE TRIGGER "base_statements_frozen" BEFORE UPDATE OR DELETE ON "base_statements" FOR EACH ROW
  EXECUTE FUNCTION "refuse_change"();
