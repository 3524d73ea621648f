CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"username" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text,
	"embedding_dimension" integer,
	"details" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cache" (
	"key" text NOT NULL,
	"agent_id" text NOT NULL,
	"value" jsonb,
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	CONSTRAINT "cache_key_agent_id_pk" PRIMARY KEY("key","agent_id")
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"room_id" text,
	"world_id" text,
	"source_entity_id" text,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"names" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"agent_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"room_id" text,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "logs_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "memories" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memories_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"agent_id" text NOT NULL,
	"type" text NOT NULL,
	"entity_id" text NOT NULL,
	"room_id" text NOT NULL,
	"world_id" text,
	"content" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"is_unique" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"dimension" integer,
	"embedding" "bytea",
	"fts" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce(content->>'text', ''))) STORED,
	CONSTRAINT "memories_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_id" text NOT NULL,
	"room_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"room_state" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" text PRIMARY KEY NOT NULL,
	"source_entity_id" text NOT NULL,
	"target_entity_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"tags" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text,
	"name" text,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"channel_id" text,
	"server_id" text,
	"message_server_id" text,
	"world_id" text,
	"metadata" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"room_id" text,
	"world_id" text,
	"entity_id" text,
	"tags" jsonb NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worlds" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"name" text,
	"server_id" text,
	"message_server_id" text,
	"metadata" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agents_name_idx" ON "agents" USING btree ("name");--> statement-breakpoint
CREATE INDEX "components_entity_type_idx" ON "components" USING btree ("entity_id","type");--> statement-breakpoint
CREATE INDEX "entities_agent_idx" ON "entities" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "logs_agent_type_idx" ON "logs" USING btree ("agent_id","type","created_at");--> statement-breakpoint
CREATE INDEX "logs_room_type_idx" ON "logs" USING btree ("room_id","type","created_at");--> statement-breakpoint
CREATE INDEX "memories_room_type_idx" ON "memories" USING btree ("room_id","type","created_at");--> statement-breakpoint
CREATE INDEX "memories_agent_type_idx" ON "memories" USING btree ("agent_id","type","created_at");--> statement-breakpoint
CREATE INDEX "memories_world_idx" ON "memories" USING btree ("world_id","created_at");--> statement-breakpoint
CREATE INDEX "memories_fts_idx" ON "memories" USING gin ("fts");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_entity_room_unique" ON "participants" USING btree ("entity_id","room_id");--> statement-breakpoint
CREATE INDEX "participants_room_idx" ON "participants" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "relationships_pair_unique" ON "relationships" USING btree ("source_entity_id","target_entity_id","agent_id");--> statement-breakpoint
CREATE INDEX "relationships_target_idx" ON "relationships" USING btree ("target_entity_id");--> statement-breakpoint
CREATE INDEX "rooms_world_idx" ON "rooms" USING btree ("world_id");--> statement-breakpoint
CREATE INDEX "tasks_agent_name_idx" ON "tasks" USING btree ("agent_id","name");--> statement-breakpoint
CREATE INDEX "tasks_room_idx" ON "tasks" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "worlds_agent_idx" ON "worlds" USING btree ("agent_id");