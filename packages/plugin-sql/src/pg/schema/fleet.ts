import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** What a fleet server says of itself in its heartbeat row. */
export interface FleetServerInfo {
  host: string;
  pid: number;
  startedAt: number;
}

/**
 * The servers of a fleet (several kith processes on one database): each
 * renews its row every quarter lease; one whose `expires_at` (database
 * clock) has passed is dead, and its rooms go to the others.
 */
export const fleetServers = pgTable('kith_fleet_servers', {
  serverId: text('server_id').primaryKey(),
  info: jsonb('info').$type<FleetServerInfo>().notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Which server answers each agent's room: the lease is good while the
 * owner's server row is alive (renewed for all its rooms in one statement);
 * `epoch` grows with every change of hands and fences the decisions of a
 * turn started under an older one (kith_fleet_fence).
 */
export const fleetRooms = pgTable(
  'kith_fleet_rooms',
  {
    agentId: text('agent_id').notNull(),
    roomId: text('room_id').notNull(),
    /** null once released (a graceful stop). */
    owner: text('owner'),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.roomId] }), index('kith_fleet_rooms_owner_idx').on(t.owner)],
);
