import { ChannelType, stringToUuid, type Memory, type Room } from '@kith/core';
import { createTestRuntime } from '@kith/core/test';
import { bootstrapPlugin } from '../plugin';
import { quickResponseDecision } from './quick-response-decision';

const roomOf = (type: ChannelType): Room => ({ id: stringToUuid(`room-${type}`), source: 'discord', type });
const message = (text: string, extra: Partial<Memory['content']> = {}): Memory =>
  ({
    entityId: stringToUuid('someone'),
    roomId: stringToUuid('room'),
    content: { text, source: 'discord', ...extra },
  });

describe('messageService.shouldRespond (elizaOS quick check)', () => {
  it('answers at once in DMs and when addressed; leaves other group messages to the model', async () => {
    const runtime = await createTestRuntime({ character: { name: 'Ada', bio: 'x' } });
    const group = roomOf(ChannelType.GROUP);
    expect(quickResponseDecision(runtime, message('hi'), roomOf(ChannelType.DM))).toMatchObject({
      shouldRespond: true,
      skipEvaluation: true,
    });
    expect(quickResponseDecision(runtime, message('hey Ada, a question'), group)).toMatchObject({
      shouldRespond: true,
      reason: 'addressed to the agent',
    });
    const reply = { isMention: false, isReply: true, isThread: false };
    expect(quickResponseDecision(runtime, message('sure'), group, reply).shouldRespond).toBe(true);
    expect(quickResponseDecision(runtime, message('sure', { mentionContext: { ...reply } }), group).shouldRespond).toBe(
      true,
    );
    expect(quickResponseDecision(runtime, message('lunch anyone?'), group)).toEqual({
      shouldRespond: false,
      skipEvaluation: false,
      reason: 'the model decides',
    });
    expect(quickResponseDecision(runtime, message('hi'))).toMatchObject({ shouldRespond: false, skipEvaluation: true });
  });

  it('is what runtime.messageService.shouldRespond answers once the pipeline is installed', async () => {
    const runtime = await createTestRuntime({ character: { name: 'Ada', bio: 'x' }, plugins: [bootstrapPlugin] });
    const group = roomOf(ChannelType.GROUP);
    expect(runtime.messageService?.shouldRespond?.(runtime, message('Ada?'), group)).toMatchObject({
      shouldRespond: true,
    });
    expect(runtime.messageService?.shouldRespond?.(runtime, message('lunch?'), group)?.shouldRespond).toBe(false);
    await runtime.stop();
  });
});
