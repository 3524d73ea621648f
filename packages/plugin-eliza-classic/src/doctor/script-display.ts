/** The script's old spellings, put right in modern-style replies only. */
const MODERN_SPELLING: Readonly<Record<string, string>> = {
  LETS: "let's",
  ITS: "it's",
  ELSES: "else's",
  APOLIGIZE: 'apologize',
  ENGLISH: 'English',
};

/**
 * How a word written by the script (a reassembly literal or a substitution)
 * is shown in a modern-style reply: lower case, except the pronoun I.
 */
export function scriptDisplay(key: string): string {
  const fixed = MODERN_SPELLING[key];
  if (fixed) return fixed;
  if (key === 'I' || key.startsWith("I'")) return `I${key.slice(1).toLowerCase()}`;
  return key.toLowerCase();
}
