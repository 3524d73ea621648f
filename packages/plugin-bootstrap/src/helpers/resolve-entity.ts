import { validateUuid, type Entity, type IAgentRuntime, type Memory, type UUID } from '@kith/core';
import { roomOf } from './turn-lookups';

const SELF_REFERENCES = new Set(['me', 'myself', 'i']);

function normalise(name: string): string {
  return name.trim().replace(/^@/, '').toLowerCase();
}

/** Every name an entity goes by: its names and the name fields platforms keep in metadata. */
export function entityNames(entity: Entity): string[] {
  const names = [...(entity.names ?? [])];
  const metadata = entity.metadata ?? {};
  for (const record of [metadata, ...Object.values(metadata)]) {
    if (!record || typeof record !== 'object' || Array.isArray(record)) continue;
    for (const field of ['name', 'username', 'userName']) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) names.push(value);
    }
  }
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}

/** The entity of `entities` whose id or one of whose names is `reference` (case-insensitive, '@' optional). */
export function findEntityIn(entities: readonly Entity[], reference: string): Entity | null {
  const wanted = normalise(reference);
  if (!wanted) return null;
  return (
    entities.find((e) => e.id?.toLowerCase() === wanted) ??
    entities.find((e) => entityNames(e).some((name) => normalise(name) === wanted)) ??
    null
  );
}

/**
 * The entity a user or the model refers to: an id, "me", or a name of
 * someone in the room, then anywhere in the room's world. No model call.
 */
export async function resolveEntity(
  runtime: IAgentRuntime,
  message: Memory,
  reference: string | undefined,
): Promise<Entity | null> {
  const ref = (reference ?? '').trim();
  if (!ref || SELF_REFERENCES.has(ref.toLowerCase())) return runtime.getEntityById(message.entityId);
  const id = validateUuid(ref);
  if (id) return runtime.getEntityById(id);
  const inRoom = findEntityIn(await runtime.getEntitiesForRoom(message.roomId), ref);
  if (inRoom) return inRoom;
  const worldId = (await roomOf(runtime, message))?.worldId;
  if (!worldId) return null;
  const seen = new Set<UUID>([message.roomId]);
  for (const room of await runtime.getRoomsByWorld(worldId)) {
    if (seen.has(room.id)) continue;
    seen.add(room.id);
    const found = findEntityIn(await runtime.getEntitiesForRoom(room.id), ref);
    if (found) return found;
  }
  return null;
}
