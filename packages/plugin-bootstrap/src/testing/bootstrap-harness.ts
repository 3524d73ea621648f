import {
  ChannelType,
  createUniqueUuid,
  randomUuid,
  type Character,
  type Content,
  type IAgentRuntime,
  type Logger,
  type Memory,
  type Plugin,
  type UUID,
} from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  createTestRuntime,
  type ModelScript,
  type ScriptedModel,
} from '@kith/core/test';
import { bootstrapPlugin } from '../plugin';

export const ADA = '11111111-1111-4111-8111-111111111111' as UUID;
export const BOB = '22222222-2222-4222-8222-222222222222' as UUID;

export interface HarnessOptions {
  script?: ModelScript;
  type?: ChannelType;
  settings?: Record<string, string>;
  character?: Character;
  embeddingDims?: number;
  plugins?: Plugin[];
  logger?: Logger;
}

/** An agent with the bootstrap plugin, a scripted model, and Ada and Bob in one room of world "srv". */
export async function createHarness(options: HarnessOptions = {}) {
  const model: ScriptedModel = createScriptedModel(options.script ?? []);
  const runtime = await createTestRuntime({
    character: options.character,
    plugins: [
      bootstrapPlugin,
      createScriptedModelPlugin(model, { embeddingDims: options.embeddingDims }),
      ...(options.plugins ?? []),
    ],
    settings: options.settings,
    logger: options.logger,
  });
  const roomId = randomUuid();
  const type = options.type ?? ChannelType.GROUP;
  const connect = (entityId: UUID, name: string, room: UUID = roomId, roomType: ChannelType = type) =>
    runtime.ensureConnection({
      entityId,
      roomId: room,
      name,
      userName: name.toLowerCase(),
      source: 'test',
      type: roomType,
      serverId: 'srv',
      channelId: `chan-${room.slice(0, 4)}`,
    });
  await connect(ADA, 'Ada');
  await connect(BOB, 'Bob');
  const worldId = createUniqueUuid(runtime, 'srv');
  const replies: Content[] = [];
  const callback = async (content: Content) => {
    replies.push(content);
    return [];
  };
  const message = (text: string, extra: Partial<Memory> = {}): Memory => ({
    id: randomUuid(),
    entityId: ADA,
    agentId: runtime.agentId,
    roomId,
    worldId,
    content: { text, source: 'test' },
    createdAt: Date.now(),
    ...extra,
  });
  /** The model's response memory for processActions. */
  const response = (actions: string[], text = '', params?: Record<string, Record<string, unknown>>): Memory => ({
    id: randomUuid(),
    entityId: runtime.agentId,
    agentId: runtime.agentId,
    roomId,
    content: { text, actions, thought: 'test', ...(params ? { params } : {}) },
  });
  const run = async (
    incoming: Memory,
    actions: string[],
    text = '',
    params?: Record<string, Record<string, unknown>>,
  ) => {
    const state = await runtime.composeState(incoming);
    await runtime.processActions(incoming, [response(actions, text, params)], state, callback);
    return runtime.getActionResults(incoming.id as UUID);
  };
  return { runtime, model, roomId, worldId, replies, callback, message, response, run, connect };
}

export async function setWorldMetadata(
  runtime: IAgentRuntime,
  worldId: UUID,
  metadata: Record<string, unknown>,
): Promise<void> {
  const world = await runtime.getWorld(worldId);
  if (!world) throw new Error('world missing');
  await runtime.updateWorld({ ...world, metadata: { ...(world.metadata ?? {}), ...metadata } });
}
