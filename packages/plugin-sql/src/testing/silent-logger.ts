import type { SqlLogger } from '../shared/sql-logger';

/** Keeps expected warnings out of test output; records them for assertions. */
export function silentLogger(): SqlLogger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (_details, message) => void warnings.push(message),
    info: () => undefined,
    debug: () => undefined,
  };
}
