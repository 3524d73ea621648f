import type { WorldPayload } from '@kith/core';

/**
 * WORLD_JOINED / WORLD_CONNECTED: makes sure the world, its rooms and its
 * members exist, with the agent and the members as participants of every
 * room, so the first message from any of them needs no setup.
 */
export async function handleWorldSync({ runtime, world, rooms, entities, source }: WorldPayload): Promise<void> {
  try {
    await runtime.ensureConnections(entities ?? [], rooms ?? [], source ?? 'unknown', {
      ...world,
      agentId: runtime.agentId,
    });
    runtime.logger.info(
      { worldId: world.id, rooms: rooms?.length ?? 0, entities: entities?.length ?? 0, source },
      `Synced world ${world.name ?? world.id}: ${rooms?.length ?? 0} rooms, ${entities?.length ?? 0} entities`,
    );
  } catch (error) {
    runtime.logger.error({ err: error, worldId: world?.id }, 'Syncing a world failed');
  }
}
