import type { Agent, Character, IDatabaseAdapter, UUID } from '@kith/core';

/**
 * The key of an agents row's details that marks an agent made in the studio and holds its version.
 * The rest of the row is the character, as ensureAgentExists stores any agent's: no column of its own.
 */
export const STUDIO_MARK = 'kithStudio';

interface StudioMark {
  version: number;
  /** Deleted with its memories kept: the row stays so every server of a fleet sees it go. */
  deleted?: boolean;
}

/** A studio agent as stored. */
export interface StudioRecord {
  id: UUID;
  character: Character;
  version: number;
  deleted: boolean;
}

/** plugin-sql's compare and set (read structurally: the server does not import plugin-sql). */
interface ConditionalAgentUpdate {
  updateAgentIf(
    agentId: UUID,
    patch: Partial<Agent>,
    expected: (stored: Agent) => boolean,
  ): Promise<'updated' | 'refused' | 'absent'>;
}

const ROW_FIELDS = new Set(['enabled', 'status', 'createdAt', 'updatedAt', STUDIO_MARK]);

function isMark(value: unknown): value is StudioMark {
  return typeof value === 'object' && value !== null && typeof (value as StudioMark).version === 'number';
}

/** The studio record of an agents row; null for agents from files and projects. */
export function studioRecordOf(agent: Partial<Agent>): StudioRecord | null {
  const mark = (agent as Record<string, unknown>)[STUDIO_MARK];
  if (!agent.id || !isMark(mark)) return null;
  // A field removed by an edit is stored as null (updateAgent merges): it is not part of the character.
  const character = Object.fromEntries(
    Object.entries(agent).filter(([key, value]) => !ROW_FIELDS.has(key) && value !== null),
  ) as unknown as Character;
  return {
    id: agent.id,
    character: { ...character, id: agent.id },
    version: mark.version,
    deleted: mark.deleted === true,
  };
}

/** The patch that turns the stored `before` into `after` under updateAgent's merge (removed keys as null). */
function patchBetween(before: Character, after: Character): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...after };
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const nested of ['settings', 'secrets'] as const) {
    const old = before[nested] ?? {};
    const next: Record<string, unknown> = { ...(after[nested] ?? {}) };
    for (const key of Object.keys(old)) if (!(key in next)) next[key] = null;
    patch[nested] = next;
  }
  return patch;
}

/** Studio agents in the agents table, through any agent's database adapter (they share one database). */
export class StudioStore {
  constructor(private readonly adapter: () => IDatabaseAdapter | undefined) {}

  private get db(): IDatabaseAdapter | undefined {
    return this.adapter();
  }

  async list(): Promise<StudioRecord[]> {
    const db = this.db;
    if (!db) return [];
    return (await db.getAgents()).map(studioRecordOf).filter((record): record is StudioRecord => record !== null);
  }

  async get(agentId: UUID): Promise<StudioRecord | null> {
    const agent = await this.db?.getAgent(agentId);
    return agent ? studioRecordOf(agent) : null;
  }

  /** Marks the row its runtime created (ensureAgentExists stored the character) as a studio agent at version 1. */
  async claim(db: IDatabaseAdapter, character: Character): Promise<void> {
    await db.updateAgent(character.id as UUID, { ...character, [STUDIO_MARK]: { version: 1 } } as Partial<Agent>);
  }

  /**
   * Stores `character` at `version` if the row is still at `record.version`; false when another
   * writer (another server of the fleet) saved in between. Kith's adapter checks with the row
   * locked; another adapter is checked by a read just before the write.
   */
  async write(record: StudioRecord, character: Character, version: number): Promise<boolean> {
    const db = this.db;
    if (!db) return false;
    const patch = { ...patchBetween(record.character, character), [STUDIO_MARK]: { version } } as Partial<Agent>;
    const still = (stored: Partial<Agent>) => studioRecordOf(stored)?.version === record.version;
    const conditional = (db as Partial<ConditionalAgentUpdate>).updateAgentIf;
    if (typeof conditional === 'function') return (await conditional.call(db, record.id, patch, still)) === 'updated';
    const stored = await db.getAgent(record.id);
    if (!stored || !still(stored)) return false;
    return db.updateAgent(record.id, patch);
  }

  /** Deleted, memories kept: the row stays, marked, so the fleet's other servers stop it too. */
  async markDeleted(record: StudioRecord): Promise<void> {
    await this.db?.updateAgent(record.id, {
      [STUDIO_MARK]: { version: record.version + 1, deleted: true },
    } as Partial<Agent>);
  }

  /** Deletes the row and every row the agent owns (memories, rooms, logs...). */
  async purge(agentId: UUID): Promise<void> {
    await this.db?.deleteAgent(agentId);
  }
}
