import type { Entity } from '../types/environment';
import type { Memory } from '../types/memory';
import type { Media } from '../types/primitives';
import { entityDisplayName } from './entity-display-name';
import { formatTimestamp } from './format-timestamp';

function clock(createdAt: number): string {
  const date = new Date(createdAt);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

function formatAttachment(media: Media): string {
  return `[${media.id} - ${media.title || 'untitled'} (${media.url})]`;
}

/**
 * Oldest first. Callers usually pass getMemories' newest-first list (the
 * elizaOS convention), so reverse; when every message has a time, sort by it
 * so either order works.
 */
function chronological(messages: Memory[]): Memory[] {
  const ordered = [...messages].reverse();
  if (ordered.every((message) => typeof message.createdAt === 'number')) {
    ordered.sort((a, b) => (a.createdAt as number) - (b.createdAt as number));
  }
  return ordered;
}

/**
 * Conversation history for prompts, one line per message, oldest first:
 * `14:05 (5 minutes ago) [entityId] Name: text (Name's actions: REPLY) (Attachments: [id - title (url)])`.
 * Does not mutate `messages` (elizaOS reversed the caller's array in place).
 */
export function formatMessages({ messages, entities }: { messages: Memory[]; entities: Entity[] }): string {
  const byId = new Map(entities.map((entity) => [entity.id, entity]));
  const lines: string[] = [];
  for (const message of chronological(messages)) {
    if (!message.entityId) continue;
    const content = message.content ?? {};
    const name = entityDisplayName(byId.get(message.entityId), content.source);
    const parts: string[] = [];
    if (content.text) parts.push(`${name}: ${content.text}`);
    if (content.thought) parts.push(`(${name}'s internal thought: ${content.thought})`);
    if (content.actions && content.actions.length > 0) parts.push(`(${name}'s actions: ${content.actions.join(', ')})`);
    if (content.attachments && content.attachments.length > 0) {
      parts.push(`(Attachments: ${content.attachments.map(formatAttachment).join(', ')})`);
    }
    if (parts.length === 0) continue;
    const createdAt = message.createdAt ?? 0;
    lines.push(`${clock(createdAt)} (${formatTimestamp(createdAt)}) [${message.entityId}] ${parts.join(' ')}`);
  }
  return lines.join('\n');
}
