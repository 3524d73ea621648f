import { z } from 'zod';
import { describeConfigIssues, formatConfigErrors } from './format-config-errors';

describe('formatConfigErrors', () => {
  const schema = z.object({
    API_KEY: z.string(),
    PORT: z.coerce.number().int().min(1),
    MODE: z.enum(['a', 'b']),
  });

  it('names each key and its problem', () => {
    const result = schema.safeParse({ PORT: '0', MODE: 'c' });
    if (result.success) throw new Error('expected failure');
    const message = formatConfigErrors('plugin-test', result.error);
    expect(message.split('\n')[0]).toBe('Invalid configuration for plugin-test:');
    expect(message).toMatch(/ - API_KEY: missing; set API_KEY in the character settings or the environment/);
    expect(message).toMatch(/ - PORT: .*(>=|greater)/i);
    expect(message).toMatch(/ - MODE: /);
    expect(message.split('\n')).toHaveLength(4);
  });

  it('joins nested paths and labels root-level problems', () => {
    const lines = describeConfigIssues({
      issues: [
        { path: ['A', 0, 'b'], message: 'bad', code: 'custom' },
        { path: [], message: 'A or B is required', code: 'custom' },
      ],
    });
    expect(lines).toEqual(['A.0.b: bad', '(config): A or B is required']);
  });

  it('recognises zod 3 style missing-value issues', () => {
    const lines = describeConfigIssues({
      issues: [{ path: ['TOKEN'], message: 'Required', code: 'invalid_type', received: 'undefined' }],
    });
    expect(lines[0]).toBe('TOKEN: missing; set TOKEN in the character settings or the environment');
  });

  it('keeps the message for wrong-type values that are present', () => {
    const result = z.object({ N: z.number() }).safeParse({ N: 'x' });
    if (result.success) throw new Error('expected failure');
    expect(describeConfigIssues(result.error)[0]).toMatch(/^N: .*number/);
  });
});
