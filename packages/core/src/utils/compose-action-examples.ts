import type { Action, ActionExample } from '../types/components';
import { fillExampleNames } from './example-names';

function formatTurn(turn: ActionExample): string {
  const content = turn.content ?? {};
  const actions = content.actions ?? (typeof content.action === 'string' ? [content.action] : []);
  const suffix = actions.length > 0 ? ` (actions: ${actions.join(', ')})` : '';
  return `${turn.name}: ${content.text ?? ''}${suffix}`;
}

/**
 * Up to `count` example conversations for the prompt, taken round-robin
 * across actions (each action's first example, then each one's second, ...)
 * so every action is shown before any is shown twice. Deterministic, unlike
 * elizaOS's random pick, so the same actions give the same prompt.
 */
export function composeActionExamples(actions: Action[], count: number): string {
  if (count <= 0) return '';
  const pools = actions.map((action) => (action.examples ?? []).filter((example) => example && example.length > 0));
  const picked: ActionExample[][] = [];
  for (let round = 0; picked.length < count && pools.some((pool) => pool.length > round); round += 1) {
    for (const pool of pools) {
      if (picked.length >= count) break;
      if (pool.length > round) picked.push(pool[round]);
    }
  }
  return picked
    .map((example, index) => `\n${fillExampleNames(example.map(formatTurn).join('\n'), index)}`)
    .join('\n');
}
