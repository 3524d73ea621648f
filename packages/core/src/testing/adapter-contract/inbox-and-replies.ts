import { describe, expect, it } from '@jest/globals';
import type { IDatabaseAdapter, InboxStore, Memory, UUID } from '../../index';
import { type FixtureAccessor, id } from './contract-fixture';

type WithInbox = IDatabaseAdapter & InboxStore & { getRepliesTo(inReplyTo: UUID): Promise<Memory[]> };

/** The optional members are part of the contract for Kith adapters: missing ones fail here by name. */
function withInbox(adapter: IDatabaseAdapter): WithInbox {
  for (const name of ['acceptInbound', 'markInboundAnswered', 'getPendingInbound', 'getRepliesTo'] as const) {
    expect({ [name]: typeof adapter[name] }).toEqual({ [name]: 'function' });
  }
  return adapter as WithInbox;
}

function busBody(messageId: UUID, roomId: UUID, text = 'hello'): Record<string, unknown> {
  return { id: messageId, channelId: roomId, authorId: id(), text, createdAt: 1000, nested: { list: [1, 'two'] } };
}

function memoryOf(roomId: UUID, text: string, extra: Partial<Memory> = {}): Memory {
  return { id: id(), entityId: id(), roomId, content: { text }, createdAt: 1000, ...extra };
}

export function describeInbox(fixture: FixtureAccessor): void {
  describe('inbox', () => {
    it('accepts a message with its memory, lists it pending and returns the entry as stored', async () => {
      const adapter = withInbox(fixture().adapter);
      const [messageId, room] = [id(), id()];
      const memory = memoryOf(room, 'hello');
      const body = busBody(messageId, room);
      const accepted = await adapter.acceptInbound({ messageId, roomId: room, body, acceptedAt: 5000 }, memory);
      expect(accepted).toMatchObject({ created: true, stored: true });
      expect(accepted.entry).toEqual({
        messageId,
        roomId: room,
        seq: expect.any(Number),
        body,
        state: 'accepted',
        acceptedAt: 5000,
        answeredAt: null,
      });
      expect((await adapter.getMemoryById(memory.id as UUID))?.content.text).toBe('hello');
      expect(await adapter.getPendingInbound()).toEqual([accepted.entry]);
    });

    it('takes a message id once: a repeat writes nothing and returns the first entry', async () => {
      const adapter = withInbox(fixture().adapter);
      const [messageId, room] = [id(), id()];
      const memory = memoryOf(room, 'first');
      const first = await adapter.acceptInbound(
        { messageId, roomId: room, body: busBody(messageId, room, 'first') },
        memory,
      );
      const again = await adapter.acceptInbound(
        { messageId, roomId: room, body: busBody(messageId, room, 'second') },
        { ...memory, content: { text: 'second' } },
      );
      expect(again).toEqual({ entry: first.entry, created: false, stored: false });
      expect((await adapter.getMemoryById(memory.id as UUID))?.content.text).toBe('first');
      expect(await adapter.getPendingInbound()).toHaveLength(1);

      // Concurrent acceptances of one id: exactly one creates the entry.
      const other = id();
      const outcomes = await Promise.all(
        [0, 1, 2].map(() => adapter.acceptInbound({ messageId: other, roomId: room, body: busBody(other, room) })),
      );
      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
      expect(new Set(outcomes.map((o) => o.entry.seq)).size).toBe(1);
    });

    it('says whether it stored the memory: not when none was given or its id was stored already', async () => {
      const adapter = withInbox(fixture().adapter);
      const room = id();
      const bare = id();
      expect(await adapter.acceptInbound({ messageId: bare, roomId: room, body: busBody(bare, room) })).toMatchObject({
        created: true,
        stored: false,
      });
      expect(await adapter.countMemories(room)).toBe(0);

      const known = memoryOf(room, 'stored before');
      await adapter.createMemory(known, 'messages');
      const late = id();
      const accepted = await adapter.acceptInbound(
        { messageId: late, roomId: room, body: busBody(late, room) },
        { ...known, content: { text: 'new text' } },
      );
      expect(accepted).toMatchObject({ created: true, stored: false });
      expect((await adapter.getMemoryById(known.id as UUID))?.content.text).toBe('stored before');
    });

    it('orders entries by arrival (seq strictly increasing) and filters pending ones by room and limit', async () => {
      const adapter = withInbox(fixture().adapter);
      const [roomA, roomB] = [id(), id()];
      const ids = [id(), id(), id(), id()];
      const rooms = [roomA, roomB, roomA, roomA];
      const seqs: number[] = [];
      for (const [i, messageId] of ids.entries()) {
        seqs.push(
          (await adapter.acceptInbound({ messageId, roomId: rooms[i], body: busBody(messageId, rooms[i]) })).entry.seq,
        );
      }
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(4);
      expect((await adapter.getPendingInbound()).map((e) => e.messageId)).toEqual(ids);
      expect((await adapter.getPendingInbound({ roomId: roomA })).map((e) => e.messageId)).toEqual([
        ids[0],
        ids[2],
        ids[3],
      ]);
      expect((await adapter.getPendingInbound({ roomId: roomA, limit: 2 })).map((e) => e.messageId)).toEqual([
        ids[0],
        ids[2],
      ]);
      expect((await adapter.getPendingInbound({ limit: 1 })).map((e) => e.messageId)).toEqual([ids[0]]);
    });

    it('moves an entry to answered once: it leaves the pending list, drops its body, and a repeat of its id finds it answered', async () => {
      const adapter = withInbox(fixture().adapter);
      const [messageId, room] = [id(), id()];
      const { entry } = await adapter.acceptInbound({ messageId, roomId: room, body: busBody(messageId, room) });
      expect(await adapter.markInboundAnswered(messageId)).toBe(true);
      expect(await adapter.markInboundAnswered(messageId)).toBe(false);
      expect(await adapter.markInboundAnswered(id())).toBe(false);
      expect(await adapter.getPendingInbound()).toEqual([]);
      const repeat = await adapter.acceptInbound({ messageId, roomId: room, body: busBody(messageId, room) });
      expect(repeat).toMatchObject({
        created: false,
        stored: false,
        entry: { messageId, roomId: room, seq: entry.seq, state: 'answered', body: null },
      });
      expect(repeat.entry.answeredAt).toEqual(expect.any(Number));
    });

    it('orders entries by acceptance, not by the acceptedAt clock', async () => {
      const adapter = withInbox(fixture().adapter);
      const room = id();
      const later = id();
      const earlier = id();
      await adapter.acceptInbound({ messageId: later, roomId: room, body: busBody(later, room), acceptedAt: 9000 });
      await adapter.acceptInbound({ messageId: earlier, roomId: room, body: busBody(earlier, room), acceptedAt: 1000 });
      // Arrival order is the order of acceptance, whatever the clocks said.
      expect((await adapter.getPendingInbound()).map((e) => e.messageId)).toEqual([later, earlier]);
    });
  });
}

export function describeReplies(fixture: FixtureAccessor): void {
  describe('replies', () => {
    it('finds the memories replying to an id, oldest first, and nothing else', async () => {
      const { adapter, agentId } = fixture();
      const withReplies = withInbox(adapter);
      const room = id();
      const key = id();
      const [first, second, ignore, unrelated, plain] = [
        memoryOf(room, 'second answer', {
          entityId: agentId,
          createdAt: 3000,
          content: { text: 'second answer', inReplyTo: key },
        }),
        memoryOf(room, 'first answer', {
          entityId: agentId,
          createdAt: 2000,
          content: { text: 'first answer', inReplyTo: key },
        }),
        memoryOf(room, '', {
          entityId: agentId,
          createdAt: 4000,
          content: { actions: ['IGNORE'], thought: 'no', inReplyTo: key },
        }),
        memoryOf(room, 'other', { entityId: agentId, createdAt: 2500, content: { text: 'other', inReplyTo: id() } }),
        memoryOf(room, 'no reply', { createdAt: 2600 }),
      ];
      for (const memory of [first, second, ignore, unrelated, plain]) await adapter.createMemory(memory, 'messages');
      const replies = await withReplies.getRepliesTo(key);
      expect(replies.map((m) => m.id)).toEqual([second.id, first.id, ignore.id]);
      expect(replies[2]).toMatchObject({
        entityId: agentId,
        roomId: room,
        content: { actions: ['IGNORE'], inReplyTo: key },
      });
      expect(await withReplies.getRepliesTo(id())).toEqual([]);

      // A reply changed to answer something else is found under its new key only.
      await adapter.updateMemory({
        id: first.id as UUID,
        content: { text: 'moved', inReplyTo: unrelated.content.inReplyTo },
      });
      expect((await withReplies.getRepliesTo(key)).map((m) => m.id)).toEqual([second.id, ignore.id]);
      await adapter.deleteMemory(second.id as UUID);
      expect((await withReplies.getRepliesTo(key)).map((m) => m.id)).toEqual([ignore.id]);
    });
  });
}
