import { createTestRuntime } from '../testing';
import type { DatabaseOperationPayload, ProviderEventPayload } from '../types/events';
import type { Memory } from '../types/memory';
import type { UUID } from '../types/primitives';

const roomId = '22222222-2222-2222-2222-222222222222' as UUID;
const message: Memory = {
  id: '33333333-3333-3333-3333-333333333333',
  entityId: '11111111-1111-1111-1111-111111111111',
  roomId,
  content: { text: 'hi' },
};

describe('PROVIDER_COMPLETED', () => {
  it('reports each provider run with its outcome, including failures', async () => {
    const runtime = await createTestRuntime({
      plugins: [
        {
          name: 'providers',
          description: '',
          providers: [
            { name: 'GOOD', get: async () => ({ text: 'ok' }) },
            {
              name: 'BAD',
              get: async () => {
                throw new Error('boom');
              },
            },
          ],
        },
      ],
    });
    const seen: ProviderEventPayload[] = [];
    runtime.registerEvent('PROVIDER_COMPLETED', (payload) => void seen.push(payload));
    await runtime.withRun(roomId, (runId) => runtime.composeState(message).then(() => runId));
    const byName = Object.fromEntries(seen.map((p) => [p.providerName, p]));
    expect(byName.GOOD).toMatchObject({ success: true, timedOut: false, roomId, messageId: message.id });
    expect(byName.BAD).toMatchObject({ success: false, timedOut: false });
    expect(byName.GOOD.durationMs).toBeGreaterThanOrEqual(0);
    expect(typeof byName.GOOD.runId).toBe('string');
  });
});

describe('DATABASE_OPERATION', () => {
  it('is emitted for calls through the runtime only while a handler listens', async () => {
    const runtime = await createTestRuntime();
    const seen: DatabaseOperationPayload[] = [];
    await runtime.getMemories({ tableName: 'messages', roomId });
    runtime.registerEvent('DATABASE_OPERATION', (payload) => void seen.push(payload));
    await runtime.getMemories({ tableName: 'messages', roomId });
    await runtime.getMemoryById(message.id as UUID);
    expect(seen.map((p) => p.operation)).toEqual(['getMemories', 'getMemoryById']);
    expect(seen.every((p) => p.success && p.durationMs >= 0)).toBe(true);
  });

  it('reports a failed call and passes its rejection through', async () => {
    const runtime = await createTestRuntime();
    const seen: DatabaseOperationPayload[] = [];
    runtime.registerEvent('DATABASE_OPERATION', (payload) => void seen.push(payload));
    jest.spyOn(runtime.adapter, 'getMemoryById').mockRejectedValueOnce(new Error('disk gone'));
    await expect(runtime.getMemoryById(message.id as UUID)).rejects.toThrow('disk gone');
    expect(seen).toEqual([expect.objectContaining({ operation: 'getMemoryById', success: false })]);
  });
});
