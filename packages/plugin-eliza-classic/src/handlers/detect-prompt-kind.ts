/** Which pipeline prompt a TEXT_SMALL / TEXT_LARGE call carries. */
export type PromptKind =
  'should-respond' | 'message-handler' | 'reflection' | 'evaluation' | 'extract-parameters' | 'post' | 'other';

const MARKERS: readonly { kind: PromptKind; pattern: RegExp }[] = [
  { kind: 'should-respond', pattern: /RESPOND \| IGNORE \| STOP/g },
  { kind: 'message-handler', pattern: /<actions>|Generate dialog and actions/g },
  { kind: 'reflection', pattern: /<facts>/g },
  { kind: 'post', pattern: /<post>/g },
  { kind: 'evaluation', pattern: /JSON array/gi },
  { kind: 'extract-parameters', pattern: /JSON object/gi },
];

/** Where the conversation a prompt embeds begins (what users typed), or -1. */
const CONVERSATION = /^#\s*(?:Conversation Messages|Received Message)\s*$|<recentMessages>/m;

function markerIn(text: string, first: boolean): PromptKind {
  let best: PromptKind = 'other';
  let bestAt = first ? Infinity : -1;
  for (const { kind, pattern } of MARKERS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      if (first ? match.index < bestAt : match.index > bestAt) {
        bestAt = match.index;
        best = kind;
      }
      if (first) break;
    }
  }
  return best;
}

/**
 * For calls without hints (another plugin's plain prompt): reads the prompt.
 * A marker (an output format, a task line) before the conversation decides,
 * the first one found: the default templates state their task and output
 * format before the conversation they embed. Without one there (a template
 * laid out the older way, output format last), the marker found last
 * decides. Either way a user who types "<facts>" or "JSON array" in a
 * message does not change which format is answered.
 */
export function detectPromptKind(prompt: string): PromptKind {
  const conversation = CONVERSATION.exec(prompt)?.index ?? -1;
  if (conversation > 0) {
    const before = markerIn(prompt.slice(0, conversation), true);
    if (before !== 'other') return before;
  }
  return markerIn(prompt, false);
}
