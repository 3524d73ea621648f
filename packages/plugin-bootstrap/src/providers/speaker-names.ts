import type { Entity, IAgentRuntime, Memory } from '@kith/core';
import { roomEntitiesOf } from '../helpers/turn-lookups';

// Per message, as the room's entities are (turn-lookups): RECENT_MESSAGES and RECEIVED_MESSAGE both ask every turn.
const turnNames = new WeakMap<Memory, Promise<Map<string, string>>>();

/** Display names of the message room's entities, with the agent under its character name (read once per turn). */
export function speakerNames(runtime: IAgentRuntime, message: Memory): Promise<Map<string, string>> {
  let names = turnNames.get(message);
  if (!names) {
    names = roomEntitiesOf(runtime, message).then((entities: Entity[]) => {
      const map = new Map<string, string>([[runtime.agentId, runtime.character.name]]);
      for (const entity of entities) {
        if (entity.id && entity.id !== runtime.agentId) map.set(entity.id, displayName(entity));
      }
      return map;
    });
    turnNames.set(message, names);
  }
  return names;
}

export function displayName(entity: Entity): string {
  const name = entity.names.find((n) => n.trim());
  if (name) return name;
  for (const value of Object.values(entity.metadata ?? {})) {
    const candidate = (value as { name?: unknown; userName?: unknown; username?: unknown } | null) ?? {};
    for (const key of ['name', 'userName', 'username'] as const) {
      if (typeof candidate[key] === 'string' && candidate[key]) return candidate[key];
    }
  }
  return 'Unknown User';
}

export function nameOf(names: Map<string, string>, memory: Memory): string {
  return names.get(memory.entityId) ?? (typeof memory.content.name === 'string' ? memory.content.name : 'Unknown User');
}
