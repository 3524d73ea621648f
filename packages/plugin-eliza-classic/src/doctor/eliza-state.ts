/**
 * Everything an ElizaEngine remembers between inputs, as plain JSON so a
 * caller can persist it (e.g. in the runtime cache) and resume a
 * conversation in another process.
 */
export interface ElizaState {
  version: 1;
  /** Next reassembly rule per decomposition rule, keyed `KEYWORD/ruleIndex` (`NONE` for the fallback list). */
  cycles: Record<string, number>;
  /** Queued MEMORY replies, oldest first. */
  memory: string[];
  /** Which MEMORY transformation the next "my ..." input uses. */
  memoryRule: number;
}

export function createElizaState(): ElizaState {
  return { version: 1, cycles: {}, memory: [], memoryRule: 0 };
}

/**
 * Accepts anything (a cache may hold stale or foreign data) and keeps the
 * parts that are valid; the rest starts fresh.
 */
export function parseElizaState(value: unknown): ElizaState {
  const state = createElizaState();
  if (typeof value !== 'object' || value === null) return state;
  const raw = value as Record<string, unknown>;
  if (typeof raw.cycles === 'object' && raw.cycles !== null && !Array.isArray(raw.cycles)) {
    for (const [key, position] of Object.entries(raw.cycles)) {
      if (isCount(position)) state.cycles[key] = position;
    }
  }
  if (Array.isArray(raw.memory)) state.memory = raw.memory.filter((item): item is string => typeof item === 'string');
  if (isCount(raw.memoryRule)) state.memoryRule = raw.memoryRule;
  return state;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
