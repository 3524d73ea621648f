import type { Action } from '../types/components';

/** `REPLY, IGNORE, ...` in the given order (elizaOS shuffled; a stable order keeps prompts cacheable). */
export function formatActionNames(actions: Action[]): string {
  return actions.map((action) => action.name).join(', ');
}
