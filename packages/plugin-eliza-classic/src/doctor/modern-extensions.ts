/**
 * Additions for today's typing, kept apart from the 1966 script so the script
 * stays faithful. Spellings are fixed before the dictionary lookup (so "im"
 * is the keyword I'M); reflections only swap pronouns, like the script's
 * own substitutions, and are not keywords.
 */
export const MODERN_SPELLINGS: Readonly<Record<string, string>> = {
  IM: "I'M",
  YOURE: "YOU'RE",
  IVE: "I'VE",
  YOUVE: "YOU'VE",
  U: 'YOU',
};

export const MODERN_REFLECTIONS: Readonly<Record<string, string>> = {
  "I'VE": "YOU'VE",
  "YOU'VE": "I'VE",
  "I'D": "YOU'D",
  "YOU'D": "I'D",
  "I'LL": "YOU'LL",
  "YOU'LL": "I'LL",
  MINE: 'YOURS',
  YOURS: 'MINE',
};
