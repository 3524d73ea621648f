import type { Entity } from '../types/environment';

/** The display fields a platform stores in entity.metadata[source] or entity.metadata. */
function nameFrom(meta: unknown): string | undefined {
  if (!meta || typeof meta !== 'object') return undefined;
  const record = meta as Record<string, unknown>;
  for (const field of ['name', 'userName', 'username']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * Who wrote a message, for prompts. Entities from chat platforms often have
 * no `names` but keep the platform's name in metadata[source]; without the
 * fallbacks every such user would be "Unknown User".
 */
export function entityDisplayName(entity: Entity | undefined, source?: string): string {
  const first = entity?.names?.find((name) => typeof name === 'string' && name.trim() !== '');
  if (first) return first;
  const metadata = entity?.metadata;
  const fromSource = source && metadata ? nameFrom(metadata[source]) : undefined;
  return fromSource ?? nameFrom(metadata) ?? 'Unknown User';
}

/** The handle shown after "@" in posts: username first, then the display name. */
export function entityHandle(entity: Entity | undefined, source?: string): string {
  const metadata = entity?.metadata;
  for (const meta of [source && metadata ? metadata[source] : undefined, metadata]) {
    if (meta && typeof meta === 'object') {
      const record = meta as Record<string, unknown>;
      const handle = record.username ?? record.userName;
      if (typeof handle === 'string' && handle.trim() !== '') return handle;
    }
  }
  const name = entityDisplayName(entity, source);
  return name === 'Unknown User' ? 'unknown' : name;
}
