import type { Action, IAgentRuntime, Memory, Provider, State } from '@kith/core';

/** The actions that validate for this message, one line each to keep the prompt small. */
export const actionsProvider: Provider = {
  name: 'ACTIONS',
  description: 'Actions the agent can take now',
  position: -1,
  get: async (runtime: IAgentRuntime, message: Memory, state: State) => {
    const checks = await Promise.all(
      runtime.actions.map(async (action) => {
        try {
          return (await action.validate(runtime, message, state)) ? action : null;
        } catch {
          return null;
        }
      }),
    );
    const valid = checks.filter((a): a is Action => a !== null);
    const lines = valid.map((a) => `- ${a.name}: ${a.description}${parameterHint(a)}`);
    return {
      text: `# Available Actions\n${lines.join('\n')}`,
      values: { actionNames: valid.map((a) => a.name).join(', ') },
      data: { actionsData: valid.map((a) => a.name) },
    };
  },
};

function parameterHint(action: Action): string {
  if (!action.parameters?.length) return '';
  const params = action.parameters.map((p) => `${p.name}${p.required ? '' : '?'}: ${p.schema.type}`).join(', ');
  return ` Params: ${params}`;
}
