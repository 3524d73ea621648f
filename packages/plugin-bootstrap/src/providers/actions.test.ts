import { createHarness } from '../testing/bootstrap-harness';
import type { Action } from '@kith/core';
import { actionsProvider, validActions } from './actions';

describe('ACTIONS', () => {
  it('lists the actions that validate, one line each, with parameter hints', async () => {
    const { runtime, message } = await createHarness();
    const result = await actionsProvider.get(runtime, message('hi'), { values: {}, data: {}, text: '' });
    const names = String(result.values?.actionNames).split(', ');
    expect(names).toEqual(
      expect.arrayContaining(['REPLY', 'IGNORE', 'NONE', 'FOLLOW_ROOM', 'MUTE_ROOM', 'SEND_MESSAGE', 'UPDATE_ENTITY']),
    );
    // Not valid here: nothing to unfollow/unmute, no pending choice, no role, no onboarding, no IMAGE model.
    for (const hidden of ['UNFOLLOW_ROOM', 'UNMUTE_ROOM', 'CHOICE', 'UPDATE_ROLE', 'UPDATE_SETTINGS', 'GENERATE_IMAGE'])
      expect(names).not.toContain(hidden);
    expect(result.text).toContain(
      '- SEND_MESSAGE: Send a message to another person or room (not a reply here). Params: targetType (user|room), target, text, source?',
    );
    expect(result.text?.split('\n')).toHaveLength(names.length + 1);
    expect(result.values?.actionExamples).toContain('REPLY');
  });

  it('keeps registration order whatever the validators return, and leaves out those that throw or reject', async () => {
    const { runtime, message } = await createHarness();
    const action = (name: string, validate: () => unknown): Action => ({
      name,
      description: name,
      handler: async () => undefined,
      validate: validate as Action['validate'],
    });
    const later = (ok: boolean) => () => new Promise<boolean>((resolve) => setTimeout(() => resolve(ok), 5));
    const actions = [
      action('SLOW_YES', later(true)),
      action('SYNC_YES', () => true),
      action('THROWS', () => {
        throw new Error('validate broke');
      }),
      action('REJECTS', () => Promise.reject(new Error('validate rejected'))),
      action('SLOW_NO', later(false)),
      action('SYNC_NO', () => false),
    ];
    const withActions = Object.create(runtime, { actions: { value: actions } }) as typeof runtime;
    const chosen = await validActions(withActions, message('hi'), { values: {}, data: {}, text: '' });
    expect(chosen.map((a) => a.name)).toEqual(['SLOW_YES', 'SYNC_YES']);
  });

  it('answers without a promise when every validator answers synchronously', async () => {
    const { runtime, message } = await createHarness();
    const action: Action = {
      name: 'NOW',
      description: 'now',
      handler: async () => undefined,
      validate: (() => true) as unknown as Action['validate'],
    };
    const withActions = Object.create(runtime, { actions: { value: [action] } }) as typeof runtime;
    expect(validActions(withActions, message('hi'), { values: {}, data: {}, text: '' })).toEqual([action]);
  });
});
