import { compileScript, type CompiledEntry, type CompiledScript, type ReassemblyPart } from './compile-script';
import { DOCTOR_SCRIPT } from './doctor-script';
import { createElizaState, parseElizaState, type ElizaState } from './eliza-state';
import { matchDecomposition } from './match-decomposition';
import { MODERN_REFLECTIONS, MODERN_SPELLINGS } from './modern-extensions';
import { renderReply, type ReplyStyle } from './render-reply';
import type { ScriptSource } from './script-source';
import { scriptDisplay } from './script-display';
import { tokenizeInput, type InputToken } from './tokenize-input';
import type { Word } from './word';

export interface ElizaEngineOptions {
  /** Defaults to Weizenbaum's DOCTOR script. */
  script?: ScriptSource;
  /** Defaults to `modern`. */
  style?: ReplyStyle;
  /** Today's spellings and contractions (im, u, I've ...); default true. */
  modernExtensions?: boolean;
  /** A state from `exportState()` (validated; anything invalid starts fresh). */
  state?: unknown;
  /** Most MEMORY replies kept; the oldest is dropped beyond it. Default 20. */
  memoryLimit?: number;
}

/** Where a reply came from: a keyword's rules, the MEMORY queue, or the NONE list. */
export type ReplySource = 'keyword' | 'memory' | 'none';

export interface ElizaReply {
  text: string;
  /** The keyword that won the keystack (before any `=` redirection), if a keyword answered. */
  keyword: string | null;
  source: ReplySource;
}

type Outcome = { kind: 'reply'; words: Word[] } | { kind: 'newkey' };

const NEWKEY: Outcome = { kind: 'newkey' };
/** `=` and PRE redirections allowed per keyword: stops a script that loops. */
const MAX_REDIRECTS = 16;
const NONE_CYCLE = 'NONE';

const compiledScripts = new WeakMap<ScriptSource, CompiledScript>();

function compiled(script: ScriptSource): CompiledScript {
  let result = compiledScripts.get(script);
  if (!result) {
    result = compileScript(script);
    compiledScripts.set(script, result);
  }
  return result;
}

/**
 * ELIZA's algorithm over a script. The input is scanned for keywords (the
 * first clause holding one is kept), words are substituted as the script
 * says (I→YOU, MY→YOUR ...), keywords go on a keystack by rank, and the top
 * keyword's first matching decomposition picks the next of its reassembly
 * rules in turn. Deterministic: the only memory is `ElizaState`.
 */
export class ElizaEngine {
  private readonly script: CompiledScript;
  private readonly style: ReplyStyle;
  private readonly modernExtensions: boolean;
  private readonly memoryLimit: number;
  private state: ElizaState;

  constructor(options: ElizaEngineOptions = {}) {
    this.script = compiled(options.script ?? DOCTOR_SCRIPT);
    this.style = options.style ?? 'modern';
    this.modernExtensions = options.modernExtensions ?? true;
    this.memoryLimit = Math.max(0, options.memoryLimit ?? 20);
    this.state = parseElizaState(options.state);
  }

  /** The script's opening remark. */
  greeting(): string {
    return renderReply(this.assemble(this.script.greeting, []), this.style);
  }

  respond(input: string): string {
    return this.reply(input).text;
  }

  /** Like `respond`, and says which keyword (or fallback) produced the reply. */
  reply(input: string): ElizaReply {
    const { words, keystack } = this.scan(input);
    if (keystack.length > 0 && keystack[0].word === this.script.memoryKeyword) this.remember(words);
    for (const entry of keystack) {
      const outcome = this.apply(entry, words, 0);
      if (outcome.kind === 'reply')
        return { text: renderReply(outcome.words, this.style), keyword: entry.word, source: 'keyword' };
    }
    return this.fallback();
  }

  /** A JSON-safe copy of the state (cycle positions and memory queue). */
  exportState(): ElizaState {
    return structuredClone(this.state);
  }

  importState(state: unknown): void {
    this.state = parseElizaState(state);
  }

  reset(): void {
    this.state = createElizaState();
  }

  /**
   * Left to right: at a delimiter (a comma, a period, or BUT, which the 1966
   * transcript shows acting as one), stop if a keyword is already found, else
   * drop the clause and go on. A keyword that outranks the top of the
   * keystack goes on top; any other goes to the bottom (as in 1966, the
   * stack is not fully sorted).
   */
  private scan(input: string): { words: Word[]; keystack: CompiledEntry[] } {
    let words: Word[] = [];
    const keystack: CompiledEntry[] = [];
    for (const token of tokenizeInput(input)) {
      if (token.kind === 'delimiter' || token.key === 'BUT') {
        if (keystack.length > 0) break;
        words = [];
        continue;
      }
      const key = this.modernExtensions ? (MODERN_SPELLINGS[token.key] ?? token.key) : token.key;
      const entry = this.script.entries.get(key);
      words.push(this.substitute(token, key, entry));
      if (!entry?.isKeyword || keystack.includes(entry)) continue;
      if (keystack.length > 0 && entry.rank > keystack[0].rank) keystack.unshift(entry);
      else keystack.push(entry);
    }
    return { words, keystack };
  }

  private substitute(
    token: Extract<InputToken, { kind: 'word' }>,
    key: string,
    entry: CompiledEntry | undefined,
  ): Word {
    const replacement = entry?.substitute ?? (this.modernExtensions ? MODERN_REFLECTIONS[key] : undefined);
    if (replacement) return this.literal(replacement, entry?.tags);
    return { key, display: key === token.key ? token.display : scriptDisplay(key), tags: this.tagsOf(key) };
  }

  private apply(entry: CompiledEntry, words: Word[], depth: number): Outcome {
    if (depth > MAX_REDIRECTS) return NEWKEY;
    for (let index = 0; index < entry.rules.length; index++) {
      const rule = entry.rules[index];
      const components = matchDecomposition(rule.pattern, words);
      if (!components) continue;
      const action = rule.reassembly[this.advance(`${entry.word}/${index}`, rule.reassembly.length)];
      switch (action.kind) {
        case 'text':
          return { kind: 'reply', words: this.assemble(action.parts, components) };
        case 'newkey':
          return NEWKEY;
        case 'goto':
          return this.apply(this.entry(action.keyword), words, depth + 1);
        case 'pre':
          return this.apply(this.entry(action.keyword), this.assemble(action.parts, components), depth + 1);
      }
    }
    return entry.reference ? this.apply(this.entry(entry.reference), words, depth + 1) : NEWKEY;
  }

  /** MEMORY: a "my ..." input also queues a reply for later, when nothing else applies. */
  private remember(words: Word[]): void {
    const rules = this.script.memoryRules;
    if (rules.length === 0 || this.memoryLimit === 0) return;
    const index = this.state.memoryRule % rules.length;
    this.state.memoryRule = (index + 1) % rules.length;
    const components = matchDecomposition(rules[index].pattern, words);
    if (!components) return;
    this.state.memory.push(renderReply(this.assemble(rules[index].parts, components), this.style));
    while (this.state.memory.length > this.memoryLimit) this.state.memory.shift();
  }

  private fallback(): ElizaReply {
    const remembered = this.state.memory.shift();
    if (remembered !== undefined) return { text: remembered, keyword: null, source: 'memory' };
    const none = this.script.none;
    const parts = none[this.advance(NONE_CYCLE, none.length)];
    return { text: renderReply(this.assemble(parts, []), this.style), keyword: null, source: 'none' };
  }

  /** Returns the current position of a cycle and moves it on. */
  private advance(cycle: string, length: number): number {
    const position = (this.state.cycles[cycle] ?? 0) % length;
    this.state.cycles[cycle] = (position + 1) % length;
    return position;
  }

  private assemble(parts: readonly ReassemblyPart[], components: readonly Word[][]): Word[] {
    return parts.flatMap((part) => (part.kind === 'literal' ? [this.literal(part.word)] : components[part.index - 1]));
  }

  private literal(key: string, extraTags: readonly string[] = []): Word {
    const tags = this.tagsOf(key);
    return {
      key,
      display: scriptDisplay(key),
      tags: extraTags.length > 0 ? [...new Set([...tags, ...extraTags])] : tags,
    };
  }

  private tagsOf(key: string): readonly string[] {
    return this.script.entries.get(key)?.tags ?? [];
  }

  private entry(word: string): CompiledEntry {
    const entry = this.script.entries.get(word);
    // compileScript checked every reference, so this only fails on a corrupted script.
    if (!entry) throw new Error(`Script has no keyword ${word}`);
    return entry;
  }
}
