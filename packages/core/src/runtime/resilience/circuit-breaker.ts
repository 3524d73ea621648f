import type { Logger } from '../../logger/logger';

export interface CircuitBreakerOptions {
  threshold: number;
  resetMs: number;
}

interface CircuitState {
  failures: number;
  openedAt: number | null;
}

/**
 * Skips a component (provider, model handler) that failed `threshold` times
 * in a row, for `resetMs`; then lets one call through to probe it.
 */
export class CircuitBreaker {
  private readonly circuits = new Map<string, CircuitState>();

  constructor(
    private readonly logger: Logger,
    private readonly options: () => CircuitBreakerOptions,
  ) {}

  /** True when calls to `name` should be skipped now. */
  isOpen(name: string, now = Date.now()): boolean {
    const state = this.circuits.get(name);
    if (!state || state.openedAt === null) return false;
    if (now - state.openedAt >= this.options().resetMs) return false; // half-open: allow a probe
    return true;
  }

  recordSuccess(name: string): void {
    const state = this.circuits.get(name);
    if (!state) return;
    if (state.openedAt !== null)
      this.logger.info({ component: name }, `Circuit for "${name}" closed: it succeeded again`);
    this.circuits.delete(name);
  }

  recordFailure(name: string, now = Date.now()): void {
    const state = this.circuits.get(name) ?? { failures: 0, openedAt: null };
    state.failures += 1;
    const { threshold, resetMs } = this.options();
    if (state.failures >= threshold) {
      if (state.openedAt === null) {
        this.logger.warn(
          { component: name, failures: state.failures },
          `Circuit for "${name}" opened after ${state.failures} consecutive failures; skipping it for ${resetMs} ms`,
        );
      }
      state.openedAt = now;
    }
    this.circuits.set(name, state);
  }
}
