import { createHarness } from '../__fixtures__/bootstrap-harness';
import { actionsProvider } from './actions';

describe('ACTIONS', () => {
  it('lists the actions that validate, one line each, with parameter hints', async () => {
    const { runtime, message } = await createHarness();
    const result = await actionsProvider.get(runtime, message('hi'), { values: {}, data: {}, text: '' });
    const names = String(result.values?.actionNames).split(', ');
    expect(names).toEqual(expect.arrayContaining(['REPLY', 'IGNORE', 'NONE', 'FOLLOW_ROOM', 'MUTE_ROOM', 'SEND_MESSAGE', 'UPDATE_ENTITY']));
    // Not valid here: nothing to unfollow/unmute, no pending choice, no role, no onboarding, no IMAGE model.
    for (const hidden of ['UNFOLLOW_ROOM', 'UNMUTE_ROOM', 'CHOICE', 'UPDATE_ROLE', 'UPDATE_SETTINGS', 'GENERATE_IMAGE']) expect(names).not.toContain(hidden);
    expect(result.text).toContain('- SEND_MESSAGE: Send a message to another person or room (not a reply here). Params: targetType (user|room), target, text, source?');
    expect(result.text?.split('\n')).toHaveLength(names.length + 1);
    expect(result.values?.actionExamples).toContain('REPLY');
  });
});
