import type { Media, Memory, Provider } from '@kith/core';
import { arrivedBefore } from '../helpers/arrived-before';

const RECENT_MS = 60 * 60 * 1000;
const MAX_TEXT_CHARS = 1_000;

export function formatAttachment(media: Media): string {
  const text =
    media.text && media.text.length > MAX_TEXT_CHARS ? `${media.text.slice(0, MAX_TEXT_CHARS)}…` : media.text;
  return [
    `- ${media.title ?? 'Attachment'} [${media.id}] ${media.contentType ?? 'unknown type'}: ${media.url}`,
    media.description ? `  Description: ${media.description}` : '',
    text ? `  Text: ${text}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Attachments of this message and of the room's last hour, with the
 * descriptions and text the pipeline extracted. Dynamic (as in elizaOS):
 * the pipeline asks for it when the message carries attachments.
 */
export const attachmentsProvider: Provider = {
  name: 'ATTACHMENTS',
  description: 'Attached images and documents, with descriptions and text',
  dynamic: true,
  position: 85,
  get: async (runtime, message) => {
    const current = message.content.attachments ?? [];
    const recent: Memory[] = await runtime.getMemories({
      tableName: 'messages',
      roomId: message.roomId,
      start: Date.now() - RECENT_MS,
      count: runtime.getConversationLength(),
    });
    const byId = new Map<string, Media>(current.map((m) => [m.id, m]));
    for (const memory of recent) {
      if (memory.id === message.id || !arrivedBefore(runtime, message, memory)) continue;
      for (const media of memory.content.attachments ?? []) if (!byId.has(media.id)) byId.set(media.id, media);
    }
    const all = [...byId.values()];
    if (all.length === 0) return { values: { attachments: '', hasAttachments: false }, data: { attachments: [] } };
    const text = `# Attachments\n${all.map(formatAttachment).join('\n')}`;
    return { text, values: { attachments: text, hasAttachments: current.length > 0 }, data: { attachments: all } };
  },
};
