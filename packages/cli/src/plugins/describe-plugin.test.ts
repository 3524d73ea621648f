import { AgentRuntime, createLogger, type Plugin } from '@kith/core';
import { describeRegistrations, pluginRegistrations } from './describe-plugin';

describe('what a plugin registers', () => {
  it('counts each kind of the runtime record, skipping null entries, and names the model types', async () => {
    const noop = async () => true;
    const plugin: Plugin = {
      name: 'p',
      description: 'p',
      actions: [{ name: 'A', description: 'a', handler: noop, validate: noop }, null],
      providers: [{ name: 'P', get: async () => ({}) }],
      evaluators: [],
      models: { TEXT_SMALL: async () => '', TEXT_LARGE: async () => '' },
      routes: [{ type: 'GET', path: '/x' }],
      events: { MESSAGE_RECEIVED: [async () => undefined, async () => undefined] },
      // What init registers directly on the runtime counts too.
      init: async (_config, runtime) => runtime.registerProvider({ name: 'FROM_INIT', get: async () => ({}) }),
    };
    const runtime = new AgentRuntime({ character: { name: 'T', bio: '' }, logger: createLogger({ level: 'silent' }) });
    await runtime.registerPlugin(plugin);
    const [record] = runtime.getPluginRegistrations();
    expect(record).toMatchObject({ plugin: 'p', actions: ['A'], providers: ['FROM_INIT', 'P'], routes: ['GET /x'] });
    const registrations = pluginRegistrations(record);
    expect(registrations).toEqual({
      actions: 1,
      providers: 2,
      evaluators: 0,
      services: 0,
      models: ['TEXT_SMALL', 'TEXT_LARGE'],
      routes: 1,
      events: 2,
    });
    expect(describeRegistrations(registrations)).toBe(
      '1 action, 2 providers, 0 evaluators, 0 services, 2 models (TEXT_SMALL, TEXT_LARGE), 1 route, 2 event handlers',
    );
    const empty = {
      plugin: 'empty',
      actions: [],
      providers: [],
      evaluators: [],
      models: [],
      routes: [],
      services: [],
      events: [],
      templates: [],
    };
    expect(describeRegistrations(pluginRegistrations(empty))).toBe(
      '0 actions, 0 providers, 0 evaluators, 0 services, 0 models',
    );
  });
});
