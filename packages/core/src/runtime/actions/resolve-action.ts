import type { Action } from '../../types/components';

const normalise = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Finds an action by name: exact name, then exact simile, then a fuzzy
 * (substring) match only when exactly one action fits, so a near-miss never
 * runs the wrong action.
 */
export function resolveAction(actions: readonly Action[], requested: string): Action | undefined {
  const wanted = normalise(requested);
  if (!wanted) return undefined;
  const byName = actions.find((a) => normalise(a.name) === wanted);
  if (byName) return byName;
  const bySimile = actions.find((a) => a.similes?.some((s) => normalise(s) === wanted));
  if (bySimile) return bySimile;
  const fuzzy = actions.filter((a) => {
    const name = normalise(a.name);
    return name.includes(wanted) || wanted.includes(name);
  });
  return fuzzy.length === 1 ? fuzzy[0] : undefined;
}
