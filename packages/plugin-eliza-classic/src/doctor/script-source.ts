/**
 * The script as written: patterns and reassemblies kept in the 1966 notation
 * (`0 YOU (* WANT NEED) 0`, `=WHAT`, `NEWKEY`, `PRE (I ARE 3) (=YOU)`) so the
 * data file can be checked line by line against the published script.
 * `compileScript` turns it into the structured form the engine runs.
 */

/** One decomposition rule and its reassembly rules, cycled in order. */
export interface TransformationSource {
  /** Decomposition pattern, e.g. `0 YOU ARE 0 (*SAD UNHAPPY) 0` or `0 YOUR 0 (/FAMILY) 0`. */
  decomposition: string;
  /** Reassembly rules: text with component numbers, `=KEYWORD`, `NEWKEY` or `PRE (text) (=KEYWORD)`. */
  reassembly: readonly string[];
}

/** One dictionary entry of the script (a keyword, a substitution, a DLIST tag, or several at once). */
export interface KeywordSource {
  word: string;
  /** `(WORD = OTHER ...)`: the word is replaced by OTHER in the text being analysed. */
  substitute?: string;
  /** Precedence; absent means 0. */
  rank?: number;
  /** `DLIST(/TAG ...)`: tags matched by `(/TAG)` pattern elements. */
  tags?: readonly string[];
  /** Decomposition rules, tried in order. */
  rules?: readonly TransformationSource[];
  /** `(=KEYWORD)` at keyword level: use that keyword's rules (as a last resort when `rules` exist). */
  reference?: string;
}

/** A MEMORY transformation: `(decomposition = reassembly)`. */
export interface MemoryRuleSource {
  decomposition: string;
  reassembly: string;
}

export interface ScriptSource {
  /** The opening remark. */
  greeting: string;
  keywords: readonly KeywordSource[];
  memory: { keyword: string; rules: readonly MemoryRuleSource[] };
  /** Replies when no keyword applies (the NONE rule). */
  none: readonly string[];
}
