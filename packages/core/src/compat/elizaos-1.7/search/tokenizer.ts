import { porter2Stem } from './porter2-stem';

export interface StemmingRule {
  pattern: RegExp | string;
  replacement: string | ((substring: string, ...args: unknown[]) => string);
  /** Apply only when the stem before the match has at least this Porter measure. */
  minMeasure?: number;
}

export interface TokenizerOptions {
  stopWords?: Set<string>;
  /** Shortest token kept (numbers are always kept). */
  minLength?: number;
  stemming?: boolean;
  stemmingRules?: StemmingRule[];
}

export interface TokenizationStats {
  originalWordCount: number;
  stopWordsRemoved: number;
  stemmedWords: number;
  processingTimeMs: number;
}

export interface TokenizationResult {
  tokens: string[];
  stats?: TokenizationStats;
}

/**
 * elizaOS's BM25 tokenizer: lower-cases, strips accents, emoji, control
 * characters and punctuation, keeps Latin letters, digits and CJK/kana/hangul,
 * then drops stop words and tokens shorter than `minLength`. Stemming applies
 * the custom rules, then (unless they changed the word) Porter2.
 */
export class Tokenizer {
  static readonly DEFAULT_OPTIONS: Required<TokenizerOptions> = {
    stopWords: new Set<string>(),
    minLength: 2,
    stemming: false,
    stemmingRules: [],
  };

  readonly stopWords: Set<string>;
  readonly minLength: number;
  readonly stemming: boolean;
  readonly stemmingRules: Array<StemmingRule & { pattern: RegExp }>;

  constructor(options: TokenizerOptions = {}) {
    const merged = { ...Tokenizer.DEFAULT_OPTIONS, ...options };
    this.stopWords = merged.stopWords;
    this.minLength = merged.minLength;
    this.stemming = merged.stemming;
    this.stemmingRules = merged.stemmingRules.map((rule) => ({
      ...rule,
      pattern: typeof rule.pattern === 'string' ? new RegExp(rule.pattern) : rule.pattern,
    }));
  }

  /** The tokens of `text`; throws on empty text, as elizaOS does. */
  tokenize(text: string, includeStats = false): TokenizationResult {
    if (!text) throw new Error('Tokenizer.tokenize: the text is empty');
    const started = Date.now();
    const tokens = this.cleanText(text)
      .split(' ')
      .filter((token) => this.isValidToken(token))
      .map((token) => (this.stemming ? this.stemWord(token) : token));
    const words = includeStats ? text.split(/\s+/).filter(Boolean).length : 0;
    return {
      tokens,
      stats: {
        originalWordCount: words,
        stopWordsRemoved: includeStats ? words - tokens.length : 0,
        stemmedWords: includeStats && this.stemming ? tokens.length : 0,
        processingTimeMs: includeStats ? Date.now() - started : 0,
      },
    };
  }

  cleanText(text: string): string {
    return text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[\p{Extended_Pictographic}\p{Emoji_Presentation}]/gu, '')
      .replace(/[\p{Cc}\u200B-\u200D\uFEFF™®©℠‼]/gu, '')
      .replace(/[^a-z0-9\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF]+/gu, ' ')
      .trim();
  }

  isValidToken(token: string): boolean {
    return (token.length >= this.minLength || /^\d+$/.test(token)) && !this.stopWords.has(token);
  }

  stemWord(word: string): string {
    if (word.length < 3) return word;
    let stemmed = word;
    for (const rule of this.stemmingRules) {
      const match = rule.pattern.exec(stemmed);
      if (!match) continue;
      if (rule.minMeasure && this.measure(stemmed.slice(0, match.index)) < rule.minMeasure) continue;
      const { replacement } = rule;
      stemmed =
        typeof replacement === 'string'
          ? stemmed.replace(rule.pattern, replacement)
          : stemmed.replace(rule.pattern, replacement);
    }
    return stemmed !== word ? stemmed : porter2Stem(word);
  }

  isConsonant(word: string, i: number): boolean {
    const char = word[i];
    if ('aeiou'.includes(char)) return false;
    return char !== 'y' || i === 0 || !this.isConsonant(word, i - 1);
  }

  /** Porter's measure: how many vowel-consonant sequences `word` has. */
  measure(word: string): number {
    let count = 0;
    let vowelSeen = false;
    for (let i = 0; i < word.length; i++) {
      if (!this.isConsonant(word, i)) vowelSeen = true;
      else if (vowelSeen) {
        count++;
        vowelSeen = false;
      }
    }
    return count;
  }
}
