-- Change notifications: every statement that changes a table an adapter caches reads of sends one
-- NOTIFY on channel kith_changes (delivered at commit), so other processes on the database (a fleet
-- of servers, plugin SQL through another pool) drop what they hold. The payload is JSON:
--   {"w": writer, "t": table, "r": [rooms touched], "s": [seqs whose stored vector may have changed]}
-- w: the kith.writer setting of the transaction (an adapter marks its own batched writes, which it
-- applies to its caches itself); r and s only for memories, null when they would not fit in a
-- notification (8000 bytes): then everything counts as changed.
CREATE OR REPLACE FUNCTION kith_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer text := coalesce(current_setting('kith.writer', true), '');
  rooms text[];
  seqs bigint[];
  payload text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'memories' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(DISTINCT r.room_id), coalesce(array_agg(r.seq) FILTER (WHERE r.dimension IS NOT NULL), '{}')
        INTO rooms, seqs FROM new_rows r;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(DISTINCT r.room_id), coalesce(array_agg(r.seq) FILTER (WHERE r.dimension IS NOT NULL), '{}')
        INTO rooms, seqs FROM old_rows r;
    ELSE
      SELECT array_agg(DISTINCT r.room_id), coalesce(array_agg(DISTINCT r.seq) FILTER (WHERE r.dimension IS NOT NULL), '{}')
        INTO rooms, seqs FROM (SELECT room_id, seq, dimension FROM new_rows UNION ALL SELECT room_id, seq, dimension FROM old_rows) r;
    END IF;
  END IF;
  payload := json_build_object('w', writer, 't', TG_TABLE_NAME, 'r', rooms, 's', seqs)::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('w', writer, 't', TG_TABLE_NAME, 'r', NULL, 's', NULL)::text;
  END IF;
  PERFORM pg_notify('kith_changes', payload);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kith_memories_insert AFTER INSERT ON memories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_memories_update AFTER UPDATE ON memories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_memories_delete AFTER DELETE ON memories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_agents_insert AFTER INSERT ON agents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_agents_update AFTER UPDATE ON agents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_agents_delete AFTER DELETE ON agents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_rooms_insert AFTER INSERT ON rooms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_rooms_update AFTER UPDATE ON rooms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_rooms_delete AFTER DELETE ON rooms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_worlds_insert AFTER INSERT ON worlds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_worlds_update AFTER UPDATE ON worlds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_worlds_delete AFTER DELETE ON worlds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_entities_insert AFTER INSERT ON entities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_entities_update AFTER UPDATE ON entities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_entities_delete AFTER DELETE ON entities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_components_insert AFTER INSERT ON components REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_components_update AFTER UPDATE ON components REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_components_delete AFTER DELETE ON components REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_participants_insert AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_participants_update AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
--> statement-breakpoint
CREATE TRIGGER kith_participants_delete AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_notify_change();
