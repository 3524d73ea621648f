import { parseListSetting } from '../settings/parse-list-setting';
import type { Memory } from '../types/memory';
import type { IAgentRuntime } from '../types/runtime';

export interface MemoryPolicy {
  /** Whether this turn's memories are stored. */
  store: boolean;
  /** The dedupe key of the message's platform id (metadata.sourceId), if it is one. */
  platformKey?: string;
}

/**
 * How a message is kept, read once per message. DISABLE_MEMORY_CREATION
 * stores nothing; with ALLOW_MEMORY_SOURCE_IDS set, only messages whose
 * metadata.sourceId is listed are stored, and sourceId then names a source
 * (seed 002) shared by many messages, so it is not used as a message id:
 * otherwise it would mark the next message of that source as seen.
 */
export function memoryPolicy(runtime: IAgentRuntime, message: Memory): MemoryPolicy {
  const raw = message.metadata?.sourceId;
  const sourceId = typeof raw === 'string' && raw ? raw : undefined;
  const allowed = parseListSetting(runtime.getSetting('ALLOW_MEMORY_SOURCE_IDS'));
  const disabled = runtime.getSetting('DISABLE_MEMORY_CREATION');
  const store = disabled !== true && disabled !== 'true' && (allowed.length === 0 || (sourceId !== undefined && allowed.includes(sourceId)));
  return { store, ...(sourceId !== undefined && allowed.length === 0 ? { platformKey: `source:${sourceId}` } : {}) };
}
