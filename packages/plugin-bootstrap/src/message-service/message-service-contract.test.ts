import { stringToUuid, type Memory } from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { bootstrapPlugin } from '../plugin';

const roomId = stringToUuid('contract-room');
const stored = (text: string): Memory => ({
  entityId: stringToUuid('contract-user'),
  roomId,
  content: { text, source: 'test' },
});

describe("runtime.messageService's deleteMessage and clearChannel (elizaOS's contract) on the bootstrap pipeline", () => {
  it('forget one message, then every message of the room, as MESSAGE_DELETED and CHANNEL_CLEARED do', async () => {
    const runtime = await createTestRuntime({ plugins: [bootstrapPlugin] });
    const service = runtime.messageService!;
    const first = await runtime.createMemory(stored('one'), 'messages');
    await runtime.createMemory(stored('two'), 'messages');
    await runtime.createMemory(stored('three'), 'messages');
    await service.deleteMessage!(runtime, { ...stored('one'), id: first });
    expect((await runtime.getMemories({ roomId, tableName: 'messages' })).map((m) => m.content.text).sort()).toEqual([
      'three',
      'two',
    ]);
    await service.clearChannel!(runtime, roomId, 'channel-1');
    expect(await runtime.countMemories(roomId, false, 'messages')).toBe(0);
    await runtime.stop();
  });
});
