import type { Action, ActionParameter } from '../../types/components';
import {
  describeParameters,
  missingRequired,
  parametersJsonSchema,
  validateActionParameters,
} from './action-parameters';

const withParameters = (parameters: ActionParameter[]): Action => ({
  name: 'ACT',
  description: '',
  validate: async () => true,
  handler: async () => true,
  parameters,
});

describe('action parameters', () => {
  const params: ActionParameter[] = [
    { name: 'count', description: 'how many', required: true, schema: { type: 'integer', minimum: 1 } },
    { name: 'unit', description: 'units', schema: { type: 'string', enumValues: ['c', 'f'], default: 'c' } },
    {
      name: 'where',
      description: 'place',
      schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ];

  it('builds a JSON schema with required names, enum aliases and nested requirements', () => {
    expect(parametersJsonSchema(params)).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1 },
        unit: { type: 'string', enum: ['c', 'f'], default: 'c' },
        where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      required: ['count'],
    });
  });

  it('applies defaults and coerces numeric strings without touching the input', () => {
    const input = { count: '3' };
    expect(validateActionParameters(withParameters(params), input)).toEqual({
      ok: true,
      parameters: { count: 3, unit: 'c' },
    });
    expect(input).toEqual({ count: '3' });
  });

  it('lists every problem, naming nested parameters with their path', () => {
    const check = validateActionParameters(withParameters(params), { count: 0, where: {} });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.error).toContain('Invalid parameters for ACT');
    expect(check.error).toContain('"count"');
    expect(check.error).toContain('"where.city" is required');
  });

  it('accepts anything for an action without declared parameters', () => {
    expect(validateActionParameters(withParameters([]), { free: true })).toEqual({
      ok: true,
      parameters: { free: true },
    });
  });

  it('detects missing required parameters, treating an empty string as missing', () => {
    const action = withParameters(params);
    expect(missingRequired(action, undefined)).toBe(true);
    expect(missingRequired(action, { count: '' })).toBe(true);
    expect(missingRequired(action, { count: 1 })).toBe(false);
  });

  it('describes parameters for the extraction prompt', () => {
    const text = describeParameters([
      {
        name: 'unit',
        description: 'Units',
        required: true,
        schema: { type: 'string', enum: ['c', 'f'] },
        examples: ['c'],
      },
    ]);
    expect(text).toBe('- unit (string, required, one of c|f): Units Examples: "c"');
  });
});
