let allowed: Set<string> | null = null;

/**
 * elizaOS's list of environment variables a character may pick up as
 * secrets; null means no restriction. Kith keeps the value for plugins that
 * read it back; Kith's own settings lookup does not consult it.
 */
export function setAllowedEnvVars(vars: Set<string> | null): void {
  allowed = vars;
}

export function getAllowedEnvVars(): Set<string> | null {
  return allowed;
}
