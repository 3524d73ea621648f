CREATE TABLE "model_usage" (
	"agent_id" text NOT NULL,
	"day" integer NOT NULL,
	"room_id" text NOT NULL,
	"model_type" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"calls" bigint NOT NULL,
	"failed_calls" bigint NOT NULL,
	"input_tokens" bigint NOT NULL,
	"cached_input_tokens" bigint NOT NULL,
	"output_tokens" bigint NOT NULL,
	"duration_ms" double precision NOT NULL,
	"cost_usd" double precision NOT NULL,
	"unpriced_calls" bigint NOT NULL,
	CONSTRAINT "model_usage_agent_id_day_room_id_model_type_provider_model_pk" PRIMARY KEY("agent_id","day","room_id","model_type","provider","model")
);
