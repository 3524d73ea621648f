import type { Evaluator } from '../types/components';
import { fillExampleNames } from './example-names';

/**
 * Every evaluator example as a Prompt / Messages / Outcome block, with
 * {{nameN}} placeholders filled by fixed names.
 */
export function formatEvaluatorExamples(evaluators: Evaluator[]): string {
  const blocks: string[] = [];
  for (const evaluator of evaluators) {
    for (const example of evaluator.examples ?? []) {
      const index = blocks.length;
      const messages = (example.messages ?? [])
        .map((message) => `${message.name}: ${message.content?.text ?? ''}`)
        .join('\n');
      blocks.push(
        fillExampleNames(`Prompt:\n${example.prompt}\n\nMessages:\n${messages}\n\nOutcome:\n${example.outcome}`, index),
      );
    }
  }
  return blocks.join('\n\n');
}
