import { ChannelType, type Plugin } from '@kith/core';
import { scriptedReply } from '@kith/core/test';
import { pipelineHarness } from '../testing/pipeline-harness';

// Each scripted call: 1M gpt-4o-mini input tokens, $0.15.
const usage = () => ({ model: 'gpt-4o-mini', promptTokens: 1_000_000, completionTokens: 0 });

/** Stands in for @kith/plugin-eliza-classic: answers the message-handler prompt in its XML. */
const offline: Plugin = {
  name: 'eliza-classic',
  description: 'offline stand-in',
  priority: -1000,
  models: {
    TEXT_LARGE: async () => scriptedReply('Tell me more about that.'),
    TEXT_SMALL: async () => '<response><action>RESPOND</action></response>',
  },
};

describe('MAX_DAILY_COST_USD in the pipeline', () => {
  it('answers with BUDGET_EXCEEDED_MESSAGE once the day’s spend reaches the limit', async () => {
    const { send, replies, model, runtime } = await pipelineHarness([scriptedReply('A paid answer.')], {
      settings: {
        MAX_DAILY_COST_USD: '0.1',
        BUDGET_EXCEEDED_MESSAGE: 'I am out of credit until tomorrow.',
        REFLECTION_INTERVAL: '0',
      },
      usage,
    });
    await send('hello');
    await send('are you there?');
    expect(replies.map((reply) => reply.text)).toEqual(['A paid answer.', 'I am out of credit until tomorrow.']);
    expect(model.calls).toHaveLength(1);
    expect(runtime.getCostBudget()).toMatchObject({ exceeded: true, fallback: 'message', callsOverBudget: 1 });
  });

  it('answers with the offline model when it is registered', async () => {
    const { send, replies, model } = await pipelineHarness([scriptedReply('A paid answer.')], {
      settings: { MAX_DAILY_COST_USD: '0.1', REFLECTION_INTERVAL: '0' },
      plugins: [offline],
      usage,
    });
    await send('hello');
    await send('are you there?');
    expect(replies.map((reply) => reply.text)).toEqual(['A paid answer.', 'Tell me more about that.']);
    expect(model.calls).toHaveLength(1);
  });

  it('in a group with a set message, answers only when addressed', async () => {
    const respond = '<response><name>Testy</name><reasoning>asked</reasoning><action>RESPOND</action></response>';
    const { send, replies } = await pipelineHarness([respond, scriptedReply('A paid answer.')], {
      type: ChannelType.GROUP,
      settings: { MAX_DAILY_COST_USD: '0.2', BUDGET_EXCEEDED_MESSAGE: 'Out of credit.', REFLECTION_INTERVAL: '0' },
      usage,
    });
    await send('can someone help?');
    const ignored = await send('anyone else?');
    expect(ignored.mode).toBe('ignored');
    await send('Testy, are you there?');
    expect(replies.filter((reply) => reply.text).map((reply) => reply.text)).toEqual([
      'A paid answer.',
      'Out of credit.',
    ]);
  });
});
