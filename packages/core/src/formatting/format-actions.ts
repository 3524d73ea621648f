import type { Action } from '../types/components';

/** One `- **NAME**: description` line per action, in the given order. */
export function formatActions(actions: Action[]): string {
  return actions
    .map((action) => `- **${action.name}**: ${action.description || 'No description available'}`)
    .join('\n');
}
