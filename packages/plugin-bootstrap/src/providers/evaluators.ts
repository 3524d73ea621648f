import { formatEvaluatorExamples, type Provider } from '@kith/core';

/** The agent's evaluators, with examples; private, for prompts that choose evaluators. */
export const evaluatorsProvider: Provider = {
  name: 'EVALUATORS',
  description: 'Evaluators that can run after a turn',
  private: true,
  get: async (runtime) => {
    const evaluators = runtime.evaluators;
    if (evaluators.length === 0) return { values: { evaluators: '', evaluatorNames: '' } };
    const list = evaluators.map((e) => `- ${e.name}: ${e.description}`).join('\n');
    const examples = formatEvaluatorExamples(evaluators);
    const text = [`# Evaluators\n${list}`, examples ? `# Evaluator Examples\n${examples}` : '']
      .filter(Boolean)
      .join('\n\n');
    return {
      text,
      values: {
        evaluators: list,
        evaluatorNames: evaluators.map((e) => e.name).join(', '),
        evaluatorExamples: examples,
      },
      data: { evaluators: evaluators.map((e) => ({ name: e.name, description: e.description })) },
    };
  },
};
