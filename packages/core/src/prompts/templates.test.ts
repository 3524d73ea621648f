import { messageHandlerTemplate, reflectionTemplate, shouldRespondTemplate } from './templates';

describe('default templates, laid out for provider prompt caches', () => {
  it.each([
    ['shouldRespondTemplate', shouldRespondTemplate, ['{{providers}}']],
    ['messageHandlerTemplate', messageHandlerTemplate, ['{{actionNames}}', '{{providers}}']],
    ['reflectionTemplate', reflectionTemplate, ['{{entitiesInRoom}}', '{{knownFacts}}', '{{recentMessages}}']],
  ])('%s: task, instructions and output format first, then what the turn fills in', (_name, template, variables) => {
    const task = template.indexOf('<task>');
    const instructions = template.indexOf('<instructions>');
    const output = template.indexOf('</output>');
    expect(task).toBe(0);
    expect(instructions).toBeGreaterThan(task);
    expect(output).toBeGreaterThan(instructions);
    // Nothing before the output format changes from turn to turn but the agent's name.
    expect(
      template
        .slice(0, output)
        .match(/\{\{\s*(\w+)\s*\}\}/g)
        ?.every((name) => name === '{{agentName}}') ?? true,
    ).toBe(true);
    for (const variable of variables) expect(template.indexOf(variable)).toBeGreaterThan(output);
    // The last of them ends the prompt: only its closing tag follows.
    const last = variables[variables.length - 1];
    expect(template.slice(template.indexOf(last) + last.length)).toMatch(/^\s*<\/\w+>\s*$/);
  });
});
