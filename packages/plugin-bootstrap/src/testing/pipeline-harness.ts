import { ChannelType, randomUuid, type Content, type Memory, type Plugin, type UUID } from '@kith/core';
import {
  createScriptedModel,
  createScriptedModelPlugin,
  createTestRuntime,
  type ModelScript,
  type ScriptedModelOptions,
} from '@kith/core/test';
import { bootstrapPlugin } from '../plugin';

export const USER = '11111111-1111-4111-8111-111111111111' as UUID;

export interface HarnessOptions {
  type?: ChannelType;
  settings?: Record<string, string>;
  plugins?: Plugin[];
  /** What each scripted call reports (tokens, model), as a real model plugin would. */
  usage?: ScriptedModelOptions['usage'];
}

/** A runtime with plugin-bootstrap and a scripted model, one room with user Ada, and helpers to talk in it. */
export async function pipelineHarness(script: ModelScript, options: HarnessOptions = {}) {
  const model = createScriptedModel(script, { usage: options.usage });
  const runtime = await createTestRuntime({
    plugins: [bootstrapPlugin, createScriptedModelPlugin(model), ...(options.plugins ?? [])],
    settings: options.settings,
  });
  const roomId = randomUuid();
  await runtime.ensureConnection({
    entityId: USER,
    roomId,
    userName: 'ada',
    name: 'Ada',
    source: 'test',
    type: options.type ?? ChannelType.DM,
  });
  const replies: Content[] = [];
  const callback = async (content: Content) => {
    replies.push(content);
    return [];
  };
  // Resolves once the run is over, evaluators and RUN_ENDED included (handleMessage itself resolves at delivery).
  const send = async (text: string, extra: Partial<Memory> = {}) => {
    const result = await runtime.messageService!.handleMessage(
      runtime,
      { id: randomUuid(), entityId: USER, roomId, content: { text, source: 'test' }, ...extra },
      callback,
    );
    await runtime.messageService!.whenIdle!();
    return result;
  };
  const stored = () => runtime.getMemories({ tableName: 'messages', roomId, count: 100 });
  return { runtime, model, roomId, replies, callback, send, stored };
}
