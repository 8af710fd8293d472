CREATE TABLE "base_food_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"recorded_by" integer,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"grams" integer NOT NULL,
	"receipt_photo" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"month" text NOT NULL,
	"json" text NOT NULL,
	"csv" text NOT NULL,
	"lines" integer NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_clips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bases" ADD COLUMN "location_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "proof_clip_id" uuid;--> statement-breakpoint
ALTER TABLE "base_food_purchases" ADD CONSTRAINT "base_food_purchases_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_food_purchases" ADD CONSTRAINT "base_food_purchases_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_food_purchases" ADD CONSTRAINT "base_food_purchases_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "base_statements" ADD CONSTRAINT "base_statements_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_clips" ADD CONSTRAINT "proof_clips_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "base_food_purchases_base_idx" ON "base_food_purchases" USING btree ("base_id","purchased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "base_statements_month_key" ON "base_statements" USING btree ("base_id","month");--> statement-breakpoint
CREATE INDEX "proof_clips_device_idx" ON "proof_clips" USING btree ("device_id","starts_at");--> statement-breakpoint
CREATE INDEX "proof_clips_state_idx" ON "proof_clips" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_proof_clip_id_proof_clips_id_fk" FOREIGN KEY ("proof_clip_id") REFERENCES "public"."proof_clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feeds_proof_clip_idx" ON "feeds" USING btree ("proof_clip_id");