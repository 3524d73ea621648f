/** One word of the text under analysis. */
export interface Word {
  /** Upper-case form the script matches against (after substitution). */
  readonly key: string;
  /** How the word is shown in a modern-style reply (the user's own spelling where it is theirs). */
  readonly display: string;
  /** DLIST tags (`FAMILY`, `BELIEF`, ...) of the word. */
  readonly tags: readonly string[];
}
