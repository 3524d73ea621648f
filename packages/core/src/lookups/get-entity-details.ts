import type { Entity } from '../types/environment';
import type { Metadata, UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';

/** An entity of a room with its components' data folded into metadata. */
export interface EntityDetails {
  id?: UUID;
  agentId: UUID;
  /** The name on the room's platform when known, else the first name. */
  name: string;
  names: string[];
  metadata: Metadata;
  /** elizaOS types these records loosely (any); plugins read fields a platform may add. */
  [key: string]: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Arrays are unioned and objects shallow-merged, so one component cannot wipe another's list. */
function mergeComponentData(target: Metadata, data: Metadata): void {
  for (const [key, value] of Object.entries(data)) {
    const current = target[key];
    if (Array.isArray(current) && Array.isArray(value))
      target[key] = [...new Set<unknown>([...(current as unknown[]), ...(value as unknown[])])];
    else if (isPlainObject(current) && isPlainObject(value)) target[key] = { ...current, ...value };
    else target[key] = value;
  }
}

function platformName(entity: Entity, source: string | undefined): string {
  const meta = source ? entity.metadata?.[source] : undefined;
  const name = isPlainObject(meta) ? meta.name : undefined;
  return typeof name === 'string' && name !== '' ? name : (entity.names?.[0] ?? 'Unknown User');
}

/** The distinct entities in a room, for prompts that list who is present. */
export async function getEntityDetails({
  runtime,
  roomId,
}: {
  runtime: Pick<IAgentRuntime, 'getRoom' | 'getEntitiesForRoom'>;
  roomId: UUID;
}): Promise<EntityDetails[]> {
  const [room, entities] = await Promise.all([runtime.getRoom(roomId), runtime.getEntitiesForRoom(roomId, true)]);
  const unique = new Map<string, EntityDetails>();
  for (const entity of entities) {
    const key = entity.id ?? `${entity.names?.join('|')}`;
    if (unique.has(key)) continue;
    const merged: Metadata = {};
    for (const component of entity.components ?? []) mergeComponentData(merged, component.data ?? {});
    unique.set(key, {
      id: entity.id,
      agentId: entity.agentId,
      name: platformName(entity, room?.source),
      names: entity.names ?? [],
      metadata: { ...merged, ...(entity.metadata ?? {}) },
    });
  }
  return [...unique.values()];
}
