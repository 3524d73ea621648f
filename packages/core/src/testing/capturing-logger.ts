import pino from 'pino';
import type { Logger } from '../logger/logger';

export interface CapturedLogEntry {
  level: string;
  msg?: string;
  [key: string]: unknown;
}

export interface CapturingLogger {
  logger: Logger;
  entries: CapturedLogEntry[];
  /** Messages logged at `level` (all levels when omitted). */
  messages(level?: string): string[];
}

/** A pino logger that keeps its entries in memory, so tests can assert what was logged. */
export function createCapturingLogger(level = 'debug'): CapturingLogger {
  const entries: CapturedLogEntry[] = [];
  const stream = { write: (line: string) => void entries.push(JSON.parse(line) as CapturedLogEntry) };
  const logger = pino({ level, base: undefined, formatters: { level: (label) => ({ level: label }) } }, stream);
  return {
    logger,
    entries,
    messages: (wanted) => entries.filter((e) => !wanted || e.level === wanted).map((e) => e.msg ?? ''),
  };
}
