import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { Action, ActionParameter, ActionParameterSchema } from '../../types/components';

// Loaded on the first action with parameters: ajv costs ~17 ms of every start otherwise.
let ajv: Ajv | undefined;
function compiler(): Ajv {
  if (!ajv) {
    const { default: AjvClass } = require('ajv') as typeof import('ajv');
    ajv = new AjvClass({ useDefaults: true, coerceTypes: true, allErrors: true, strict: false });
  }
  return ajv;
}
const validators = new WeakMap<Action, ValidateFunction>();

type JsonSchema = Record<string, unknown>;

/** ActionParameterSchema → JSON Schema (`enumValues` is an alias of `enum`). */
function toJsonSchema(schema: ActionParameterSchema): JsonSchema {
  const out: JsonSchema = { type: schema.type };
  const enumValues = schema.enum ?? schema.enumValues;
  if (enumValues) out.enum = enumValues;
  if (schema.default !== undefined && schema.default !== null) out.default = schema.default;
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  if (schema.pattern !== undefined) out.pattern = schema.pattern;
  if (schema.items) out.items = toJsonSchema(schema.items);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, toJsonSchema(value)]),
    );
    if (schema.required) out.required = schema.required;
  }
  return out;
}

export function parametersJsonSchema(parameters: ActionParameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, toJsonSchema(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

export type ParameterCheck = { ok: true; parameters: Record<string, unknown> } | { ok: false; error: string };

/** Validates (and applies defaults to) an action's parameters. */
export function validateActionParameters(action: Action, input: Record<string, unknown>): ParameterCheck {
  const parameters = action.parameters ?? [];
  if (parameters.length === 0) return { ok: true, parameters: input };
  let validate = validators.get(action);
  if (!validate) {
    validate = compiler().compile(parametersJsonSchema(parameters));
    validators.set(action, validate);
  }
  const candidate = structuredClone(input);
  if (validate(candidate)) return { ok: true, parameters: candidate };
  const problems = (validate.errors ?? []).map((e) => {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // A nested missing property is named with its parent path (contact.email).
    if (missing) return `parameter "${path ? `${path}.${missing}` : missing}" is required`;
    return `parameter "${path || '(parameters)'}" ${e.message ?? 'is invalid'}`;
  });
  return { ok: false, error: `Invalid parameters for ${action.name}: ${problems.join('; ')}` };
}

/** True when some required parameter is absent from `given`. */
export function missingRequired(action: Action, given: Record<string, unknown> | undefined): boolean {
  return (action.parameters ?? []).some((p) => p.required && (given?.[p.name] === undefined || given[p.name] === ''));
}

/** The parameter list as shown to the model for extraction. */
export function describeParameters(parameters: ActionParameter[]): string {
  return parameters
    .map((p) => {
      const enumValues = p.schema.enum ?? p.schema.enumValues;
      const details = [
        p.schema.type,
        p.required ? 'required' : 'optional',
        enumValues ? `one of ${enumValues.join('|')}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const examples = p.examples?.length ? ` Examples: ${p.examples.map((e) => JSON.stringify(e)).join(', ')}` : '';
      return `- ${p.name} (${details}): ${p.description}${examples}`;
    })
    .join('\n');
}
