import type { Entity } from '../types/environment';
import type { Memory } from '../types/memory';
import type { IAgentRuntime } from '../types/runtime';
import type { State } from '../types/state';

interface Match {
  entity: Entity;
  /** 0: someone else, 1: the sender, 2: the agent. */
  tier: number;
  length: number;
  index: number;
}

function namesOf(entity: Entity): string[] {
  const names = [...(entity.names ?? [])];
  const metadata = entity.metadata ?? {};
  for (const meta of [metadata, ...Object.values(metadata)]) {
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) continue;
    const record = meta as Record<string, unknown>;
    for (const field of ['name', 'username', 'userName']) {
      if (typeof record[field] === 'string') names.push(record[field]);
    }
  }
  // One-letter names would match almost any message.
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `name` occurs in `text` as a whole word (optionally @-prefixed), or -1. */
function findWord(text: string, name: string): number {
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_])@?${escapeRegExp(name)}(?=$|[^\\p{L}\\p{N}_])`, 'iu');
  const match = pattern.exec(text);
  return match ? match.index + match[1].length : -1;
}

/**
 * The room entity the message talks about, by a whole-word, case-insensitive
 * match of its names (or its id) in the message text. No model call. Other
 * people beat the sender, who beats the agent ("Eliza, who is Bob?" is about
 * Bob); then the longest name, then the earliest mention. Null when no one is
 * named. `state` is accepted for elizaOS compatibility and not needed.
 */
export async function findEntityByName(
  runtime: Pick<IAgentRuntime, 'agentId' | 'getEntitiesForRoom'>,
  message: Memory,
  _state?: State,
): Promise<Entity | null> {
  const text = message.content?.text ?? '';
  if (!text.trim()) return null;
  const entities = await runtime.getEntitiesForRoom(message.roomId, true);
  const matches: Match[] = [];
  for (const entity of entities) {
    const tier = entity.id === runtime.agentId ? 2 : entity.id === message.entityId ? 1 : 0;
    if (entity.id && text.includes(entity.id)) {
      matches.push({ entity, tier, length: entity.id.length, index: text.indexOf(entity.id) });
      continue;
    }
    for (const name of namesOf(entity)) {
      const index = findWord(text, name);
      if (index !== -1) matches.push({ entity, tier, length: name.length, index });
    }
  }
  matches.sort((a, b) => a.tier - b.tier || b.length - a.length || a.index - b.index);
  return matches[0]?.entity ?? null;
}
