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

export function messageHandlerXml(thought: string, actions: readonly string[], text: string): string {
  return [
    '<response>',
    `  <thought>${escapeXml(thought)}</thought>`,
    `  <actions>${actions.join(',')}</actions>`,
    '  <providers></providers>',
    `  <text>${escapeXml(text)}</text>`,
    '</response>',
  ].join('\n');
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
