CREATE TABLE `channel_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`channel_id` text NOT NULL,
	`seq` integer NOT NULL,
	`author_id` text NOT NULL,
	`author_name` text NOT NULL,
	`author_kind` text NOT NULL,
	`text` text NOT NULL,
	`in_reply_to` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_messages_channel_seq_unique` ON `channel_messages` (`channel_id`,`seq`);--> statement-breakpoint
CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`agent_ids` text NOT NULL,
	`max_agent_turns` integer NOT NULL,
	`agent_turns` integer DEFAULT 0 NOT NULL,
	`last_person_at` integer,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
