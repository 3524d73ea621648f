import type { BootReportEntry } from '../../types/runtime';

/** Times each boot phase of each plugin (avvio's boot tree, flat): `runtime.bootReport`. */
export class BootTimer {
  readonly entries: BootReportEntry[] = [];

  async timed<T>(plugin: string, phase: BootReportEntry['phase'], fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.entries.push({ plugin, phase, ms: Math.round((performance.now() - started) * 100) / 100 });
    }
  }
}
