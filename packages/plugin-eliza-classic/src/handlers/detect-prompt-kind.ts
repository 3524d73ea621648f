/** Which pipeline prompt a TEXT_SMALL / TEXT_LARGE call carries. */
export type PromptKind = 'should-respond' | 'message-handler' | 'reflection' | 'evaluation' | 'extract-parameters' | 'post' | 'other';

const MARKERS: readonly { kind: PromptKind; pattern: RegExp }[] = [
  { kind: 'should-respond', pattern: /RESPOND \| IGNORE \| STOP/g },
  { kind: 'message-handler', pattern: /<actions>|Generate dialog and actions/g },
  { kind: 'reflection', pattern: /<facts>/g },
  { kind: 'post', pattern: /<post>/g },
  { kind: 'evaluation', pattern: /JSON array/gi },
  { kind: 'extract-parameters', pattern: /JSON object/gi },
];

/**
 * The marker found LAST decides. Every template states its output format
 * after the conversation it embeds, so a user who types "<facts>" or
 * "JSON array" in a message does not change which format is answered.
 */
export function detectPromptKind(prompt: string): PromptKind {
  let best: PromptKind = 'other';
  let bestAt = -1;
  for (const { kind, pattern } of MARKERS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(prompt); match; match = pattern.exec(prompt)) {
      if (match.index > bestAt) {
        bestAt = match.index;
        best = kind;
      }
    }
  }
  return best;
}
