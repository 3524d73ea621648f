const STOP_PHRASES = [
  'stop',
  'stop it',
  'stop talking',
  'stop replying',
  'stop responding',
  'stop answering',
  'be quiet',
  'quiet',
  'hush',
  'shush',
  'shut up',
  'silence',
  'enough',
  "that's enough",
  'go away',
  'leave me alone',
  "don't reply",
  "don't respond",
  'do not reply',
  'do not respond',
  'no more replies',
];

/**
 * True when the whole message plainly asks the agent to stop or be quiet
 * ("Eliza, please be quiet", "shut up!"), not when a stop word merely occurs
 * ("I can't stop crying").
 */
export function isStopRequest(text: string, agentName: string): boolean {
  const name = agentName.trim().toLowerCase();
  let words = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const strip = (filler: readonly string[]): void => {
    while (words.length > 0 && filler.includes(words[0])) words = words.slice(1);
    while (words.length > 0 && filler.includes(words[words.length - 1])) words = words.slice(0, -1);
  };
  const nameWords = name.split(/\s+/).filter(Boolean);
  const filler = [
    'please',
    'now',
    'ok',
    'okay',
    'just',
    'hey',
    'right',
    'already',
    'thanks',
    'thank',
    'you',
    'pls',
    'plz',
    ...nameWords,
  ];
  strip(filler);
  return STOP_PHRASES.includes(words.join(' '));
}
