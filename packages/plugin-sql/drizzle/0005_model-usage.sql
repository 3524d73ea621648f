CREATE TABLE `model_usage` (
	`agent_id` text NOT NULL,
	`day` integer NOT NULL,
	`room_id` text NOT NULL,
	`model_type` text NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`calls` integer NOT NULL,
	`failed_calls` integer NOT NULL,
	`input_tokens` integer NOT NULL,
	`cached_input_tokens` integer NOT NULL,
	`output_tokens` integer NOT NULL,
	`duration_ms` real NOT NULL,
	`cost_usd` real NOT NULL,
	`unpriced_calls` integer NOT NULL,
	PRIMARY KEY(`agent_id`, `day`, `room_id`, `model_type`, `provider`, `model`)
);
