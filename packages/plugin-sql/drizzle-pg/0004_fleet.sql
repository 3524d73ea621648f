CREATE TABLE "kith_fleet_rooms" (
	"agent_id" text NOT NULL,
	"room_id" text NOT NULL,
	"owner" text,
	"epoch" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kith_fleet_rooms_agent_id_room_id_pk" PRIMARY KEY("agent_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "kith_fleet_servers" (
	"server_id" text PRIMARY KEY NOT NULL,
	"info" jsonb NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kith_fleet_rooms_owner_idx" ON "kith_fleet_rooms" USING btree ("owner");
--> statement-breakpoint
-- Fences a fleet server's decisions: true when `p_owner` still holds every listed (agent, room) at the
-- listed epoch, and those lease rows stay share-locked until the caller commits (a takeover waits for
-- it); otherwise SQLSTATE KF001 and the whole statement is undone. Rows are locked in key order, as
-- claims take them, so two fences never deadlock.
CREATE OR REPLACE FUNCTION kith_fleet_fence(p_owner text, p_agents text[], p_rooms text[], p_epochs bigint[]) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  held integer;
  lost text;
BEGIN
  SELECT count(*) INTO wanted FROM (SELECT DISTINCT a, r, e FROM unnest(p_agents, p_rooms, p_epochs) AS f(a, r, e)) d;
  SELECT count(*) INTO held FROM (
    SELECT 1 FROM kith_fleet_rooms k
      JOIN (SELECT DISTINCT a, r, e FROM unnest(p_agents, p_rooms, p_epochs) AS f(a, r, e)) f ON k.agent_id = f.a AND k.room_id = f.r
    WHERE k.owner = p_owner AND k.epoch = f.e
    ORDER BY k.agent_id, k.room_id
    FOR SHARE OF k) x;
  IF held < wanted THEN
    SELECT f.r INTO lost FROM unnest(p_agents, p_rooms, p_epochs) AS f(a, r, e)
      WHERE NOT EXISTS (SELECT 1 FROM kith_fleet_rooms k WHERE k.agent_id = f.a AND k.room_id = f.r AND k.owner = p_owner AND k.epoch = f.e)
      LIMIT 1;
    RAISE EXCEPTION 'kith fleet: server % no longer holds room %', p_owner, lost USING ERRCODE = 'KF001', DETAIL = coalesce(lost, '');
  END IF;
  RETURN true;
END $$;
