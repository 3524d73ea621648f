import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentRuntime, ChannelType, createLogger, type Content, stringToUuid, type UUID } from '@kith/core';
import { createScriptedModel, createScriptedModelPlugin, scriptedReply, testCharacter } from '@kith/core/test';
import { createDatabaseAdapter } from '@kith/plugin-sql';
import { bootstrapPlugin } from '../plugin';

const ROOMS = 100;
const PER_ROOM = 20;

describe('pipeline under concurrent load (real SQLite)', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`gives each of ${ROOMS} rooms x ${PER_ROOM} messages sent at once exactly one decision, in order per room`, async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kith-load-'));
    const agentId = stringToUuid(testCharacter.name);
    // Echoes the message number; every 7th message is ignored, so IGNORE decisions are exercised too.
    const model = createScriptedModel((prompt) => {
      const number = /# Received Message\n[^:]+: room \d+ message (\d+)/.exec(prompt)?.[1] ?? '?';
      return Number(number) % 7 === 0
        ? scriptedReply('', ['IGNORE'], `skip ${number}`)
        : scriptedReply(`reply ${number}`);
    });
    const runtime = new AgentRuntime({
      character: { ...structuredClone(testCharacter), settings: { REFLECTION_INTERVAL: 0 } },
      agentId,
      plugins: [bootstrapPlugin, createScriptedModelPlugin(model)],
      adapter: createDatabaseAdapter({ dataDir: dir, filename: 'load.db' }, agentId),
      logger: createLogger({ level: 'silent' }),
    });
    await runtime.initialize();

    const rooms: UUID[] = [];
    for (let r = 0; r < ROOMS; r++) {
      const roomId = stringToUuid(`load-room-${r}`);
      const entityId = stringToUuid(`load-user-${r}`);
      await runtime.ensureConnection({
        entityId,
        roomId,
        name: `User ${r}`,
        userName: `user${r}`,
        source: 'test',
        type: ChannelType.DM,
      });
      rooms.push(roomId);
    }

    const decisions = new Map<UUID, string[]>();
    const sends: Promise<unknown>[] = [];
    for (let m = 0; m < PER_ROOM; m++) {
      for (let r = 0; r < ROOMS; r++) {
        const roomId = rooms[r];
        const callback = async (content: Content) => {
          const list = decisions.get(roomId) ?? [];
          list.push(content.actions?.includes('IGNORE') ? (content.thought ?? '') : (content.text ?? ''));
          decisions.set(roomId, list);
          return [];
        };
        const message = {
          id: stringToUuid(`load-${r}-${m}`),
          entityId: stringToUuid(`load-user-${r}`),
          roomId,
          content: { text: `room ${r} message ${m}`, source: 'test' },
        };
        sends.push(runtime.messageService!.handleMessage(runtime, message, callback, { keepExistingResponses: true }));
        // The same message again, concurrently: it must not be answered twice.
        if (m % 5 === 0)
          sends.push(
            runtime.messageService!.handleMessage(runtime, { ...message }, callback, { keepExistingResponses: true }),
          );
      }
    }
    await Promise.all(sends);
    await runtime.messageService!.whenIdle!();

    const expected = Array.from({ length: PER_ROOM }, (_, m) => (m % 7 === 0 ? `skip ${m}` : `reply ${m}`));
    for (const roomId of rooms) expect(decisions.get(roomId)).toEqual(expected);
    expect(model.callsOf('TEXT_LARGE')).toHaveLength(ROOMS * PER_ROOM);

    let stored = 0;
    for (const roomId of rooms) stored += await runtime.countMemories(roomId, false, 'messages');
    expect(stored).toBe(ROOMS * PER_ROOM * 2); // each message and its one decision
    await runtime.stop();
  }, 120_000);
});
