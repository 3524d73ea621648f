DROP INDEX `logs_room_idx`;--> statement-breakpoint
CREATE INDEX `logs_room_type_idx` ON `logs` (`room_id`,`type`,`created_at`);--> statement-breakpoint
DROP INDEX `memories_room_idx`;--> statement-breakpoint
CREATE INDEX `memories_room_type_idx` ON `memories` (`room_id`,`type`,`created_at`);