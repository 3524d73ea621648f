import { ActionFilterService } from '../services/action-filter-service';
import { composeActionExamples, type Action, type ActionParameter, type ActionParameterSchema, type IAgentRuntime, type Memory, type Provider, type State } from '@kith/core';

const EXAMPLE_COUNT = 5;

function shape(schema: ActionParameterSchema): string {
  const choices = schema.enum ?? schema.enumValues;
  if (choices) return choices.join('|');
  if (schema.type === 'array') return `list of ${schema.items ? shape(schema.items) : 'items'}`;
  if (schema.type === 'object' && schema.properties) return `{${Object.keys(schema.properties).join(', ')}}`;
  return schema.type;
}

/** `name (a|b)` for enums, `name?` for optional parameters: enough for the model to fill <params>. */
function parameterLabel(parameter: ActionParameter): string {
  const kind = parameter.schema.type === 'string' && !(parameter.schema.enum ?? parameter.schema.enumValues) ? '' : ` (${shape(parameter.schema)})`;
  return `${parameter.name}${parameter.required ? '' : '?'}${kind}`;
}

export function actionLine(action: Action): string {
  const params = action.parameters?.length ? ` Params: ${action.parameters.map(parameterLabel).join(', ')}` : '';
  return `- ${action.name}: ${action.description}${params}`;
}

/**
 * The actions that validate for this message, one line each (descriptions
 * are one line on purpose: this text is in every prompt). Examples are
 * offered as {{actionExamples}} for templates that want them, not in the
 * default text.
 */
export const actionsProvider: Provider = {
  name: 'ACTIONS',
  description: 'Actions the agent can take now',
  position: -1,
  get: async (runtime: IAgentRuntime, message: Memory, state: State) => {
    const checks = await Promise.all(
      runtime.actions.map(async (action) => {
        try {
          return (await action.validate(runtime, message, state)) ? action : null;
        } catch (error) {
          runtime.logger.debug({ action: action.name, err: error }, `Validation of ${action.name} threw; not offering it`);
          return null;
        }
      }),
    );
    const validated = checks.filter((a): a is Action => a !== null);
    // With many actions registered, list only those relevant to this message.
    const filter = runtime.getService<ActionFilterService>(ActionFilterService.serviceType);
    const valid = filter ? await filter.select(message, validated) : validated;
    const text = `# Available Actions\n${valid.map(actionLine).join('\n')}`;
    return {
      text,
      values: {
        actionNames: valid.map((a) => a.name).join(', '),
        actionsWithDescriptions: text,
        actionExamples: composeActionExamples(valid, EXAMPLE_COUNT),
      },
      data: { actionsData: valid.map((a) => a.name) },
    };
  },
};
