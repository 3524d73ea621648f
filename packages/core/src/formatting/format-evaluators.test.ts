import type { Evaluator } from '../types/components';
import { formatEvaluatorNames, formatEvaluators } from './format-evaluators';

function evaluator(name: string, examples: Evaluator['examples'] = []): Evaluator {
  return { name, description: `checks ${name}`, examples, handler: async () => undefined, validate: async () => true };
}

const reflection = evaluator('REFLECTION', [
  {
    prompt: '{{name1}} talks to {{agentName}}',
    messages: [
      { name: '{{name1}}', content: { text: 'I live in Oslo' } },
      { name: '{{agentName}}', content: { text: 'Nice, {{name1}}!' } },
    ],
    outcome: '{"facts": ["{{name1}} lives in Oslo"]}',
  },
]);
const goal = evaluator('GOAL', [
  { prompt: 'p2', messages: [{ name: '{{user1}}', content: { text: 't' } }], outcome: 'o2' },
]);

describe('formatEvaluatorNames / formatEvaluators', () => {
  it('quotes each evaluator, comma-newline separated', () => {
    expect(formatEvaluatorNames([reflection, goal])).toBe("'REFLECTION',\n'GOAL'");
    expect(formatEvaluators([reflection, goal])).toBe("'REFLECTION: checks REFLECTION',\n'GOAL: checks GOAL'");
  });
});
