import type { Media, Memory } from '@kith/core';

export function attachmentNote(attachments: Media[] | undefined): string {
  if (!attachments?.length) return '';
  const items = attachments.map((a) => [a.title ?? a.contentType ?? 'file', a.description].filter(Boolean).join(': '));
  return ` (attachments: ${items.join('; ')})`;
}

/** `Name: text (attachments: ...)`, or null for a message with neither. */
export function messageLine(name: string, memory: Memory): string | null {
  const text = memory.content.text?.trim() ?? '';
  const note = attachmentNote(memory.content.attachments);
  if (!text && !note) return null;
  return `${name}: ${text}${note}`;
}

/** `# Received Message` and the message being answered: the end of the pipeline's prompts. */
export function receivedMessageText(senderName: string, message: Memory): string {
  return `# Received Message\n${senderName}: ${message.content.text ?? ''}${attachmentNote(message.content.attachments)}`;
}
