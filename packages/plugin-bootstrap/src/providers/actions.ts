import { ActionFilterService } from '../services/action-filter-service';
import {
  composeActionExamples,
  isPromiseLike,
  type Action,
  type ActionParameter,
  type ActionParameterSchema,
  type IAgentRuntime,
  type Memory,
  type Provider,
  type State,
} from '@kith/core';

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
  const kind =
    parameter.schema.type === 'string' && !(parameter.schema.enum ?? parameter.schema.enumValues)
      ? ''
      : ` (${shape(parameter.schema)})`;
  return `${parameter.name}${parameter.required ? '' : '?'}${kind}`;
}

export function actionLine(action: Action): string {
  const params = action.parameters?.length ? ` Params: ${action.parameters.map(parameterLabel).join(', ')}` : '';
  return `- ${action.name}: ${action.description}${params}`;
}

/**
 * The registered actions whose validate accepts the message, in registration
 * order. Validators run in parallel; one that throws or rejects is left out.
 * Collected by hand rather than with Promise.all over async wrappers, which
 * made three promises per action on every turn.
 */
export function validActions(runtime: IAgentRuntime, message: Memory, state: State): Action[] | Promise<Action[]> {
  const actions = runtime.actions;
  const verdicts: boolean[] = new Array<boolean>(actions.length).fill(false);
  let pending = 0;
  let finish: (() => void) | undefined;
  const refuse = (action: Action, error: unknown): void =>
    runtime.logger.debug({ action: action.name, err: error }, `Validation of ${action.name} threw; not offering it`);
  const settle = (): void => {
    if (--pending === 0) finish?.();
  };
  actions.forEach((action, index) => {
    let verdict: unknown;
    try {
      verdict = action.validate(runtime, message, state);
    } catch (error) {
      return refuse(action, error);
    }
    if (!isPromiseLike(verdict)) return void (verdicts[index] = Boolean(verdict));
    pending += 1;
    verdict.then(
      (ok) => {
        verdicts[index] = Boolean(ok);
        settle();
      },
      (error: unknown) => {
        refuse(action, error);
        settle();
      },
    );
  });
  const chosen = (): Action[] => actions.filter((_, index) => verdicts[index]);
  if (pending === 0) return chosen();
  return new Promise((resolve) => (finish = () => resolve(chosen())));
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
  position: -60,
  get: async (runtime: IAgentRuntime, message: Memory, state: State) => {
    const validated = await validActions(runtime, message, state);
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
