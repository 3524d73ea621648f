import type { Evaluator } from '../types/components';
import { formatEvaluatorExamples } from './format-evaluator-examples';

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

describe('formatEvaluatorExamples', () => {
  it('formats Prompt / Messages / Outcome with names filled', () => {
    expect(formatEvaluatorExamples([reflection])).toBe(
      [
        'Prompt:',
        'Alice talks to {{agentName}}',
        '',
        'Messages:',
        'Alice: I live in Oslo',
        '{{agentName}}: Nice, Alice!',
        '',
        'Outcome:',
        '{"facts": ["Alice lives in Oslo"]}',
      ].join('\n'),
    );
  });

  it('separates examples with a blank line', () => {
    const out = formatEvaluatorExamples([reflection, goal]);
    expect(out.split('\n\nPrompt:\n')).toHaveLength(2);
    expect(out).toContain('Messages:\nBob: t');
  });

  it('returns an empty string without examples', () => {
    expect(formatEvaluatorExamples([evaluator('NONE')])).toBe('');
  });
});
