import type { Action, IAgentRuntime } from '@kith/core';
import { chooseNamedAction } from './choose-named-action';
import { elizaTextHandler } from './eliza-text-handler';

const action = (name: string, extra: Partial<Action> = {}): Action => ({
  name,
  description: name,
  validate: async () => true,
  handler: async () => undefined,
  ...extra,
});

const greet = action('GREET', {
  similes: ['SAY_HELLO'],
  parameters: [{ name: 'name', description: 'who', required: true, schema: { type: 'string' }, examples: ['Ada'] }],
});

function runtimeWith(actions: Action[], pipeline: string[] = []): IAgentRuntime {
  return {
    agentId: 'agent-1',
    character: { name: 'Eliza' },
    actions,
    getPluginRegistrations: () => [{ plugin: 'bootstrap', actions: pipeline }],
    getCache: async () => undefined,
    setCache: async () => true,
  } as unknown as IAgentRuntime;
}

describe('chooseNamedAction (the offline model picks a plugin action the message names)', () => {
  const runtime = runtimeWith([greet, action('GET_WEATHER'), action('CHOICE')], ['CHOICE']);

  it('matches a name or a simile in any case, words joined by spaces, _ or -', () => {
    expect(chooseNamedAction(runtime, 'what is the Get Weather today')?.name).toBe('GET_WEATHER');
    expect(chooseNamedAction(runtime, 'please say_hello')?.name).toBe('GREET');
    expect(chooseNamedAction(runtime, 'greetings to all')).toBeNull();
  });

  it('takes the JSON after the name as parameters and names the required ones missing', () => {
    expect(chooseNamedAction(runtime, 'greet {"name": "Ada"}')).toMatchObject({
      name: 'GREET',
      params: { name: 'Ada' },
      missing: [],
    });
    expect(chooseNamedAction(runtime, 'say hello')).toMatchObject({ missing: ['name'], example: { name: 'Ada' } });
  });

  it("never picks the pipeline's own actions", () => {
    expect(chooseNamedAction(runtime, 'I have no choice')).toBeNull();
  });

  it('answers the message handler with the action and its <params>, or asks for the missing parameters', async () => {
    const chosen = await elizaTextHandler(runtime, {
      prompt: '',
      hints: { purpose: 'messageHandler', message: { text: 'greet {"name": "Ada"}' } },
    });
    expect(chosen).toContain('<actions>GREET</actions>');
    expect(chosen).toContain('<params><GREET><name>Ada</name></GREET></params>');
    const asked = await elizaTextHandler(runtime, {
      prompt: '',
      hints: { purpose: 'messageHandler', message: { text: 'say hello' } },
    });
    expect(asked).toContain('<actions>REPLY</actions>');
    expect(asked).toContain('GREET needs name: write them as JSON after its name, e.g. greet {"name":"Ada"}');
  });
});
