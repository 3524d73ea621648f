import { createUniqueUuid, type IAgentRuntime, type Memory, type UUID } from '@kith/core';
import type { BusMessage } from './bus-message';

/** The memory table of the journal (no provider reads it). */
export const INBOX_TABLE = 'kith_inbox';
/** Entries replayed at most on one start. */
const RECOVER_MAX = 10_000;

function isBusMessage(value: unknown): value is BusMessage {
  const m = value as Partial<BusMessage> | null;
  return typeof m?.id === 'string' && typeof m.channelId === 'string' && typeof m.authorId === 'string' && typeof m.text === 'string' && typeof m.createdAt === 'number';
}

/**
 * The agent's write-ahead journal of bus messages: an entry is written (and
 * committed) before the client is told its message was accepted, and
 * removed once the pipeline has taken the message in. The pipeline stores a
 * message only when its room's turn comes, so without the journal a
 * `kill -9` lost messages that were acknowledged but still queued behind
 * others of their room; on the next start the entries left are replayed.
 */
export class InboxJournal {
  constructor(private readonly runtime: IAgentRuntime) {}

  /** Resolves once the entry is committed. */
  async record(message: BusMessage): Promise<void> {
    const { clientId: _connection, ...kept } = message;
    const entry: Memory = {
      id: this.entryId(message.id),
      entityId: message.authorId,
      agentId: this.runtime.agentId,
      roomId: message.channelId,
      content: { text: message.text, source: message.source },
      metadata: { type: INBOX_TABLE, busMessage: kept },
      createdAt: message.createdAt,
    };
    await this.runtime.createMemory(entry, INBOX_TABLE, true);
  }

  async clear(messageId: UUID): Promise<void> {
    await this.runtime.deleteMemory(this.entryId(messageId));
  }

  /** Messages acknowledged by an earlier process and never taken in, oldest first. */
  async pending(): Promise<BusMessage[]> {
    const entries = await this.runtime.getMemories({ tableName: INBOX_TABLE, agentId: this.runtime.agentId, count: RECOVER_MAX });
    return entries
      .reverse()
      .map((entry) => entry.metadata?.busMessage)
      .filter(isBusMessage);
  }

  private entryId(messageId: UUID): UUID {
    return createUniqueUuid(this.runtime, `kith-inbox:${messageId}`);
  }
}
