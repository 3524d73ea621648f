import type { Entity, IAgentRuntime, Memory } from '@kith/core';
import { roomEntitiesOf } from '../helpers/turn-lookups';

/** Display names of the message room's entities, with the agent under its character name. */
export async function speakerNames(runtime: IAgentRuntime, message: Memory): Promise<Map<string, string>> {
  const names = new Map<string, string>([[runtime.agentId, runtime.character.name]]);
  const entities: Entity[] = await roomEntitiesOf(runtime, message);
  for (const entity of entities) {
    if (entity.id && entity.id !== runtime.agentId) names.set(entity.id, displayName(entity));
  }
  return names;
}

export function displayName(entity: Entity): string {
  const name = entity.names.find((n) => n.trim());
  if (name) return name;
  for (const value of Object.values(entity.metadata ?? {})) {
    const candidate = (value as { name?: unknown; userName?: unknown; username?: unknown } | null) ?? {};
    for (const key of ['name', 'userName', 'username'] as const) {
      if (typeof candidate[key] === 'string' && candidate[key]) return candidate[key] as string;
    }
  }
  return 'Unknown User';
}

export function nameOf(names: Map<string, string>, memory: Memory): string {
  return names.get(memory.entityId) ?? (typeof memory.content.name === 'string' ? memory.content.name : 'Unknown User');
}
