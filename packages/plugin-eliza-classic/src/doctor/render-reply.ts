import type { Word } from './word';

/** `classic`: upper case, unpunctuated, as the 1966 teletype printed it. `modern`: sentence case with end punctuation. */
export type ReplyStyle = 'classic' | 'modern';

const QUESTION_STARTERS = new Set([
  'why',
  'what',
  'how',
  'who',
  'whom',
  'when',
  'where',
  'which',
  'whether',
  'do',
  'does',
  'did',
  "don't",
  "doesn't",
  'can',
  "can't",
  'could',
  'would',
  'should',
  'will',
  'are',
  "aren't",
  'is',
  "isn't",
  'were',
  'was',
  'have',
  'has',
  'really,',
]);

export function renderReply(words: readonly Word[], style: ReplyStyle): string {
  if (style === 'classic') return words.map((word) => word.key).join(' ');
  let text = words
    .map((word) => word.display)
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?])/g, '$1')
    .replace(/' ([^']+?) '/g, "'$1'")
    .replace(/ - /g, ', ')
    .trim();
  text = repairGrammar(text);
  if (text.length === 0) return text;
  // Capitalise each sentence ("How do you do. Please state your problem").
  text = text.replace(
    /(^|[.?!] )(\p{Ll})/gu,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
  if (/[.?!]$/.test(text)) return text;
  return `${text}${isQuestion(text) ? '?' : '.'}`;
}

/**
 * Pronoun reflection turns "you are" into "I are" and "me" into "you" and
 * "you" into "I" inside the user's words; the script only ever needed those
 * forms for matching. Shown to a modern reader they are put right.
 */
function repairGrammar(text: string): string {
  return text
    .replace(/\bI are\b/g, 'I am')
    .replace(/\bI aren't\b/g, "I'm not")
    .replace(/\byou was\b/gi, (match) => (match.startsWith('Y') ? 'You were' : 'you were'))
    .replace(
      /\b(to|with|for|at|about|like|of|from|than|by|on|and|love|hate|help|tell|told|see|saw|hurt|know|need|want|understand|trust|miss|call|ask|asked|give|gave|show|let|make|made|thank|bother|annoy|scare|likes|hates|loves|needs)\s+I\b(?!')/gi,
      '$1 me',
    )
    .replace(/(\S)\s+I([,.;:!?]?)$/, '$1 me$2')
    .replace(/([^,]) (don't you|are you)$/, '$1, $2');
}

/** Judged on the last sentence: its opening or its closing clause asks. */
function isQuestion(text: string): boolean {
  const sentences = text.toLowerCase().split(/[.?!]\s+/);
  const clauses = sentences[sentences.length - 1].split(/[,;]\s+/);
  return [clauses[0], clauses[clauses.length - 1]].some((clause) => {
    const [first = '', second = ''] = clause.split(' ');
    return (
      QUESTION_STARTERS.has(first) ||
      QUESTION_STARTERS.has(`${first},`) ||
      second === 'what' ||
      second === 'which' ||
      clause.endsWith("don't you") ||
      clause.endsWith('are you')
    );
  });
}
