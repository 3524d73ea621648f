import type { UUID, World } from '@kith/core';
import { toWorld, type WorldRecord } from '../../shared/rows/row-mappers';
import { forgetDeleted } from './memory-writes';
import { deleteRoomRows } from './room-store';
import { selectAs } from './select-as';
import type { PgStoreContext } from './store-context';

const WORLD_COLUMNS = 'id, agent_id, name, server_id, message_server_id, metadata';
const WORLD_SELECT = selectAs(WORLD_COLUMNS);

/** Inserts the world (an existing id is kept as is) and returns its id. */
export async function createWorld(ctx: PgStoreContext, world: World): Promise<UUID> {
  await ctx.conn.driver.query({
    text: `INSERT INTO worlds (${WORLD_COLUMNS}, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
    values: [
      world.id,
      world.agentId ?? ctx.agentId,
      world.name ?? null,
      world.serverId ?? null,
      world.messageServerId ?? null,
      JSON.stringify(world.metadata ?? {}),
      Date.now(),
    ],
  });
  ctx.conn.graph.clear();
  return world.id;
}

export function getWorld(ctx: PgStoreContext, id: UUID): Promise<World | null> {
  return ctx.conn.graph.read(`world:${id}`, async () => {
    const { rows } = await ctx.conn.driver.query<WorldRecord>({
      text: `SELECT ${WORLD_SELECT} FROM worlds WHERE id = $1`,
      values: [id],
      name: 'kith_world_by_id',
    });
    return rows[0] ? toWorld(rows[0]) : null;
  });
}

/** This agent's worlds. */
export function getAllWorlds(ctx: PgStoreContext): Promise<World[]> {
  return ctx.conn.graph.read(`worlds:${ctx.agentId}`, async () => {
    const { rows } = await ctx.conn.driver.query<WorldRecord>({
      text: `SELECT ${WORLD_SELECT} FROM worlds WHERE agent_id = $1 ORDER BY created_at, id`,
      values: [ctx.agentId],
      name: 'kith_worlds_of_agent',
    });
    return rows.map(toWorld);
  });
}

export async function updateWorld(ctx: PgStoreContext, world: World): Promise<void> {
  await ctx.conn.driver.query({
    text: 'UPDATE worlds SET name = $2, server_id = $3, message_server_id = $4, metadata = $5 WHERE id = $1',
    values: [
      world.id,
      world.name ?? null,
      world.serverId ?? null,
      world.messageServerId ?? null,
      JSON.stringify(world.metadata ?? {}),
    ],
  });
  ctx.conn.graph.clear();
}

async function deleteWorldRooms(ctx: PgStoreContext, worldId: UUID, andWorld: boolean): Promise<void> {
  await ctx.conn.writes.settled();
  const deleted = await ctx.conn.driver.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>({
      text: 'SELECT id FROM rooms WHERE world_id = $1',
      values: [worldId],
    });
    const gone =
      rows.length > 0
        ? await deleteRoomRows(
            tx,
            rows.map((row) => row.id),
          )
        : [];
    if (andWorld) await tx.query({ text: 'DELETE FROM worlds WHERE id = $1', values: [worldId] });
    return gone;
  });
  ctx.conn.graph.clear();
  forgetDeleted(ctx, deleted);
}

/** Deletes the rooms of a world, with their memories and participants. */
export function deleteRoomsByWorldId(ctx: PgStoreContext, worldId: UUID): Promise<void> {
  return deleteWorldRooms(ctx, worldId, false);
}

/** Deletes a world and everything in its rooms. */
export function removeWorld(ctx: PgStoreContext, id: UUID): Promise<void> {
  return deleteWorldRooms(ctx, id, true);
}
