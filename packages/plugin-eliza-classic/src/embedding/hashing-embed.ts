import { fnv1a32, fnvStep, mix32 } from './fnv1a32';

/** The offline embedder's dimension (core's `VECTOR_DIMS.SMALL`). */
export const EMBEDDING_DIMS = 384;

// Separate seeds keep the word "ab", the bigram (a, b) and the trigram "^ab" apart.
const UNIGRAM_SEED = 0x811c9dc5;
const BIGRAM_SEED = 0x9e3779b9;
const TRIGRAM_SEED = 0x7f4a7c15;

/*
 * Feature weights, chosen on the shipped paraphrase corpus. Content words
 * carry the meaning; function words are kept (they still separate
 * "for you" from "from you") but count for little. Bigrams add word order.
 * Character trigrams of each word (padded "^word$") match inflections and
 * typos (walk / walked / walking); a word's trigrams share one budget,
 * scaled by 1/sqrt(count), so long words do not drown short ones.
 */
const UNIGRAM_WEIGHT = 1;
const STOPWORD_WEIGHT = 0.25;
const BIGRAM_WEIGHT = 0.45;
const TRIGRAM_WEIGHT = 0.55;
const STOPWORD_TRIGRAM_SCALE = 0.2;

// Module bindings rather than global lookups in the hot loop (much faster inside vm contexts such as jest).
const sqrt = Math.sqrt;

const CARET = 0x5e;
const DOLLAR = 0x24;

const STOPWORDS = new Set(
  (
    'a an the and or but nor so yet of to in on at by for with from into onto about as than then ' +
    'i me my mine you your yours he him his she her hers it its we us our ours they them their theirs ' +
    'this that these those there here is am are was were be been being do does did doing done ' +
    'have has had having will would shall should can could may might must ' +
    'not no just very too also really quite what which who whom whose when where why how ' +
    'all any some each every both either neither if while because up down out over off again ' +
    'im ive id ill youre youve dont doesnt didnt cant wont isnt arent wasnt werent its thats lets'
  ).split(' '),
);

/**
 * Deterministic signed feature hashing of word unigrams, word bigrams and
 * character trigrams, L2-normalised. Text with no words (the runtime's
 * dimension probe) gets a unit vector along the first axis, never zeros.
 */
export function hashingEmbed(text: string, dims: number = EMBEDDING_DIMS): number[] {
  if (!Number.isInteger(dims) || dims < 1)
    throw new RangeError(`Embedding dimension must be a positive integer, got ${dims}`);
  const vector = new Float64Array(dims);
  const words = tokenize(typeof text === 'string' ? text : '');

  let previousHash = 0;
  let previousIsStop = true;
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    const isStop = STOPWORDS.has(word);
    const wordHash = fnv1a32(word, UNIGRAM_SEED);
    addFeature(vector, mix32(wordHash), isStop ? STOPWORD_WEIGHT : UNIGRAM_WEIGHT);
    // A pair of function words ("of the") says nothing about the topic.
    if (index > 0 && !(isStop && previousIsStop)) {
      addFeature(vector, mix32(fnvStep(fnvStep(BIGRAM_SEED, previousHash), wordHash)), BIGRAM_WEIGHT);
    }
    addTrigrams(vector, word, (TRIGRAM_WEIGHT * (isStop ? STOPWORD_TRIGRAM_SCALE : 1)) / sqrt(word.length));
    previousHash = wordHash;
    previousIsStop = isStop;
  }

  let norm = 0;
  for (let index = 0; index < dims; index++) norm += vector[index] * vector[index];
  const result = new Array<number>(dims);
  if (norm === 0) {
    // No words, or (vanishingly rare) features that cancelled out exactly.
    result.fill(0);
    result[0] = 1;
    return result;
  }
  const scale = 1 / sqrt(norm);
  for (let index = 0; index < dims; index++) result[index] = vector[index] * scale;
  return result;
}

/** Bucket from the high 31 bits, sign from bit 0. */
function addFeature(vector: Float64Array, hash: number, weight: number): void {
  vector[(hash >>> 1) % vector.length] += hash & 1 ? -weight : weight;
}

/** Trigrams of "^word$", hashed from char codes without building substrings. */
function addTrigrams(vector: Float64Array, word: string, weight: number): void {
  const length = word.length;
  for (let index = 0; index < length; index++) {
    const first = index === 0 ? CARET : word.charCodeAt(index - 1);
    const last = index + 1 < length ? word.charCodeAt(index + 1) : DOLLAR;
    const hash = fnvStep(fnvStep(fnvStep(TRIGRAM_SEED, first), word.charCodeAt(index)), last);
    addFeature(vector, mix32(hash), weight);
  }
}

/** Lower-cased runs of letters and digits; apostrophes inside a word are dropped ("don't" → "dont"). */
function tokenize(text: string): string[] {
  const lower = text.toLowerCase();
  const words: string[] = [];
  let current = '';
  for (let index = 0; index < lower.length; index++) {
    const code = lower.charCodeAt(index);
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      current += lower[index];
    } else if ((code === 0x27 || code === 0x2019) && current !== '') {
      continue;
    } else if (code >= 0x80 && isWordChar(lower, index)) {
      current += lower[index];
    } else if (current !== '') {
      words.push(current);
      current = '';
    }
  }
  if (current !== '') words.push(current);
  return words;
}

const NON_ASCII_WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function isWordChar(text: string, index: number): boolean {
  return NON_ASCII_WORD_CHAR.test(text[index]);
}
