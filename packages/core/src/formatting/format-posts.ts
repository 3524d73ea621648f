import type { Entity } from '../types/environment';
import type { Memory } from '../types/memory';
import { entityDisplayName, entityHandle } from './entity-display-name';
import { formatTimestamp } from './format-timestamp';

function formatPost(message: Memory, entity: Entity | undefined): string {
  const source = message.content.source;
  const lines = [
    `Name: ${entityDisplayName(entity, source)} (@${entityHandle(entity, source)} EntityID:${message.entityId})`,
    `MessageID: ${message.id ?? 'unknown'}`,
  ];
  if (message.content.inReplyTo) lines.push(`In reply to: ${message.content.inReplyTo}`);
  lines.push(`Source: ${source ?? 'unknown'}`, `Date: ${formatTimestamp(message.createdAt ?? 0)}`, '');
  // Delimiters show the model where one post ends and the next begins.
  lines.push('--- Text Start ---', message.content.text ?? '', '--- Text End ---');
  return lines.join('\n');
}

/**
 * Posts grouped by room: each room's posts oldest first, rooms with the most
 * recent activity first, each room headed `Conversation: <last 5 of roomId>`
 * unless `conversationHeader` is false.
 */
export function formatPosts({
  messages,
  entities,
  conversationHeader = true,
}: {
  messages: Memory[];
  entities: Entity[];
  conversationHeader?: boolean;
}): string {
  const byId = new Map(entities.map((entity) => [entity.id, entity]));
  const rooms = new Map<string, Memory[]>();
  for (const message of messages) {
    if (!message.roomId || !message.entityId) continue;
    const list = rooms.get(message.roomId) ?? [];
    list.push(message);
    rooms.set(message.roomId, list);
  }
  const latest = (list: Memory[]): number => list[list.length - 1]?.createdAt ?? 0;
  for (const list of rooms.values()) list.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  const ordered = [...rooms.entries()].sort(([, a], [, b]) => latest(b) - latest(a));
  return ordered
    .map(([roomId, list]) => {
      const header = conversationHeader ? `Conversation: ${roomId.slice(-5)}\n` : '';
      return header + list.map((message) => formatPost(message, byId.get(message.entityId))).join('\n\n');
    })
    .join('\n\n');
}
