import type { KeywordSource, ScriptSource } from './script-source';

/** One element of a decomposition pattern. */
export type PatternElement =
  /** `0` matches any number of words; `n > 0` exactly n words. */
  | { readonly kind: 'wild'; readonly count: number }
  | { readonly kind: 'word'; readonly word: string }
  /** `(* A B C)`: any one of the words. */
  | { readonly kind: 'any'; readonly words: ReadonlySet<string> }
  /** `(/TAG ...)`: one word carrying one of the DLIST tags. */
  | { readonly kind: 'tag'; readonly tags: readonly string[] };

/** A literal word of a reassembly, or the words of a numbered component. */
export type ReassemblyPart =
  { readonly kind: 'literal'; readonly word: string } | { readonly kind: 'component'; readonly index: number };

export type ReassemblyRule =
  | { readonly kind: 'text'; readonly parts: readonly ReassemblyPart[] }
  /** `=KEYWORD`: analyse the same text with that keyword's rules. */
  | { readonly kind: 'goto'; readonly keyword: string }
  /** `NEWKEY`: give up on this keyword, try the next one on the keystack. */
  | { readonly kind: 'newkey' }
  /** `PRE (text) (=KEYWORD)`: rebuild the text, then analyse it with KEYWORD. */
  | { readonly kind: 'pre'; readonly parts: readonly ReassemblyPart[]; readonly keyword: string };

export interface CompiledTransformation {
  readonly pattern: readonly PatternElement[];
  readonly reassembly: readonly ReassemblyRule[];
}

export interface CompiledEntry {
  readonly word: string;
  readonly rank: number;
  readonly substitute: string | null;
  readonly tags: readonly string[];
  readonly rules: readonly CompiledTransformation[];
  readonly reference: string | null;
  /** True when the entry has rules or a reference (substitutions and DLISTs alone are not keywords). */
  readonly isKeyword: boolean;
}

export interface CompiledMemoryRule {
  readonly pattern: readonly PatternElement[];
  readonly parts: readonly ReassemblyPart[];
}

export interface CompiledScript {
  readonly greeting: readonly ReassemblyPart[];
  readonly entries: ReadonlyMap<string, CompiledEntry>;
  readonly memoryKeyword: string;
  readonly memoryRules: readonly CompiledMemoryRule[];
  readonly none: readonly (readonly ReassemblyPart[])[];
}

/**
 * Parses the script notation once, and checks it: every reference names a
 * keyword with rules and every component number exists in its pattern, so a
 * bad script fails at load time rather than mid-conversation.
 */
export function compileScript(source: ScriptSource): CompiledScript {
  const entries = new Map<string, CompiledEntry>();
  for (const keyword of source.keywords) {
    const word = normaliseWord(keyword.word);
    if (entries.has(word)) throw new Error(`Script lists ${word} twice`);
    entries.set(word, compileEntry(keyword, word));
  }
  for (const entry of entries.values()) {
    const targets = [entry.reference, ...entry.rules.flatMap((rule) => rule.reassembly.map(referenceOf))];
    for (const target of targets) {
      if (target === null) continue;
      const referenced = entries.get(target);
      if (!referenced || (referenced.rules.length === 0 && referenced.reference === null)) {
        throw new Error(`${entry.word} refers to ${target}, which has no rules`);
      }
    }
  }
  const memoryRules = source.memory.rules.map((rule) => {
    const pattern = parsePattern(rule.decomposition);
    const parts = parseParts(rule.reassembly);
    checkComponents(parts, pattern, `MEMORY ${rule.decomposition}`);
    return { pattern, parts };
  });
  if (source.none.length === 0) throw new Error('Script needs at least one NONE reply');
  return {
    greeting: parseParts(source.greeting),
    entries,
    memoryKeyword: normaliseWord(source.memory.keyword),
    memoryRules,
    none: source.none.map((text) => parseParts(text)),
  };
}

function compileEntry(source: KeywordSource, word: string): CompiledEntry {
  const rules = (source.rules ?? []).map((rule) => {
    const pattern = parsePattern(rule.decomposition);
    if (rule.reassembly.length === 0) throw new Error(`${word} (${rule.decomposition}) has no reassembly rules`);
    const reassembly = rule.reassembly.map((text) => parseReassembly(text));
    for (const item of reassembly) {
      if (item.kind === 'text' || item.kind === 'pre')
        checkComponents(item.parts, pattern, `${word} (${rule.decomposition})`);
    }
    return { pattern, reassembly };
  });
  const reference = source.reference ? normaliseWord(source.reference) : null;
  return {
    word,
    rank: source.rank ?? 0,
    substitute: source.substitute ? normaliseWord(source.substitute) : null,
    tags: (source.tags ?? []).map(normaliseWord),
    rules,
    reference,
    isKeyword: rules.length > 0 || reference !== null,
  };
}

function referenceOf(rule: ReassemblyRule): string | null {
  return rule.kind === 'goto' || rule.kind === 'pre' ? rule.keyword : null;
}

/** `0 YOU (* WANT NEED) 0`, `(*SAD UNHAPPY )`, `(/FAMILY)`, `(/ FAMILY)`. */
export function parsePattern(text: string): PatternElement[] {
  const elements: PatternElement[] = [];
  const token = /\(([^)]*)\)|(\S+)/g;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    if (match[1] !== undefined) {
      const inner = match[1].trim();
      const marker = inner.charAt(0);
      const words = inner.slice(1).split(/\s+/).filter(Boolean).map(normaliseWord);
      if (words.length === 0) throw new Error(`Empty group in pattern "${text}"`);
      if (marker === '*') elements.push({ kind: 'any', words: new Set(words) });
      else if (marker === '/') elements.push({ kind: 'tag', tags: words });
      else throw new Error(`Unknown group "(${inner})" in pattern "${text}"`);
    } else if (/^\d+$/.test(match[2])) {
      elements.push({ kind: 'wild', count: Number(match[2]) });
    } else {
      elements.push({ kind: 'word', word: normaliseWord(match[2]) });
    }
  }
  if (elements.length === 0) throw new Error('Empty decomposition pattern');
  return elements;
}

/** `=WHAT`, `NEWKEY`, `PRE (I ARE 3) (=YOU)`, or reply text with component numbers. */
export function parseReassembly(text: string): ReassemblyRule {
  const trimmed = text.trim();
  const goto = /^=\s*(\S+)$/.exec(trimmed);
  if (goto) return { kind: 'goto', keyword: normaliseWord(goto[1]) };
  if (trimmed === 'NEWKEY') return { kind: 'newkey' };
  const pre = /^PRE\s*\(([^)]*)\)\s*\(\s*=\s*([^)\s]+)\s*\)$/.exec(trimmed);
  if (pre) return { kind: 'pre', parts: parseParts(pre[1]), keyword: normaliseWord(pre[2]) };
  return { kind: 'text', parts: parseParts(trimmed) };
}

function parseParts(text: string): ReassemblyPart[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word): ReassemblyPart =>
      /^\d+$/.test(word) ? { kind: 'component', index: Number(word) } : { kind: 'literal', word },
    );
}

function checkComponents(parts: readonly ReassemblyPart[], pattern: readonly PatternElement[], where: string): void {
  for (const part of parts) {
    if (part.kind === 'component' && (part.index < 1 || part.index > pattern.length)) {
      throw new Error(`${where}: component ${part.index} does not exist`);
    }
  }
}

function normaliseWord(word: string): string {
  return word.trim().toUpperCase();
}
