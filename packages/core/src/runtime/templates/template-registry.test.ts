import { messageHandlerTemplate } from '../../prompts/templates';
import { createCapturingLogger, createTestRuntime, testCharacter } from '../../testing';

describe('template resolution', () => {
  it('prefers the character, then the runtime, then a plugin, then the default', async () => {
    const plugin = {
      name: 'styler',
      description: 'sets templates',
      templates: { messageHandlerTemplate: 'from plugin', customTemplate: 'plugin custom' },
    };
    const runtime = await createTestRuntime({ plugins: [plugin] });
    expect(runtime.getTemplate('messageHandlerTemplate')).toBe('from plugin');
    expect(runtime.getTemplate('customTemplate')).toBe('plugin custom');
    runtime.setTemplate('messageHandlerTemplate', 'from runtime');
    expect(runtime.getTemplate('messageHandlerTemplate')).toBe('from runtime');
    runtime.character.templates = { messageHandlerTemplate: 'from character' };
    expect(runtime.getTemplate('messageHandlerTemplate')).toBe('from character');
    expect(runtime.getTemplate('shouldRespondTemplate')).toContain('<task>');
    expect(runtime.getTemplate('noSuchTemplate')).toBeUndefined();
  });

  it('falls back to the default and warns when two plugins set the same template', async () => {
    const capture = createCapturingLogger('warn');
    const runtime = await createTestRuntime({
      character: { ...testCharacter, templates: undefined },
      logger: capture.logger,
      plugins: [
        { name: 'first', description: '', templates: { reflectionTemplate: 'first wins' } },
        { name: 'second', description: '', templates: { reflectionTemplate: 'second loses' } },
      ],
    });
    expect(runtime.getTemplate('reflectionTemplate')).toBe('first wins');
    expect(capture.messages('warn').some((m) => m.includes('second') && m.includes('reflectionTemplate'))).toBe(true);
    expect(runtime.getTemplate('messageHandlerTemplate')).toBe(messageHandlerTemplate);
  });
});
