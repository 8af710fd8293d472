CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"page_kind" text,
	"title" jsonb NOT NULL,
	"summary" jsonb DEFAULT '{"en":"","ja":"","zh-CN":"","zh-TW":""}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{"en":"","ja":"","zh-CN":"","zh-TW":""}'::jsonb NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"highlight" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_page_fields" CHECK (("content_items"."kind" = 'page') = ("content_items"."key" IS NOT NULL AND "content_items"."page_kind" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"species" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"story" jsonb DEFAULT '{"en":"","ja":"","zh-CN":"","zh-TW":""}'::jsonb NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_page_key" ON "content_items" USING btree ("key") WHERE "content_items"."kind" = 'page';--> statement-breakpoint
CREATE INDEX "content_items_list_idx" ON "content_items" USING btree ("kind","published","sort_order","created_at");--> statement-breakpoint
CREATE INDEX "pets_base_idx" ON "pets" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "pets_list_idx" ON "pets" USING btree ("published","sort_order","id");