CREATE TABLE "inbox" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" text NOT NULL,
	"message_id" text NOT NULL,
	"room_id" text NOT NULL,
	"body" jsonb,
	"state" text NOT NULL,
	"accepted_at" bigint NOT NULL,
	"answered_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_agent_message_unique" ON "inbox" USING btree ("agent_id","message_id");--> statement-breakpoint
CREATE INDEX "inbox_pending_agent_idx" ON "inbox" USING btree ("agent_id","seq") WHERE state = 'accepted';--> statement-breakpoint
CREATE INDEX "inbox_pending_room_idx" ON "inbox" USING btree ("room_id","seq") WHERE state = 'accepted';--> statement-breakpoint
CREATE INDEX "memories_in_reply_to_idx" ON "memories" USING btree ((content ->> 'inReplyTo')) WHERE content ->> 'inReplyTo' IS NOT NULL;