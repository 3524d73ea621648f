import pino from 'pino';
import { ELIZA_LEVELS, type Logger } from '../logger/logger';

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
  const instance = pino(
    { level, base: undefined, customLevels: ELIZA_LEVELS, formatters: { level: (label) => ({ level: label }) } },
    stream,
  );
  // pino types the custom levels' methods without elizaOS's argument forms.
  const logger = Object.assign(instance, { clear: (): void => undefined }) as unknown as Logger;
  return {
    logger,
    entries,
    messages: (wanted) => entries.filter((e) => !wanted || e.level === wanted).map((e) => e.msg ?? ''),
  };
}
