CREATE TABLE "bases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"animal_count" integer DEFAULT 0 NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"outcome" text,
	"grams" integer,
	"acked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"feeder_online" boolean DEFAULT false NOT NULL,
	"camera_online" boolean DEFAULT false NOT NULL,
	"food_stock" integer DEFAULT 0 NOT NULL,
	"portions" jsonb,
	"revenue_share_bp" integer DEFAULT 0 NOT NULL,
	"first_online_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"firmware" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_revenue_share_range" CHECK ("devices"."revenue_share_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "bases" ADD CONSTRAINT "bases_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bases_operator_idx" ON "bases" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","issued_at");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("status") WHERE "device_commands"."status" IN ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "devices_base_idx" ON "devices" USING btree ("base_id");