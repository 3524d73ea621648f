import type { Action } from '../types/components';
import { formatActions } from './format-actions';

function action(name: string, description = `does ${name}`): Action {
  return { name, description, handler: async () => undefined, validate: async () => true };
}

const reply = action('REPLY');

describe('formatActions', () => {
  it('lists each action with its description', () => {
    expect(formatActions([reply, action('X', '')])).toBe('- **REPLY**: does REPLY\n- **X**: No description available');
  });
});
