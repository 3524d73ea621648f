import { type IAgentRuntime, type Memory, parseListSetting } from '@kith/core';

/**
 * Whether this turn's memories are stored: never with
 * DISABLE_MEMORY_CREATION; with ALLOW_MEMORY_SOURCE_IDS set, only for
 * messages whose metadata.sourceId is listed.
 */
export function shouldStoreMemories(runtime: IAgentRuntime, message: Memory): boolean {
  const disabled = runtime.getSetting('DISABLE_MEMORY_CREATION');
  if (disabled === true || disabled === 'true') return false;
  const allowed = parseListSetting(runtime.getSetting('ALLOW_MEMORY_SOURCE_IDS'));
  if (allowed.length === 0) return true;
  const sourceId = message.metadata?.sourceId;
  return typeof sourceId === 'string' && allowed.includes(sourceId);
}

/**
 * The dedupe key of the message's platform id (metadata.sourceId), or
 * undefined. With ALLOW_MEMORY_SOURCE_IDS set, sourceId names a source whose
 * messages are kept (seed 002), shared by many messages, so it is not a
 * message id and must not mark the next message of that source as seen.
 */
export function platformMessageKey(runtime: IAgentRuntime, message: Memory): string | undefined {
  const sourceId = message.metadata?.sourceId;
  if (typeof sourceId !== 'string' || !sourceId) return undefined;
  if (parseListSetting(runtime.getSetting('ALLOW_MEMORY_SOURCE_IDS')).length > 0) return undefined;
  return `source:${sourceId}`;
}
