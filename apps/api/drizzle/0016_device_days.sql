CREATE TABLE "device_days" (
	"device_id" text NOT NULL,
	"day" date NOT NULL,
	"grams_committed" integer DEFAULT 0 NOT NULL,
	"grams_dispensed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
ALTER TABLE "device_days" ADD CONSTRAINT "device_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 021): statement triggers keep device_days. Each adds, per device and UTC day, what
-- the statement's rows count now less what they counted before, in one upsert in key order (none when
-- nothing changes). What a row counts is defined once, by the two functions below (plain SQL functions,
-- which the planner inlines).
CREATE FUNCTION "feed_committed_grams"(status text, grams int, grams_dispensed int) RETURNS int
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'pending' THEN grams WHEN 'succeeded' THEN grams_dispensed ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION "command_dispensed_grams"(kind text, status text, grams int) RETURNS int
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind = 'dispense' AND status = 'acked' THEN coalesce(grams, 0) ELSE 0 END
$$;
--> statement-breakpoint
-- An insert's trigger has no OLD TABLE, so each function has a branch without the old rows.
CREATE FUNCTION "device_days_feeds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_days AS d (device_id, day, grams_committed)
    SELECT n.device_id, (n.created_at AT TIME ZONE 'UTC')::date, sum(feed_committed_grams(n.status, n.grams, n.grams_dispensed))::int
      FROM new_rows n GROUP BY 1, 2 HAVING sum(feed_committed_grams(n.status, n.grams, n.grams_dispensed)) <> 0 ORDER BY 1, 2
    ON CONFLICT (device_id, day) DO UPDATE SET grams_committed = d.grams_committed + excluded.grams_committed;
  ELSE
    INSERT INTO device_days AS d (device_id, day, grams_committed)
    SELECT c.device_id, c.day, sum(c.grams)::int FROM (
      SELECT n.device_id, (n.created_at AT TIME ZONE 'UTC')::date AS day,
             feed_committed_grams(n.status, n.grams, n.grams_dispensed) AS grams FROM new_rows n
      UNION ALL
      SELECT o.device_id, (o.created_at AT TIME ZONE 'UTC')::date,
             -feed_committed_grams(o.status, o.grams, o.grams_dispensed) FROM old_rows o
    ) c GROUP BY 1, 2 HAVING sum(c.grams) <> 0 ORDER BY 1, 2
    ON CONFLICT (device_id, day) DO UPDATE SET grams_committed = d.grams_committed + excluded.grams_committed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "device_days_feeds_insert" AFTER INSERT ON "feeds"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_days_feeds"();
--> statement-breakpoint
CREATE TRIGGER "device_days_feeds_update" AFTER UPDATE ON "feeds"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_days_feeds"();
--> statement-breakpoint
-- A command counts on the UTC day it was acknowledged (acked_at: set with the acknowledgement).
CREATE FUNCTION "device_days_commands"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO device_days AS d (device_id, day, grams_dispensed)
    SELECT n.device_id, (n.acked_at AT TIME ZONE 'UTC')::date, sum(command_dispensed_grams(n.kind, n.status, n.grams))::int
      FROM new_rows n WHERE n.acked_at IS NOT NULL
     GROUP BY 1, 2 HAVING sum(command_dispensed_grams(n.kind, n.status, n.grams)) <> 0 ORDER BY 1, 2
    ON CONFLICT (device_id, day) DO UPDATE SET grams_dispensed = d.grams_dispensed + excluded.grams_dispensed;
  ELSE
    INSERT INTO device_days AS d (device_id, day, grams_dispensed)
    SELECT c.device_id, c.day, sum(c.grams)::int FROM (
      SELECT n.device_id, (n.acked_at AT TIME ZONE 'UTC')::date AS day,
             command_dispensed_grams(n.kind, n.status, n.grams) AS grams FROM new_rows n WHERE n.acked_at IS NOT NULL
      UNION ALL
      SELECT o.device_id, (o.acked_at AT TIME ZONE 'UTC')::date,
             -command_dispensed_grams(o.kind, o.status, o.grams) FROM old_rows o WHERE o.acked_at IS NOT NULL
    ) c GROUP BY 1, 2 HAVING sum(c.grams) <> 0 ORDER BY 1, 2
    ON CONFLICT (device_id, day) DO UPDATE SET grams_dispensed = d.grams_dispensed + excluded.grams_dispensed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "device_days_commands_insert" AFTER INSERT ON "device_commands"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_days_commands"();
--> statement-breakpoint
CREATE TRIGGER "device_days_commands_update" AFTER UPDATE ON "device_commands"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "device_days_commands"();
--> statement-breakpoint
-- The days so far.
INSERT INTO device_days (device_id, day, grams_committed)
SELECT device_id, (created_at AT TIME ZONE 'UTC')::date, sum(feed_committed_grams(status, grams, grams_dispensed))::int
  FROM feeds GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO device_days AS d (device_id, day, grams_dispensed)
SELECT device_id, (acked_at AT TIME ZONE 'UTC')::date, sum(command_dispensed_grams(kind, status, grams))::int
  FROM device_commands WHERE acked_at IS NOT NULL GROUP BY 1, 2
ON CONFLICT (device_id, day) DO UPDATE SET grams_dispensed = excluded.grams_dispensed;
