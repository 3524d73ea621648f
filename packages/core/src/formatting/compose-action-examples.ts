import type { Action, ActionExample } from '../types/components';
import { BoundedMap } from '../maps/bounded-map';
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
  // Deterministic, and asked for on every turn with the same actions: remembered per list.
  const key = `${count}\u0000${actions.map((action) => action.name).join('\u0000')}`;
  const known = remembered.get(key);
  if (
    known &&
    known.actions.length === actions.length &&
    known.actions.every((action, i) => action === actions[i] && sameExamples(action, known.examples[i]))
  ) {
    return known.text;
  }
  const text = compose(actions, count);
  remembered.set(key, { actions: [...actions], examples: actions.map(seen), text });
  return text;
}

const MAX_REMEMBERED = 64;
// FIFO: one entry per distinct action list, and agents have a handful.
const remembered = new BoundedMap<string, { actions: Action[]; examples: ExamplesSeen[]; text: string }>(
  MAX_REMEMBERED,
);

/** An action's examples as last composed: the list, and its length (a push into it is a change). */
interface ExamplesSeen {
  list: Action['examples'];
  length: number;
}

function seen(action: Action): ExamplesSeen {
  return { list: action.examples, length: action.examples?.length ?? 0 };
}

function sameExamples(action: Action, before: ExamplesSeen): boolean {
  return action.examples === before.list && (action.examples?.length ?? 0) === before.length;
}

function compose(actions: Action[], count: number): string {
  const pools = actions.map((action) => (action.examples ?? []).filter((example) => example && example.length > 0));
  const picked: ActionExample[][] = [];
  for (let round = 0; picked.length < count && pools.some((pool) => pool.length > round); round += 1) {
    for (const pool of pools) {
      if (picked.length >= count) break;
      if (pool.length > round) picked.push(pool[round]);
    }
  }
  return picked.map((example, index) => `\n${fillExampleNames(example.map(formatTurn).join('\n'), index)}`).join('\n');
}
