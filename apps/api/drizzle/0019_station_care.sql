CREATE TABLE "device_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_refills" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"grams" integer NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"command_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "issued_by" integer;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "config_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "config_running" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "hopper_capacity" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "camera_fps" double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "camera_kbps" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "clock_skew_ms" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "hopper_alert_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_alerts" ADD CONSTRAINT "device_alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_refills" ADD CONSTRAINT "device_refills_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_refills" ADD CONSTRAINT "device_refills_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_alerts_open_uq" ON "device_alerts" USING btree ("device_id","kind") WHERE "device_alerts"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "device_alerts_device_idx" ON "device_alerts" USING btree ("device_id","opened_at");--> statement-breakpoint
CREATE INDEX "device_refills_device_idx" ON "device_refills" USING btree ("device_id","created_at");