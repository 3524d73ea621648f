import { createTestRuntime } from '../testing';
import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';
import { randomUuid } from '../uuid/uuid';
import { findStoredReplies, replyKeyOf } from './stored-replies';

describe('findStoredReplies', () => {
  async function conversation() {
    const runtime = await createTestRuntime();
    const roomId = randomUuid();
    const message: Memory = {
      id: randomUuid(),
      entityId: randomUuid(),
      roomId,
      content: { text: 'hi' },
      createdAt: 1_000,
    };
    const key = replyKeyOf(runtime, message.id as UUID);
    const memories: Memory[] = [
      message,
      {
        id: randomUuid(),
        entityId: runtime.agentId,
        roomId,
        content: { text: 'second', inReplyTo: key },
        createdAt: 3_000,
      },
      {
        id: randomUuid(),
        entityId: runtime.agentId,
        roomId,
        content: { text: 'first', inReplyTo: key },
        createdAt: 2_000,
      },
      // Someone else quoting the same key is not the agent's decision.
      {
        id: randomUuid(),
        entityId: message.entityId,
        roomId,
        content: { text: 'me too', inReplyTo: key },
        createdAt: 2_500,
      },
      {
        id: randomUuid(),
        entityId: runtime.agentId,
        roomId,
        content: { text: 'other', inReplyTo: randomUuid() },
        createdAt: 2_600,
      },
    ];
    for (const memory of memories) await runtime.createMemory(memory, 'messages');
    return { runtime, message };
  }

  it("returns the agent's replies to the message, oldest first, by the adapter's getRepliesTo", async () => {
    const { runtime, message } = await conversation();
    const lookup = jest.spyOn(runtime.adapter, 'getRepliesTo' as never);
    const scan = jest.spyOn(runtime.adapter, 'getMemories');
    expect((await findStoredReplies(runtime, message)).map((m) => m.content.text)).toEqual(['first', 'second']);
    expect(lookup).toHaveBeenCalledWith(replyKeyOf(runtime, message.id as UUID));
    expect(scan).not.toHaveBeenCalled();
  });

  it('reads the room after the message when the adapter has no getRepliesTo (foreign adapters)', async () => {
    const { runtime, message } = await conversation();
    Object.assign(runtime.adapter, { getRepliesTo: undefined });
    expect((await findStoredReplies(runtime, message)).map((m) => m.content.text)).toEqual(['first', 'second']);
    expect(await findStoredReplies(runtime, { roomId: message.roomId })).toEqual([]);
  });
});
