import type { Action } from '../../types/components';
import { resolveAction } from './resolve-action';

const action = (name: string, similes?: string[]): Action => ({
  name,
  similes,
  description: name,
  validate: async () => true,
  handler: async () => true,
});

describe('resolveAction', () => {
  const actions = [
    action('SEND_MESSAGE', ['DM', 'whisper']),
    action('SEND_EMAIL'),
    action('REPLY', ['RESPOND']),
    action('MUTE_ROOM'),
  ];

  it('matches the exact name, ignoring case and punctuation', () => {
    expect(resolveAction(actions, 'SEND_MESSAGE')?.name).toBe('SEND_MESSAGE');
    expect(resolveAction(actions, 'send-message')?.name).toBe('SEND_MESSAGE');
    expect(resolveAction(actions, 'reply')?.name).toBe('REPLY');
  });

  it('matches a simile', () => {
    expect(resolveAction(actions, 'WHISPER')?.name).toBe('SEND_MESSAGE');
    expect(resolveAction(actions, 'respond')?.name).toBe('REPLY');
  });

  it('prefers an exact name over a simile of another action', () => {
    const list = [action('OTHER', ['REPLY']), action('REPLY')];
    expect(resolveAction(list, 'REPLY')?.name).toBe('REPLY');
  });

  it('accepts a fuzzy match only when exactly one action fits', () => {
    expect(resolveAction(actions, 'MUTE')?.name).toBe('MUTE_ROOM');
    expect(resolveAction(actions, 'REPLY_NOW')?.name).toBe('REPLY');
    expect(resolveAction(actions, 'SEND')).toBeUndefined();
  });

  it('returns nothing for empty or unknown names', () => {
    expect(resolveAction(actions, '')).toBeUndefined();
    expect(resolveAction(actions, '__')).toBeUndefined();
    expect(resolveAction(actions, 'DANCE')).toBeUndefined();
  });
});
