import type { UUID, World } from '@kith/core';
import { eq, sql } from 'drizzle-orm';
import { toWorld } from '../../shared/rows/row-mappers';
import { rooms, worlds } from '../schema';
import { deleteRoom } from './room-store';
import { preparedQuery } from './prepared-query';
import type { StoreContext } from './store-context';

/** Inserts the world (an existing id is kept as is) and returns its id. */
export function createWorld(ctx: StoreContext, world: World): UUID {
  ctx.conn.db
    .insert(worlds)
    .values({
      id: world.id,
      agentId: world.agentId ?? ctx.agentId,
      name: world.name ?? null,
      serverId: world.serverId ?? null,
      messageServerId: world.messageServerId ?? null,
      metadata: world.metadata ?? {},
      createdAt: Date.now(),
    })
    .onConflictDoNothing()
    .run();
  return world.id;
}

export function getWorld(ctx: StoreContext, id: UUID): World | null {
  const query = preparedQuery(ctx, 'worldById', (db) =>
    db
      .select()
      .from(worlds)
      .where(eq(worlds.id, sql.placeholder('id')))
      .prepare(),
  );
  return ctx.conn.graph.read(`world:${id}`, () => {
    const row = query.get({ id });
    return row ? toWorld(row) : null;
  });
}

/** This agent's worlds. */
export function getAllWorlds(ctx: StoreContext): World[] {
  const query = preparedQuery(ctx, 'worldsOfAgent', (db) =>
    db
      .select()
      .from(worlds)
      .where(eq(worlds.agentId, sql.placeholder('agentId')))
      .orderBy(worlds.createdAt)
      .prepare(),
  );
  return ctx.conn.graph.read(`worlds:${ctx.agentId}`, () => query.all({ agentId: ctx.agentId }).map(toWorld));
}

export function updateWorld(ctx: StoreContext, world: World): void {
  ctx.conn.db
    .update(worlds)
    .set({
      name: world.name ?? null,
      serverId: world.serverId ?? null,
      messageServerId: world.messageServerId ?? null,
      metadata: world.metadata ?? {},
    })
    .where(eq(worlds.id, world.id))
    .run();
}

/** Deletes the rooms of a world, with their memories and participants. */
export function deleteRoomsByWorldId(ctx: StoreContext, worldId: UUID): void {
  ctx.conn.write(() => {
    const ids = ctx.conn.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.worldId, worldId)).all();
    for (const { id } of ids) deleteRoom(ctx, id as UUID);
  });
}

/** Deletes a world and everything in its rooms. */
export function removeWorld(ctx: StoreContext, id: UUID): void {
  ctx.conn.write(() => {
    deleteRoomsByWorldId(ctx, id);
    ctx.conn.db.delete(worlds).where(eq(worlds.id, id)).run();
  });
}
