import type { Entity, EntityDetails, Metadata, Provider, Room } from '@kith/core';
import { roomEntitiesOf, roomOf } from '../helpers/turn-lookups';

const MAX_DATA_CHARS = 160;
/** Name fields are already on the line as the name and aliases. */
const NAME_FIELDS = new Set(['name', 'username', 'userName']);

function shown([key, value]: [string, unknown]): boolean {
  return !NAME_FIELDS.has(key) && value !== null && value !== undefined && value !== '';
}

/** Scalar facts from an entity's metadata and components, shortened: prompt space is shared. */
function summarise(metadata: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(metadata).filter(shown)) {
    if (typeof value === 'object') {
      const nested = Object.entries(value as Record<string, unknown>)
        .filter((entry) => shown(entry) && ['string', 'number', 'boolean'].includes(typeof entry[1]))
        .map(([k, v]) => `${k}=${String(v)}`);
      if (nested.length > 0) parts.push(`${key}: ${nested.join(', ')}`);
    } else {
      parts.push(`${key}=${String(value)}`);
    }
  }
  const text = parts.join('; ');
  return text.length > MAX_DATA_CHARS ? `${text.slice(0, MAX_DATA_CHARS - 1)}…` : text;
}

export function formatEntityLine(entity: EntityDetails, agentId: string): string {
  const aliases = entity.names.filter((n) => n !== entity.name);
  const data = summarise(entity.metadata);
  const you = entity.id === agentId ? ' (you)' : '';
  return `- ${entity.name}${you}${aliases.length ? ` aka ${aliases.join(', ')}` : ''} [${entity.id}]${data ? `: ${data}` : ''}`;
}

/** The name on the room's platform, else the first name. */
function platformName(entity: Entity, room: Room | null): string {
  const meta = room ? entity.metadata?.[room.source] : undefined;
  const name = meta && typeof meta === 'object' ? (meta as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name ? name : (entity.names[0] ?? 'Unknown User');
}

/** Entity metadata with its components' data folded in (later components win, as in getEntityDetails). */
function details(entity: Entity, room: Room | null): EntityDetails {
  const merged: Metadata = {};
  for (const component of entity.components ?? []) Object.assign(merged, component.data ?? {});
  return {
    id: entity.id,
    agentId: entity.agentId,
    name: platformName(entity, room),
    names: entity.names ?? [],
    metadata: { ...merged, ...(entity.metadata ?? {}) },
  };
}

/** Who is in the room, one line each with what is known about them. */
export const entitiesProvider: Provider = {
  name: 'ENTITIES',
  description: 'People in the room and what is known about them',
  dynamic: true,
  position: -40,
  get: async (runtime, message) => {
    const [room, raw] = await Promise.all([roomOf(runtime, message), roomEntitiesOf(runtime, message)]);
    const entities = raw.map((entity) => details(entity, room));
    if (entities.length === 0) return {};
    const lines = entities.map((e) => formatEntityLine(e, runtime.agentId));
    const text = `# People in the Room\n${lines.join('\n')}`;
    return { text, values: { entities: text }, data: { entitiesData: entities } };
  },
};
