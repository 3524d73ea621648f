/** One schema problem, as zod (3 or 4) reports it. */
export interface ConfigIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  /** zod 3 names the received type here ("undefined" when missing). */
  readonly received?: unknown;
}

/** A zod error, duck-typed so a plugin's own zod copy (3 or 4) works too. */
export interface ConfigErrorLike {
  readonly issues: readonly ConfigIssue[];
}

function isMissing(issue: ConfigIssue): boolean {
  if (issue.code !== 'invalid_type') return false;
  return issue.received === 'undefined' || issue.message === 'Required' || /received undefined/i.test(issue.message);
}

/**
 * One line per problem, each naming the setting. A missing value says where
 * to set it, because "expected string, received undefined" does not.
 */
export function describeConfigIssues(error: ConfigErrorLike): string[] {
  return error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '(config)';
    if (isMissing(issue) && issue.path.length > 0) {
      return `${key}: missing; set ${String(issue.path[0])} in the character settings or the environment`;
    }
    return `${key}: ${issue.message}`;
  });
}

/** A startup-log message naming the scope (usually the plugin) and every bad key. */
export function formatConfigErrors(scope: string, error: ConfigErrorLike): string {
  return `Invalid configuration for ${scope}:\n  - ${describeConfigIssues(error).join('\n  - ')}`;
}
