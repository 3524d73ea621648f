import { Tokenizer, type TokenizerOptions } from './tokenizer';

export interface BM25Options extends TokenizerOptions {
  /** Term frequency saturation (default 1.2). */
  k1?: number;
  /** Document length normalisation (default 0.75). */
  b?: number;
  /** Weight of each document field; a field not listed weighs 1. */
  fieldBoosts?: Record<string, number>;
}

export interface SearchResult {
  index: number;
  score: number;
  doc?: Record<string, unknown>;
}

const STOP_WORDS = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'has', 'he', 'in', 'is', 'it', 'its',
  'of', 'on', 'that', 'the', 'to', 'was', 'were', 'will', 'with',
]; // prettier-ignore

/**
 * Okapi BM25 ranking over documents made of string fields, with elizaOS
 * 1.7's API and defaults (k1 1.2, b 0.75, English stop words, no stemming).
 * Fields that are not strings are ignored; a field boost multiplies both its
 * term frequencies and its share of the document length. Results carry the
 * document's index; `getDocument(index)` returns the document.
 */
export class BM25 {
  readonly termFrequencySaturation: number;
  readonly lengthNormalizationFactor: number;
  readonly tokenizer: Tokenizer;
  readonly fieldBoosts: Record<string, number>;
  documentLengths = new Uint32Array(0);
  averageDocLength = 0;
  termToIndex = new Map<string, number>();
  documentFrequency = new Uint32Array(0);
  /** term index -> (document index -> boosted term frequency) */
  termFrequencies = new Map<number, Map<number, number>>();
  documents: Array<Record<string, unknown>> = [];

  constructor(docs?: Array<Record<string, unknown>>, options: BM25Options = {}) {
    this.termFrequencySaturation = options.k1 ?? 1.2;
    this.lengthNormalizationFactor = options.b ?? 0.75;
    this.tokenizer = new Tokenizer({ stopWords: new Set(STOP_WORDS), ...options });
    this.fieldBoosts = options.fieldBoosts ?? {};
    for (const doc of docs ?? []) this.index(doc);
  }

  /** The `topK` best documents for `query`, best first; only documents scoring above 0. */
  search(query: string, topK = 10): SearchResult[] {
    const scores = new Float64Array(this.documentLengths.length);
    for (const term of this.tokenizer.tokenize(query).tokens) {
      const termIndex = this.termToIndex.get(term);
      if (termIndex === undefined) continue;
      for (const docIndex of this.termFrequencies.get(termIndex)?.keys() ?? []) {
        scores[docIndex] += this.termScore(termIndex, docIndex);
      }
    }
    return [...scores]
      .map((score, index) => ({ index, score }))
      .filter((result) => result.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
  }

  /**
   * The `topK` documents where a field holds `phrase`'s tokens consecutively,
   * scored as BM25 over the phrase's terms times the field's boost (summed over matching fields).
   */
  searchPhrase(phrase: string, topK = 10): SearchResult[] {
    const terms = this.tokenizer.tokenize(phrase).tokens;
    if (terms.length === 0) return [];
    const termIndexes = terms.map((term) => this.termToIndex.get(term));
    if (termIndexes.some((termIndex) => termIndex === undefined)) return [];
    const candidates = [...(this.termFrequencies.get(termIndexes[0] as number)?.keys() ?? [])].filter((docIndex) =>
      termIndexes.every((termIndex) => this.getTermFrequency(termIndex as number, docIndex) > 0),
    );
    const results: SearchResult[] = [];
    for (const docIndex of candidates) {
      let score = 0;
      for (const [field, content] of Object.entries(this.documents[docIndex])) {
        if (typeof content !== 'string' || !containsRun(this.tokenizer.tokenize(content).tokens, terms)) continue;
        const base = termIndexes.reduce<number>(
          (sum, termIndex) => sum + this.termScore(termIndex as number, docIndex),
          0,
        );
        score += base * this.boostOf(field);
      }
      if (score > 0) results.push({ index: docIndex, score });
    }
    return results.sort((a, b) => b.score - a.score).slice(0, topK);
  }

  /** Adds one document (async for elizaOS's API; the work is synchronous). */
  async addDocument(doc: Record<string, unknown>): Promise<void> {
    if (!doc) throw new Error('BM25.addDocument: the document is missing');
    this.index(doc);
  }

  async addDocuments(docs: Array<Record<string, unknown>>): Promise<void[]> {
    return Promise.all(docs.map((doc) => this.addDocument(doc)));
  }

  /** log(1 + (N - n + 0.5) / (n + 0.5)), 0 for a term no document holds. */
  calculateIdf(termIndex: number): number {
    const holding = this.documentFrequency[termIndex] ?? 0;
    const total = this.documentLengths.length;
    if (holding <= 0 || holding > total) return 0;
    return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  }

  getTermFrequency(termIndex: number, docIndex: number): number {
    return this.termFrequencies.get(termIndex)?.get(docIndex) ?? 0;
  }

  getDocument(index: number): Record<string, unknown> {
    if (index < 0 || index >= this.documents.length) {
      throw new Error(`BM25.getDocument: index ${index} is outside 0-${this.documents.length - 1}`);
    }
    return this.documents[index];
  }

  clearDocuments(): void {
    this.documents = [];
    this.documentLengths = new Uint32Array(0);
    this.termToIndex.clear();
    this.documentFrequency = new Uint32Array(0);
    this.averageDocLength = 0;
    this.termFrequencies.clear();
  }

  getDocumentCount(): number {
    return this.documents.length;
  }

  private boostOf(field: string): number {
    return this.fieldBoosts[field] || 1;
  }

  private termScore(termIndex: number, docIndex: number): number {
    const tf = this.getTermFrequency(termIndex, docIndex);
    if (tf === 0) return 0;
    const k1 = this.termFrequencySaturation;
    const b = this.lengthNormalizationFactor;
    const relativeLength = this.averageDocLength > 0 ? this.documentLengths[docIndex] / this.averageDocLength : 0;
    return (this.calculateIdf(termIndex) * (tf * (k1 + 1))) / (tf + k1 * (1 - b + b * relativeLength));
  }

  private index(doc: Record<string, unknown>): void {
    const docIndex = this.documents.length;
    this.documents.push(doc);
    const frequencies = new Map<number, number>();
    let length = 0;
    for (const [field, content] of Object.entries(doc)) {
      if (typeof content !== 'string' || content === '') continue;
      const boost = this.boostOf(field);
      const tokens = this.tokenizer.tokenize(content).tokens;
      length += tokens.length * boost;
      for (const term of tokens) {
        const termIndex = this.termIndexOf(term);
        frequencies.set(termIndex, (frequencies.get(termIndex) ?? 0) + boost);
      }
    }
    this.documentLengths = grow(this.documentLengths, docIndex + 1);
    this.documentLengths[docIndex] = length;
    for (const [termIndex, frequency] of frequencies) {
      let postings = this.termFrequencies.get(termIndex);
      if (!postings) this.termFrequencies.set(termIndex, (postings = new Map<number, number>()));
      postings.set(docIndex, frequency);
      this.documentFrequency[termIndex]++;
    }
    const total = this.documentLengths.reduce((sum, value) => sum + value, 0);
    this.averageDocLength = total / this.documentLengths.length;
  }

  private termIndexOf(term: string): number {
    let termIndex = this.termToIndex.get(term);
    if (termIndex === undefined) {
      termIndex = this.termToIndex.size;
      this.termToIndex.set(term, termIndex);
      if (termIndex >= this.documentFrequency.length) {
        this.documentFrequency = grow(
          this.documentFrequency,
          Math.max(termIndex + 1, this.documentFrequency.length * 2),
        );
      }
    }
    return termIndex;
  }
}

function grow(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  if (array.length >= size) return array;
  const larger = new Uint32Array(size);
  larger.set(array);
  return larger;
}

/** Whether `tokens` holds `run` as consecutive items. */
function containsRun(tokens: string[], run: string[]): boolean {
  for (let start = 0; start + run.length <= tokens.length; start++) {
    if (run.every((token, offset) => tokens[start + offset] === token)) return true;
  }
  return false;
}
