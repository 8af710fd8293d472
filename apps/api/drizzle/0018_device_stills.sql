ALTER TABLE "devices" ADD COLUMN "thumbnail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "thumbnail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "camera_offline_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: a camera that was offline before this migration has been offline at least since the device
-- was last seen (the best the rows know); one that never came online stays null.
UPDATE "devices" SET "camera_offline_at" = "last_seen_at" WHERE NOT "camera_online" AND "first_online_at" IS NOT NULL;
