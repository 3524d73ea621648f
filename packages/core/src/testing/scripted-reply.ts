export interface ScriptedReplyOptions {
  providers?: string[];
  /** Action parameters, by action name. */
  params?: Record<string, Record<string, unknown>>;
  simple?: boolean;
}

function paramsXml(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => {
      const inner =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? paramsXml(value as Record<string, unknown>)
          : String(value);
      return `<${key}>${inner}</${key}>`;
    })
    .join('');
}

/** The `<response>` XML the message-handler template asks the model for. */
export function scriptedReply(
  text: string,
  actions: string[] = ['REPLY'],
  thought = '...',
  options: ScriptedReplyOptions = {},
): string {
  const lines = [
    '<response>',
    `  <thought>${thought}</thought>`,
    `  <actions>${actions.join(',')}</actions>`,
    `  <providers>${(options.providers ?? []).join(',')}</providers>`,
    `  <text>${text}</text>`,
  ];
  if (options.simple !== undefined) lines.push(`  <simple>${options.simple}</simple>`);
  if (options.params) lines.push(`  <params>${paramsXml(options.params)}</params>`);
  lines.push('</response>');
  return lines.join('\n');
}
