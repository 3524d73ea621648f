import { parseKeyValueXml, type IAgentRuntime } from '@kith/core';
import elizaDefault, { elizaClassicPlugin, hashingEmbed } from './index';

describe('elizaClassicPlugin', () => {
  it('registers the three models at the lowest priority', () => {
    expect(elizaDefault).toBe(elizaClassicPlugin);
    expect(elizaClassicPlugin.name).toBe('eliza-classic');
    expect(elizaClassicPlugin.description.length).toBeGreaterThan(0);
    expect(elizaClassicPlugin.priority).toBe(-1000);
    expect(Object.keys(elizaClassicPlugin.models ?? {}).sort()).toEqual(['TEXT_EMBEDDING', 'TEXT_LARGE', 'TEXT_SMALL']);
  });

  it('answers through its registered handlers', async () => {
    const runtime = { agentId: 'plugin-test', character: { name: 'Eliza', bio: '' } } as unknown as IAgentRuntime;
    const models = elizaClassicPlugin.models ?? {};
    const text = models.TEXT_LARGE as unknown as (rt: IAgentRuntime, params: { prompt: string }) => Promise<string>;
    const parsed = parseKeyValueXml(await text(runtime, { prompt: '# Received Message\nAlice: I need a holiday' }));
    expect(parsed?.actions).toEqual(['REPLY']);
    expect(parsed?.text).toBe('What would it mean to you if you got a holiday?');
    const embed = models.TEXT_EMBEDDING as unknown as (
      rt: IAgentRuntime,
      params: { text: string },
    ) => Promise<number[]>;
    expect(await embed(runtime, { text: 'hi' })).toEqual(hashingEmbed('hi'));
  });
});
