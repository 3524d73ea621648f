CREATE TABLE `inbox` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`agent_id` text NOT NULL,
	`message_id` text NOT NULL,
	`room_id` text NOT NULL,
	`body` text,
	`state` text NOT NULL,
	`accepted_at` integer NOT NULL,
	`answered_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_agent_message_unique` ON `inbox` (`agent_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `inbox_pending_agent_idx` ON `inbox` (`agent_id`,`seq`) WHERE state = 'accepted';--> statement-breakpoint
CREATE INDEX `inbox_pending_room_idx` ON `inbox` (`room_id`,`seq`) WHERE state = 'accepted';--> statement-breakpoint
CREATE INDEX `memories_in_reply_to_idx` ON `memories` (content ->> '$.inReplyTo') WHERE content ->> '$.inReplyTo' IS NOT NULL;