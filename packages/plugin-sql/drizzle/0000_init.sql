CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`username` text,
	`enabled` integer DEFAULT true NOT NULL,
	`status` text,
	`embedding_dimension` integer,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agents_name_idx` ON `agents` (`name`);--> statement-breakpoint
CREATE TABLE `cache` (
	`key` text NOT NULL,
	`agent_id` text NOT NULL,
	`value` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	PRIMARY KEY(`key`, `agent_id`)
);
--> statement-breakpoint
CREATE TABLE `components` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`room_id` text,
	`world_id` text,
	`source_entity_id` text,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `components_entity_type_idx` ON `components` (`entity_id`,`type`);--> statement-breakpoint
CREATE TABLE `embeddings` (
	`memory_seq` integer PRIMARY KEY NOT NULL,
	`dimension` integer NOT NULL,
	`vector` blob NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `entities` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`names` text NOT NULL,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `entities_agent_idx` ON `entities` (`agent_id`);--> statement-breakpoint
CREATE TABLE `kith_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `logs` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`entity_id` text NOT NULL,
	`room_id` text,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `logs_agent_type_idx` ON `logs` (`agent_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `logs_room_idx` ON `logs` (`room_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `memories` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`agent_id` text NOT NULL,
	`type` text NOT NULL,
	`entity_id` text NOT NULL,
	`room_id` text NOT NULL,
	`world_id` text,
	`content` text NOT NULL,
	`metadata` text NOT NULL,
	`is_unique` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memories_id_unique` ON `memories` (`id`);--> statement-breakpoint
CREATE INDEX `memories_room_idx` ON `memories` (`room_id`,`agent_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `memories_agent_type_idx` ON `memories` (`agent_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `memories_world_idx` ON `memories` (`world_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`entity_id` text NOT NULL,
	`room_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`room_state` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_entity_room_unique` ON `participants` (`entity_id`,`room_id`);--> statement-breakpoint
CREATE INDEX `participants_room_idx` ON `participants` (`room_id`);--> statement-breakpoint
CREATE TABLE `relationships` (
	`id` text PRIMARY KEY NOT NULL,
	`source_entity_id` text NOT NULL,
	`target_entity_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`tags` text NOT NULL,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `relationships_pair_unique` ON `relationships` (`source_entity_id`,`target_entity_id`,`agent_id`);--> statement-breakpoint
CREATE INDEX `relationships_target_idx` ON `relationships` (`target_entity_id`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text,
	`name` text,
	`source` text NOT NULL,
	`type` text NOT NULL,
	`channel_id` text,
	`server_id` text,
	`message_server_id` text,
	`world_id` text,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rooms_world_idx` ON `rooms` (`world_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`room_id` text,
	`world_id` text,
	`entity_id` text,
	`tags` text NOT NULL,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tasks_agent_name_idx` ON `tasks` (`agent_id`,`name`);--> statement-breakpoint
CREATE INDEX `tasks_room_idx` ON `tasks` (`room_id`);--> statement-breakpoint
CREATE TABLE `worlds` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`name` text,
	`server_id` text,
	`message_server_id` text,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `worlds_agent_idx` ON `worlds` (`agent_id`);