import { parseListSetting } from '../settings/parse-list-setting';
import type { Memory } from '../types/memory';
import type { IAgentRuntime } from '../types/runtime';

export interface MemoryPolicy {
  /** Whether this turn's memories are stored. */
  store: boolean;
}

/**
 * How a message is kept, read once per message. DISABLE_MEMORY_CREATION
 * stores nothing; with ALLOW_MEMORY_SOURCE_IDS set, only messages whose
 * metadata.sourceId is listed are stored. sourceId names a source shared by
 * many messages (seed 002; elizaOS's Telegram plugin sets it to the chat), so
 * it is never a dedupe key: a platform message delivered twice is recognised
 * by its memory id, which connectors derive from the platform's message id.
 */
export function memoryPolicy(runtime: IAgentRuntime, message: Memory): MemoryPolicy {
  const raw = message.metadata?.sourceId;
  const sourceId = typeof raw === 'string' && raw ? raw : undefined;
  const allowed = parseListSetting(runtime.getSetting('ALLOW_MEMORY_SOURCE_IDS'));
  const disabled = runtime.getSetting('DISABLE_MEMORY_CREATION');
  const store =
    disabled !== true &&
    disabled !== 'true' &&
    (allowed.length === 0 || (sourceId !== undefined && allowed.includes(sourceId)));
  return { store };
}
