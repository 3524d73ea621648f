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
