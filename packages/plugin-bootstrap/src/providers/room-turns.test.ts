import { randomUuid, type IAgentRuntime, type Memory, type UUID } from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { DEFAULT_PROMPT_ROTATION_TURNS, roomTurn } from './room-turns';

function message(roomId: UUID, withId = true): Memory {
  return { ...(withId ? { id: randomUuid() } : {}), entityId: randomUuid(), roomId, content: { text: 'hi' } };
}

describe('roomTurn', () => {
  let runtime: IAgentRuntime;
  beforeEach(async () => {
    runtime = await createTestRuntime();
  });

  it('counts one turn per message of a room, however many providers ask', () => {
    const room = randomUuid();
    const first = message(room);
    expect(roomTurn(runtime, first)).toEqual({ turn: 0, block: 0, every: DEFAULT_PROMPT_ROTATION_TURNS });
    expect(roomTurn(runtime, first).turn).toBe(0);
    const second = message(room);
    expect(roomTurn(runtime, second).turn).toBe(1);
    expect(roomTurn(runtime, second).turn).toBe(1);
    // Another room keeps its own count; a message without an id does not move it.
    expect(roomTurn(runtime, message(randomUuid())).turn).toBe(0);
    expect(roomTurn(runtime, message(room, false)).turn).toBe(1);
  });

  it('groups PROMPT_ROTATION_TURNS turns into one block', async () => {
    const tuned = await createTestRuntime({ settings: { PROMPT_ROTATION_TURNS: '3' } });
    const room = randomUuid();
    const blocks = Array.from({ length: 7 }, () => roomTurn(tuned, message(room)).block);
    expect(blocks).toEqual([0, 0, 0, 1, 1, 1, 2]);
    const everyTurn = await createTestRuntime({ settings: { PROMPT_ROTATION_TURNS: '1' } });
    expect(Array.from({ length: 3 }, () => roomTurn(everyTurn, message(room)).block)).toEqual([0, 1, 2]);
  });

  it('keeps runtimes apart', async () => {
    const other = await createTestRuntime();
    const room = randomUuid();
    roomTurn(runtime, message(room));
    roomTurn(runtime, message(room));
    expect(roomTurn(other, message(room)).turn).toBe(0);
  });
});
