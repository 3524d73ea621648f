import { escapeXml } from './escape-xml';

/** The XML each pipeline template asks for, with every text value escaped. */

export type ShouldRespondAction = 'RESPOND' | 'IGNORE' | 'STOP';

export function shouldRespondXml(agentName: string, reasoning: string, action: ShouldRespondAction): string {
  return [
    '<response>',
    `  <name>${escapeXml(agentName)}</name>`,
    `  <reasoning>${escapeXml(reasoning)}</reasoning>`,
    `  <action>${action}</action>`,
    '</response>',
  ].join('\n');
}

export function messageHandlerXml(
  thought: string,
  actions: readonly string[],
  text: string,
  params?: Record<string, Record<string, unknown>>,
): string {
  const lines = [
    '<response>',
    `  <thought>${escapeXml(thought)}</thought>`,
    `  <actions>${actions.join(',')}</actions>`,
    '  <providers></providers>',
    `  <text>${escapeXml(text)}</text>`,
  ];
  if (params && Object.keys(params).length > 0) lines.push(`  <params>${paramsXml(params)}</params>`);
  return [...lines, '</response>'].join('\n');
}

/** `<ACTION><key>value</key></ACTION>`; a value that is not a string is written as JSON. */
function paramsXml(params: Record<string, Record<string, unknown>>): string {
  return Object.entries(params)
    .map(([action, values]) => {
      const inner = Object.entries(values)
        .map(
          ([key, value]) => `<${key}>${escapeXml(typeof value === 'string' ? value : JSON.stringify(value))}</${key}>`,
        )
        .join('');
      return `<${action}>${inner}</${action}>`;
    })
    .join('');
}

export function reflectionXml(thought: string): string {
  return [
    '<response>',
    `  <thought>${escapeXml(thought)}</thought>`,
    '  <facts></facts>',
    '  <relationships></relationships>',
    '</response>',
  ].join('\n');
}

export function postXml(thought: string, post: string): string {
  return [
    '<response>',
    `  <thought>${escapeXml(thought)}</thought>`,
    `  <post>${escapeXml(post)}</post>`,
    '  <imagePrompt></imagePrompt>',
    '</response>',
  ].join('\n');
}
