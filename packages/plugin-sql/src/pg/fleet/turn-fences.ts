import { agentMemoryId, replyKeyOf, type UUID } from '@kith/core';
import type { MemoryWrite, WriteFence } from '../connection/write-queue';

const key = (agentId: string, id: string) => `${agentId}\u0000${id}`;

/**
 * The lease each turn in flight started under, by message and by the key
 * its replies carry (content.inReplyTo): the write queue fences the turn's
 * decisions (its `answered` entry and its reply memories) with it, so a
 * turn that outlived its lease commits nothing.
 */
export class TurnFences {
  private readonly byMessage = new Map<string, WriteFence>();
  private readonly byReply = new Map<string, WriteFence>();

  begin(fence: WriteFence, messageId: string): void {
    this.byMessage.set(key(fence.agentId, messageId), fence);
    this.byReply.set(key(fence.agentId, this.replyKey(fence.agentId, messageId)), fence);
  }

  end(agentId: string, messageId: string): void {
    this.byMessage.delete(key(agentId, messageId));
    this.byReply.delete(key(agentId, this.replyKey(agentId, messageId)));
  }

  forMessage(agentId: string, messageId: string): WriteFence | undefined {
    return this.byMessage.get(key(agentId, messageId));
  }

  /** The fence of a memory write that is a turn's decision (an agent's message replying to a message in flight). */
  fenceOf(write: MemoryWrite): WriteFence | undefined {
    if (this.byReply.size === 0) return undefined;
    const row = write.row;
    if (row[3] !== 'messages' || row[4] !== row[2]) return undefined;
    let inReplyTo: unknown;
    try {
      inReplyTo = (JSON.parse(row[7]) as { inReplyTo?: unknown }).inReplyTo;
    } catch {
      return undefined;
    }
    return typeof inReplyTo === 'string' ? this.byReply.get(key(row[2], inReplyTo)) : undefined;
  }

  private replyKey(agentId: string, messageId: string): string {
    const agent = { agentId: agentId as UUID };
    return replyKeyOf(agent, agentMemoryId(agent, messageId as UUID));
  }
}
