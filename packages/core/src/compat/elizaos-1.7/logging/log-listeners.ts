import pino from 'pino';
import { logger } from '../../../logger';

/** One log line as elizaOS hands it to listeners: pino's fields, with non-scalar values as JSON text. */
export interface LogEntry {
  time: number;
  level?: number;
  msg: string;
  agentName?: string;
  agentId?: string;
  [key: string]: string | number | boolean | null | undefined;
}

export type LogListener = (entry: LogEntry) => void;

/** elizaOS's level numbers; Kith's logger uses the same ones. */
export const customLevels: Record<string, number> = {
  fatal: 60,
  error: 50,
  warn: 40,
  info: 30,
  log: 29,
  progress: 28,
  success: 27,
  debug: 20,
  trace: 10,
};

/** elizaOS exports this for its own tests; it does nothing. */
export const __loggerTestHooks = {
  __noop: (): void => undefined,
};

/** How many entries `recentLogs` keeps, as in elizaOS. */
const KEPT = 100;

const listeners = new Set<LogListener>();
const kept: LogEntry[] = [];
let tapped = false;
let delivering = false;

/** Calls `listener` with every entry Kith's process logger (and its children) writes; returns a function that removes it. */
export function addLogListener(listener: LogListener): () => void {
  tapLogger();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function removeLogListener(listener: LogListener): void {
  listeners.delete(listener);
}

/**
 * The last 100 entries, one line each: `<ISO time> <level> <message>` (no
 * time when LOG_TIMESTAMPS=false). Entries are recorded from the first call
 * of this function or `addLogListener` on: the tap is put in lazily, so a
 * process that never asks pays nothing.
 */
export function recentLogs(): string {
  tapLogger();
  const withTime = (process.env.LOG_TIMESTAMPS ?? 'true').trim().toLowerCase() !== 'false';
  return kept
    .map((entry) => {
      const level = levelName(entry.level ?? 30);
      return `${withTime ? new Date(entry.time).toISOString() : ''} ${level} ${entry.msg}`.trim();
    })
    .join('\n');
}

function levelName(level: number): string {
  for (const [name, value] of Object.entries(customLevels)) if (value === level) return name;
  return 'info';
}

/**
 * Wraps the write of the stream under Kith's process-wide `logger`, which its
 * child loggers share, to see each line it writes. Loggers made separately
 * with `createLogger` are not seen.
 */
function tapLogger(): void {
  if (tapped) return;
  tapped = true;
  const holder = logger as unknown as Record<symbol, { write: (chunk: string) => unknown } | undefined>;
  const stream = holder[pino.symbols.streamSym];
  if (!stream || typeof stream.write !== 'function') return;
  const write = stream.write.bind(stream);
  stream.write = (chunk: string): unknown => {
    record(chunk);
    return write(chunk);
  };
}

function record(chunk: string): void {
  const entry = toEntry(chunk);
  if (!entry) return;
  kept.push(entry);
  if (kept.length > KEPT) kept.shift();
  // A listener that logs would otherwise feed itself.
  if (delivering) return;
  delivering = true;
  try {
    for (const listener of listeners) {
      try {
        listener(entry);
      } catch {
        // A failing listener must not break logging, nor the other listeners.
      }
    }
  } finally {
    delivering = false;
  }
}

function toEntry(chunk: string): LogEntry | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(chunk);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const entry: LogEntry = { time: Date.now(), msg: '' };
  for (const [key, value] of Object.entries(parsed)) {
    entry[key] = value === null || typeof value !== 'object' ? (value as LogEntry[string]) : JSON.stringify(value);
  }
  if (typeof entry.time !== 'number') entry.time = Date.now();
  if (typeof entry.msg !== 'string') entry.msg = entry.msg === undefined ? '' : String(entry.msg);
  return entry;
}
