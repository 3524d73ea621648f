import type { BootReportEntry } from '@kith/core';

const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/**
 * The boot list of one agent: a line per plugin, in boot order, with each
 * phase and its time (a phase run several times, such as one start per
 * service, is summed and counted): `bootstrap  init 0.9 ms · services 11 ms (3)`.
 */
export function formatBootReport(report: readonly BootReportEntry[], indent = '  '): string[] {
  const byPlugin = new Map<string, Map<string, { ms: number; count: number }>>();
  for (const entry of report) {
    const phases = byPlugin.get(entry.plugin) ?? new Map<string, { ms: number; count: number }>();
    const phase = phases.get(entry.phase) ?? { ms: 0, count: 0 };
    phases.set(entry.phase, { ms: phase.ms + entry.ms, count: phase.count + 1 });
    byPlugin.set(entry.plugin, phases);
  }
  const width = Math.max(0, ...[...byPlugin.keys()].map((name) => name.length));
  return [...byPlugin].map(([plugin, phases]) => {
    const parts = [...phases].map(
      ([phase, { ms: total, count }]) => `${phase} ${ms(total)}${count > 1 ? ` (${count})` : ''}`,
    );
    return `${indent}${plugin.padEnd(width)}  ${parts.join(' · ')}`;
  });
}
