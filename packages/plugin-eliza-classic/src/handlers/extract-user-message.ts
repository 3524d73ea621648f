/** The message a prompt asks the model to answer, and who sent it (when the prompt says). */
export interface UserMessage {
  speaker: string | null;
  text: string;
}

const RECEIVED_HEADING = /^#\s*Received Message\s*$/gm;
const TEXT_BLOCK = /--- Text Start ---([\s\S]*?)--- Text End ---/g;
const PROVIDER_BLOCKS = [/<providers>([\s\S]*?)<\/providers>/, /<recentMessages>([\s\S]*?)<\/recentMessages>/];

/**
 * Looks, in order, for: the last `# Received Message` section (`Name: text`,
 * possibly over several lines); the last `--- Text Start ---` ...
 * `--- Text End ---` block; the last non-empty line that is not XML markup,
 * preferring the providers / recent-messages block so a template's own
 * closing instructions are not taken for the user's words.
 */
export function extractUserMessage(prompt: string): UserMessage {
  return fromReceivedSection(prompt) ?? fromTextBlock(prompt) ?? { speaker: null, text: lastPlainLine(prompt) };
}

function fromReceivedSection(prompt: string): UserMessage | null {
  let last: RegExpExecArray | null = null;
  RECEIVED_HEADING.lastIndex = 0;
  for (let match = RECEIVED_HEADING.exec(prompt); match; match = RECEIVED_HEADING.exec(prompt)) last = match;
  if (!last) return null;
  const lines = prompt.slice(last.index + last[0].length).split(/\r?\n/);
  let index = 1; // lines[0] is the remainder of the heading line
  while (index < lines.length && lines[index].trim() === '') index++;
  const body: string[] = [];
  for (; index < lines.length; index++) {
    const line = lines[index];
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('<')) break;
    body.push(line.trimEnd());
  }
  if (body.length === 0) return { speaker: null, text: '' };
  const first = /^([^:\n]+?):(?:\s+|$)([\s\S]*)$/.exec(body[0]);
  if (!first) return { speaker: null, text: body.join('\n').trim() };
  return { speaker: first[1].trim(), text: [first[2], ...body.slice(1)].join('\n').trim() };
}

function fromTextBlock(prompt: string): UserMessage | null {
  let last: string | null = null;
  TEXT_BLOCK.lastIndex = 0;
  for (let match = TEXT_BLOCK.exec(prompt); match; match = TEXT_BLOCK.exec(prompt)) last = match[1];
  return last === null ? null : { speaker: null, text: last.trim() };
}

function lastPlainLine(prompt: string): string {
  for (const block of PROVIDER_BLOCKS) {
    const inner = block.exec(prompt)?.[1];
    const line = inner === undefined ? '' : lastNonMarkupLine(inner);
    if (line) return line;
  }
  return lastNonMarkupLine(prompt);
}

function lastNonMarkupLine(text: string): string {
  const lines = text.split(/\r?\n/);
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index].trim();
    if (line !== '' && !line.startsWith('<')) return line;
  }
  return '';
}
