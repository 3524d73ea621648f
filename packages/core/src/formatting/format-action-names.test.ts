import type { Action } from '../types/components';
import { formatActionNames } from './format-action-names';

function action(name: string, description = `does ${name}`): Action {
  return { name, description, handler: async () => undefined, validate: async () => true };
}

const reply = action('REPLY');
const mute = action('MUTE_ROOM');

describe('formatActionNames', () => {
  it('lists names in the given order', () => {
    expect(formatActionNames([reply, mute])).toBe('REPLY, MUTE_ROOM');
    expect(formatActionNames([])).toBe('');
  });
});
