import type { Plugin } from '@kith/core';
import { describeRegistrations, pluginRegistrations } from './describe-plugin';

describe('what a plugin registers', () => {
  it('counts each kind, skipping null entries, and names the model types', () => {
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
    };
    const registrations = pluginRegistrations(plugin);
    expect(registrations).toEqual({ actions: 1, providers: 1, evaluators: 0, services: 0, models: ['TEXT_SMALL', 'TEXT_LARGE'], routes: 1, events: 2 });
    expect(describeRegistrations(registrations)).toBe('1 action, 1 provider, 0 evaluators, 0 services, 2 models (TEXT_SMALL, TEXT_LARGE), 1 route, 2 event handlers');
    expect(describeRegistrations(pluginRegistrations({ name: 'empty', description: '' }))).toBe('0 actions, 0 providers, 0 evaluators, 0 services, 0 models');
  });
});
