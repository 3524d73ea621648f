/**
 * The Porter2 ("Snowball English") stemmer, which elizaOS 1.7's BM25 uses
 * when stemming is on: `running` -> `run`, `relational` -> `relat`. Input is
 * a lower-case token. Steps and names follow the published algorithm
 * (snowballstem.org/algorithms/english/stemmer.html); the exception list is
 * elizaOS's, which keeps `skis` as it is.
 */
export function porter2Stem(token: string): string {
  if (token.length < 3) return token;
  const exception = EXCEPTIONS.get(token);
  if (exception !== undefined) return exception;
  let word = markConsonantYs(token.startsWith("'") ? token.slice(1) : token);
  if (word.endsWith("'")) word = word.slice(0, -1);
  if (word.endsWith("'s")) word = word.slice(0, -2);
  const { r1, r2 } = regions(word);
  word = step1a(word);
  if (INVARIANT_AFTER_1A.has(word)) return word;
  word = step1b(word, r1);
  word = step1c(word);
  word = replaceLongest(word, STEP2, r1);
  word = replaceLongest(word, STEP3, r1, r2);
  word = replaceLongest(word, STEP4, r2);
  word = step5(word, r1, r2);
  return word.replace(/Y/g, 'y');
}

const EXCEPTIONS = new Map([
  ['ski', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ...['sky', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes'].map((word) => [word, word] as const),
]);

const INVARIANT_AFTER_1A = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const VALID_LI = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

function isVowel(char: string | undefined): boolean {
  return char !== undefined && 'aeiouy'.includes(char);
}

function hasVowel(text: string): boolean {
  return /[aeiouy]/.test(text);
}

/** A `y` at the start or after a vowel acts as a consonant: written `Y` until the end. */
function markConsonantYs(word: string): string {
  let marked = '';
  for (const char of word) marked += char === 'y' && (marked === '' || isVowel(marked.at(-1))) ? 'Y' : char;
  return marked;
}

/** R1: after the first non-vowel that follows a vowel (fixed for gener-, commun-, arsen-); R2: the same within R1. */
function regions(word: string): { r1: number; r2: number } {
  const after = (from: number): number => {
    let at = from;
    while (at < word.length && !isVowel(word[at])) at++;
    while (at < word.length && isVowel(word[at])) at++;
    return Math.min(at + 1, word.length);
  };
  const prefix = ['gener', 'arsen', 'commun'].find((start) => word.startsWith(start));
  const r1 = prefix ? prefix.length : after(0);
  return { r1, r2: after(r1) };
}

/** Whether `word` ends in a short syllable: non-vowel, vowel, non-vowel other than w, x, Y; or vowel, non-vowel as the whole word. */
function endsShort(word: string): boolean {
  const n = word.length;
  if (n < 2 || !isVowel(word[n - 2])) return false;
  if (n === 2) return !isVowel(word[1]);
  return !isVowel(word[n - 3]) && !isVowel(word[n - 1]) && !'wxY'.includes(word[n - 1]);
}

function step1a(word: string): string {
  if (word.length < 3) return word;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') || word.endsWith('ied')) return word.slice(0, -3) + (word.length >= 5 ? 'i' : 'ie');
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss') && hasVowel(word.slice(0, -2))) {
    return word.slice(0, -1);
  }
  return word;
}

function step1b(word: string, r1: number): string {
  const base = word.endsWith('ly') ? word.slice(0, -2) : word;
  if (base.length < 3) return word;
  if (base.endsWith('eed')) return base.length >= r1 + 3 ? base.slice(0, -1) : word;
  const suffix = base.endsWith('ed') ? 2 : base.endsWith('ing') ? 3 : 0;
  if (suffix === 0) return word;
  const stem = base.slice(0, -suffix);
  if (!hasVowel(stem)) return word;
  if (stem.length < 2) return stem;
  if (/(at|bl|iz)$/.test(stem)) return stem + 'e';
  if (DOUBLES.has(stem.slice(-2))) return stem.slice(0, -1);
  if (r1 >= stem.length && endsShort(stem)) return stem + 'e';
  return stem;
}

function step1c(word: string): string {
  const n = word.length;
  return n >= 3 && /[yY]$/.test(word) && !isVowel(word[n - 2]) ? word.slice(0, -1) + 'i' : word;
}

/** [suffix, replacement, condition on the part before the suffix]: the longest matching suffix decides. */
type Rule = readonly [suffix: string, replacement: string, before?: (stem: string) => boolean];

const STEP2: Rule[] = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og', (stem) => stem.endsWith('l')],
  ['li', '', (stem) => VALID_LI.has(stem.at(-1) ?? '')],
];

/** Step 3; `ative` must also lie in R2 (marked by the replacement `null`). */
const STEP3: Array<readonly [suffix: string, replacement: string | null]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', null],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];

const STEP4: Rule[] = [
  ['ement', ''],
  ['ance', ''],
  ['ence', ''],
  ['able', ''],
  ['ible', ''],
  ['ment', ''],
  ['ant', ''],
  ['ent', ''],
  ['ism', ''],
  ['ate', ''],
  ['iti', ''],
  ['ous', ''],
  ['ive', ''],
  ['ize', ''],
  ['ion', '', (stem) => /[st]$/.test(stem)],
  ['al', ''],
  ['er', ''],
  ['ic', ''],
];

function replaceLongest(
  word: string,
  rules: ReadonlyArray<readonly [string, string | null, ((stem: string) => boolean)?]>,
  region: number,
  r2 = region,
): string {
  const rule = rules.find(([suffix]) => word.endsWith(suffix));
  if (!rule) return word;
  const [suffix, replacement, before] = rule;
  const stem = word.slice(0, -suffix.length);
  if (stem.length < (replacement === null ? r2 : region)) return word;
  if (before && !before(stem)) return word;
  return stem + (replacement ?? '');
}

function step5(word: string, r1: number, r2: number): string {
  const n = word.length;
  if (n < r1 + 1) return word;
  if (word.endsWith('ll') && n >= r2 + 1) return word.slice(0, -1);
  if (word.endsWith('e') && (n >= r2 + 1 || !endsShort(word.slice(0, -1)))) return word.slice(0, -1);
  return word;
}
