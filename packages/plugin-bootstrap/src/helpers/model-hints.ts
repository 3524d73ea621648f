import type { Memory, ModelCallHints, ModelCallPurpose, State } from '@kith/core';

/**
 * The hints a pipeline call passes beside its prompt: what the call is for,
 * its room and the message it is about, so a model plugin never has to read
 * the prompt (which a character may reword) to learn them.
 */
export function modelHints(purpose: ModelCallPurpose, message: Memory, state?: State): ModelCallHints {
  const senderName = state?.values.senderName;
  return {
    purpose,
    roomId: message.roomId,
    message: {
      ...(message.id ? { id: message.id } : {}),
      entityId: message.entityId,
      roomId: message.roomId,
      text: message.content.text ?? '',
      ...(typeof senderName === 'string' && senderName ? { senderName } : {}),
    },
  };
}
