import type { ModelCallHints } from '@kith/core';
import type { PromptKind } from './detect-prompt-kind';
import type { UserMessage } from './extract-user-message';

const KIND_OF_PURPOSE: Readonly<Record<string, PromptKind>> = {
  shouldRespond: 'should-respond',
  messageHandler: 'message-handler',
  reflection: 'reflection',
  evaluation: 'evaluation',
  extractParameters: 'extract-parameters',
  post: 'post',
};

/** The prompt kind a call's hinted purpose names; undefined without one this model knows (the prompt is read then). */
export function hintedKind(hints: ModelCallHints | undefined): PromptKind | undefined {
  const purpose = hints?.purpose;
  return typeof purpose === 'string' && Object.prototype.hasOwnProperty.call(KIND_OF_PURPOSE, purpose)
    ? KIND_OF_PURPOSE[purpose]
    : undefined;
}

/** The hinted message and who sent it (its display name, else its entity id); undefined without one. */
export function hintedMessage(hints: ModelCallHints | undefined): UserMessage | undefined {
  const message = hints?.message;
  if (!message || typeof message.text !== 'string') return undefined;
  return { speaker: message.senderName || message.entityId || null, text: message.text.trim() };
}
