import { logger } from '../logger/logger';
import type { HandlerCallback } from '../types/components';
import type { Memory } from '../types/memory';
import type { Content, UUID } from '../types/primitives';
import { createUniqueUuid, randomUuid } from '../uuid/uuid';
import { starterPlugin, StarterService } from './fixtures/eliza-style-plugin';
import { createTestRuntime } from './create-test-runtime';

const USER = '11111111-1111-1111-1111-111111111111' as UUID;
const ROOM = '22222222-2222-2222-2222-222222222222' as UUID;

const message = (text: string): Memory => ({
  id: randomUuid(),
  entityId: USER,
  roomId: ROOM,
  content: { text, source: 'test' },
});

describe('an elizaOS 1.x style plugin importing @elizaos/core', () => {
  const level = logger.level;
  beforeAll(() => (logger.level = process.env.LOG_LEVEL ?? 'silent'));
  afterAll(() => (logger.level = level));

  it('registers and runs its service, provider, action, evaluator, events and routes', async () => {
    const runtime = await createTestRuntime({ plugins: [starterPlugin] });

    // Service, found by its static serviceType.
    const service = runtime.getService<StarterService>(StarterService.serviceType);
    expect(service).toBeInstanceOf(StarterService);
    expect(service?.capabilityDescription).toContain('starter service');
    expect(runtime.hasService('starter')).toBe(true);

    // Provider, through composeState.
    const msg = message('hello there');
    const state = await runtime.composeState(msg);
    expect(state.values.greeting).toBe('hello');
    expect(state.text).toContain('I am a provider for Testy');
    expect(state.data.providers?.HELLO_WORLD_PROVIDER?.data).toEqual({ roomId: ROOM });

    // Action, through processActions (by name and by simile); its model is the plugin's own.
    const sent: [Content, string | undefined][] = [];
    const callback: HandlerCallback = async (content, actionName) => {
      sent.push([content, actionName]);
      return [];
    };
    const responses: Memory[] = [
      { id: randomUuid(), entityId: runtime.agentId, roomId: ROOM, content: { actions: ['HELLO_WORLD'] } },
    ];
    await runtime.processActions(msg, responses, state, callback);
    await runtime.processActions(
      message('again'),
      [{ ...responses[0], content: { actions: ['GREET'] } }],
      undefined,
      callback,
    );
    expect(sent).toHaveLength(2);
    expect(sent[0][0]).toEqual({
      text: expect.stringMatching(/^Hello from the starter model \(\d+ chars\)$/),
      actions: ['HELLO_WORLD'],
      source: 'test',
    });
    expect(sent[0][1]).toBe('HELLO_WORLD');
    expect(runtime.getActionResults(msg.id as UUID)).toEqual([{ success: true }]);
    expect(service?.greetings).toBe(2);

    // Evaluator, through evaluate: it stores a fact under a createUniqueUuid id.
    const ran = await runtime.evaluate(msg, state, true);
    expect(ran?.map((e) => e.name)).toEqual(['GREETING_EVALUATOR']);
    const fact = await runtime.getMemoryById(createUniqueUuid(runtime, `greeting-${msg.id}`));
    expect(fact).toMatchObject({ content: { text: 'hello there was a greeting' } });
    expect(await runtime.getMemories({ tableName: 'facts', roomId: msg.roomId })).toHaveLength(1);
    expect(await runtime.evaluate(message('what time is it'), state, true)).toEqual([]);

    // Events and routes.
    await expect(runtime.emitEvent('MESSAGE_RECEIVED', { message: msg, source: 'test' })).resolves.toBeUndefined();
    expect(runtime.getEvent('WORLD_CONNECTED')).toHaveLength(1);
    expect(runtime.routes).toEqual([expect.objectContaining({ path: '/helloworld', pluginName: 'plugin-starter' })]);
    const json = jest.fn();
    await runtime.routes[0].handler?.({}, { json, status: jest.fn(), send: jest.fn(), end: jest.fn() }, runtime);
    expect(json).toHaveBeenCalledWith({ message: 'Hello World!' });

    // Models, registered under the plugin name.
    expect(runtime.getModelHandlers('TEXT_LARGE').map((h) => h.provider)).toEqual(['plugin-starter']);

    await runtime.stop();
    expect(service?.stopped).toBe(true);
  });

  it('fails initialisation naming the plugin when its init throws', async () => {
    await expect(
      createTestRuntime({ plugins: [starterPlugin], settings: { EXAMPLE_PLUGIN_VARIABLE: 'invalid' } }),
    ).rejects.toThrow(/Plugin "plugin-starter" failed to initialise: Invalid plugin configuration/);
  });
});
