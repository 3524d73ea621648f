/**
 * The fleet's SQL. Liveness is the database's clock: a server is alive
 * while its kith_fleet_servers.expires_at is in the future; a room's lease
 * is good while its owner is alive, so one heartbeat statement renews every
 * room a server holds.
 */

const ALIVE = (owner: string) =>
  `EXISTS (SELECT 1 FROM kith_fleet_servers s WHERE s.server_id = ${owner} AND s.expires_at > now())`;

/**
 * Renews this server's row (creating it), forgets servers dead for an hour,
 * and reads the live ones, the database clock and how many rooms this server
 * holds. $1 server id, $2 info, $3 lease ms.
 */
export const HEARTBEAT = `WITH me AS (
    INSERT INTO kith_fleet_servers (server_id, info, heartbeat_at, expires_at)
    VALUES ($1, $2::jsonb, now(), now() + make_interval(secs => $3::float8 / 1000))
    ON CONFLICT (server_id) DO UPDATE SET heartbeat_at = now(), expires_at = EXCLUDED.expires_at
    RETURNING server_id),
  gone AS (DELETE FROM kith_fleet_servers WHERE expires_at < now() - interval '1 hour' AND server_id <> $1)
  SELECT s.server_id, s.info, (extract(epoch FROM s.expires_at) * 1000)::float8,
    (extract(epoch FROM now()) * 1000)::float8, (SELECT count(*)::int FROM kith_fleet_rooms WHERE owner = $1)
  FROM kith_fleet_servers s WHERE s.expires_at > now() AND s.server_id <> $1`;

/** The rooms this server holds: $1 server id. */
export const MY_ROOMS = 'SELECT agent_id, room_id, epoch FROM kith_fleet_rooms WHERE owner = $1';

/**
 * The scan every heartbeat (and at once when a server goes): takes the rooms
 * with pending entries whose owner is dead or gone (new rows, or a newer
 * epoch; rows another server is taking are skipped), and lists the pending
 * entries of the rooms this server holds (one it was not told of is read).
 * Rows: kind ('t' taken, 'p' pending), agent, room, epoch, seq.
 * $1 server id, $2 agent ids.
 */
export const SCAN = `WITH orphan AS (
    SELECT DISTINCT i.agent_id, i.room_id FROM inbox i
    LEFT JOIN kith_fleet_rooms r ON r.agent_id = i.agent_id AND r.room_id = i.room_id
    WHERE i.state = 'accepted' AND i.agent_id = ANY($2::text[]) AND (r.owner IS NULL OR NOT ${ALIVE('r.owner')})),
  fresh AS (
    INSERT INTO kith_fleet_rooms (agent_id, room_id, owner, epoch, claimed_at)
    SELECT agent_id, room_id, $1, 1, now() FROM orphan ORDER BY 1, 2
    ON CONFLICT (agent_id, room_id) DO NOTHING RETURNING agent_id, room_id, epoch),
  taken AS (
    UPDATE kith_fleet_rooms k SET owner = $1, epoch = k.epoch + 1, claimed_at = now()
    FROM (SELECT r.agent_id, r.room_id FROM kith_fleet_rooms r JOIN orphan o ON o.agent_id = r.agent_id AND o.room_id = r.room_id
          WHERE r.owner IS NULL OR NOT ${ALIVE('r.owner')}
          ORDER BY r.agent_id, r.room_id FOR UPDATE OF r SKIP LOCKED) c
    WHERE k.agent_id = c.agent_id AND k.room_id = c.room_id
    RETURNING k.agent_id, k.room_id, k.epoch)
  SELECT 't', agent_id, room_id, epoch, NULL::bigint FROM fresh
  UNION ALL SELECT 't', agent_id, room_id, epoch, NULL::bigint FROM taken
  UNION ALL SELECT 'p', i.agent_id, i.room_id, r.epoch, i.seq FROM inbox i
    JOIN kith_fleet_rooms r ON r.agent_id = i.agent_id AND r.room_id = i.room_id
    WHERE i.state = 'accepted' AND i.agent_id = ANY($2::text[]) AND r.owner = $1`;

/** A room's pending entries, oldest first: $1 agent, $2 room. Rows: seq, message id, body. */
export const ROOM_PENDING = `SELECT seq, message_id, body::text FROM inbox
  WHERE room_id = $2 AND state = 'accepted' AND agent_id = $1 ORDER BY seq LIMIT 500`;

/** Which of these messages are answered: $1 agent, $2 message ids. */
export const ANSWERED = `SELECT message_id, room_id FROM inbox WHERE agent_id = $1 AND message_id = ANY($2::text[]) AND state = 'answered'`;

/** Who holds a room now (a fresh read, when the acceptance's snapshot could not tell): $1 agent, $2 room. */
export const ROOM_OWNER = `SELECT r.owner, r.epoch, ${ALIVE('r.owner')} FROM kith_fleet_rooms r WHERE r.agent_id = $1 AND r.room_id = $2`;

/** Hands one agent's rooms over and tells the fleet (at commit): $1 server id, $2 agent, $3 the notice. */
export const RELEASE = `WITH rel AS (UPDATE kith_fleet_rooms SET owner = NULL WHERE owner = $1 AND agent_id = $2 RETURNING 1)
  SELECT (SELECT count(*)::int FROM rel), pg_notify('kith_fleet', $3)`;

/** The server leaves the fleet: its row goes, any room it still holds is released, the fleet is told. $1 server id, $2 notice. */
export const LEAVE = `WITH rel AS (UPDATE kith_fleet_rooms SET owner = NULL WHERE owner = $1 RETURNING 1),
  del AS (DELETE FROM kith_fleet_servers WHERE server_id = $1 RETURNING 1)
  SELECT (SELECT count(*)::int FROM rel), (SELECT count(*)::int FROM del), pg_notify('kith_fleet', $2)`;

/** Several notices in one round trip: $1 payloads. */
export const NOTIFY_MANY = "SELECT count(pg_notify('kith_fleet', p)) FROM unnest($1::text[]) AS p";
