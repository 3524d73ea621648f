import type { Evaluator } from '../types/components';

/** `'NAME'` per evaluator, comma-and-newline separated (elizaOS format). */
export function formatEvaluatorNames(evaluators: Evaluator[]): string {
  return evaluators.map((evaluator) => `'${evaluator.name}'`).join(',\n');
}

/** `'NAME: description'` per evaluator, comma-and-newline separated (elizaOS format). */
export function formatEvaluators(evaluators: Evaluator[]): string {
  return evaluators.map((evaluator) => `'${evaluator.name}: ${evaluator.description}'`).join(',\n');
}
