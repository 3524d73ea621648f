import { Writable } from 'node:stream';
import pino from 'pino';
import type PinoPretty from 'pino-pretty';
import { REDACT_PATHS, redactSecrets } from './redact-secrets';
import { RepeatFilter } from './repeat-filter';
import { serializeError } from './serialize-error';

/** elizaOS 1.x's log call: an object, a string or an error, then a message and more values. */
export type ElizaLogFn = (obj: Record<string, unknown> | string | Error, msg?: string, ...args: unknown[]) => void;

/**
 * A log method that takes elizaOS's arguments and pino's. elizaOS's form is
 * tried first: pino's parses a message's type for placeholders, which fails
 * on a template literal over a large union ("union type too complex").
 */
export type LogFn = ElizaLogFn & pino.LogFn;

/**
 * Kith's logger: a pino logger with elizaOS's extra levels (`log`,
 * `progress`, `success`) and `clear()`, whose methods also take elizaOS's
 * arguments (`logger.error('failed:', message)`), so elizaOS plugins compile.
 */
export interface Logger extends pino.Logger {
  trace: LogFn;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  fatal: LogFn;
  log: LogFn;
  progress: LogFn;
  success: LogFn;
  clear(): void;
  child: ((bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => Logger) & pino.Logger['child'];
}

/** elizaOS's createLogger options: its level and namespaces, and bindings added to every line. */
export interface LoggerBindings extends Record<string, unknown> {
  level?: string;
  namespace?: string;
  namespaces?: string[];
  maxMemoryLogs?: number;
  __forceType?: 'browser' | 'node';
}

export interface CreateLoggerOptions {
  namespace?: string;
  level?: string;
  /**
   * Force JSON (true) or pretty (false) output; default: pretty on a TTY unless LOG_JSON_FORMAT=true,
   * JSON otherwise (a pipe, a file, KITH_LOG_FILE).
   */
  json?: boolean;
  /** Where lines go instead of stderr (tests, or a file stream). */
  destination?: pino.DestinationStream;
  /**
   * Identical warn/error lines within this window are counted and summed up in
   * one line when it ends (default LOG_REPEAT_WINDOW_MS, else 60000; 0 writes every line).
   */
  repeatWindowMs?: number;
}

const DEFAULT_REPEAT_WINDOW_MS = 60_000;
const WARN = 40;

/**
 * elizaOS's extra levels. Published plugins call `logger.success(...)` and
 * `logger.log(...)`, which would throw on a plain pino logger. Values as in
 * elizaOS: between info and debug.
 */
export const ELIZA_LEVELS = { log: 29, progress: 28, success: 27 };
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', ...Object.keys(ELIZA_LEVELS)]);

function resolveLevel(level?: string): string {
  const wanted = (level ?? process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return LEVELS.has(wanted) ? wanted : 'info';
}

/**
 * elizaOS plugins call `logger.info('text', value)`; pino would drop `value`.
 * Fold extra arguments into the log object so nothing is lost.
 */
function foldExtraArgs(args: unknown[]): unknown[] {
  if (args.length > 1 && typeof args[0] === 'string' && !String(args[0]).includes('%')) {
    const [msg, ...rest] = args;
    const extra = rest.length === 1 ? rest[0] : rest;
    return [extra instanceof Error ? { err: extra } : { details: extra }, msg];
  }
  return args;
}

/** The message of a pino call (`(msg)` or `(obj, msg)`), with credentials taken out. */
function scrubMessage(args: unknown[]): string {
  const at = typeof args[0] === 'string' ? 0 : typeof args[1] === 'string' ? 1 : -1;
  if (at < 0) return '';
  const clean = redactSecrets(args[at] as string);
  args[at] = clean;
  return clean;
}

/**
 * pino's logMethod hook: folds elizaOS-style arguments, redacts credentials
 * in the message, and passes warn and error lines through the repeat filter
 * (keyed by level, the logger's bindings and the message text).
 */
function logMethodHook(filter: RepeatFilter | null) {
  return function logMethod(this: pino.Logger, inputArgs: unknown[], method: pino.LogFn, level: number): void {
    const args = foldExtraArgs(inputArgs);
    const message = scrubMessage(args);
    if (filter && level >= WARN && message) {
      const bindings = (this as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? '';
      const emit = (fields: Record<string, unknown>, text: string): void => method.apply(this, [fields, text]);
      if (!filter.admit(`${level}|${bindings}|${message}`, emit, message)) return;
    }
    method.apply(this, args as Parameters<pino.LogFn>);
  };
}

function repeatWindow(option: number | undefined): number {
  if (option !== undefined) return option;
  const fromEnv = Number(process.env.LOG_REPEAT_WINDOW_MS);
  return process.env.LOG_REPEAT_WINDOW_MS !== undefined && Number.isFinite(fromEnv) && fromEnv >= 0
    ? fromEnv
    : DEFAULT_REPEAT_WINDOW_MS;
}

/** pino-pretty needs a full stream; a bare `{ write }` destination is wrapped in one. */
function toWritable(destination: pino.DestinationStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      destination.write(chunk.toString());
      callback();
    },
  });
}

/** Creates a pino logger writing to stderr, so stdout stays free for program output. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = resolveLevel(options.level);
  // `kith --log-file PATH` (KITH_LOG_FILE): log lines are appended to that file, as JSON, instead of stderr.
  const logFile = options.destination ? undefined : process.env.KITH_LOG_FILE?.trim() || undefined;
  const json = options.json ?? (Boolean(logFile) || process.env.LOG_JSON_FORMAT === 'true' || !process.stderr.isTTY);
  const base = options.namespace ? { ns: options.namespace } : {};
  const windowMs = repeatWindow(options.repeatWindowMs);
  // Stacks are for debugging: written at debug and trace, left out above.
  let withStack = (): boolean => level === 'debug' || level === 'trace';
  const errorSerializer = (error: unknown): unknown => serializeError(error, withStack());
  const pinoOptions: pino.LoggerOptions<keyof typeof ELIZA_LEVELS> = {
    level,
    base,
    customLevels: ELIZA_LEVELS,
    hooks: { logMethod: logMethodHook(windowMs > 0 ? new RepeatFilter(windowMs) : null) },
    serializers: {
      err: errorSerializer,
      error: (value: unknown): unknown => (value instanceof Error ? errorSerializer(value) : value),
    },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  const destination = options.destination ? toWritable(options.destination) : 2;
  const fileStream = logFile ? pino.destination({ dest: logFile, append: true, mkdir: true, sync: true }) : undefined;
  const stream = json
    ? (options.destination ?? fileStream ?? pino.destination({ fd: 2, sync: true }))
    : // Loaded only for pretty output: JSON logs (servers, CI, files) skip its ~12 ms.
      (require('pino-pretty') as typeof PinoPretty)({
        destination: fileStream ? toWritable(fileStream) : destination,
        sync: true,
        colorize: !options.destination && !fileStream,
        ignore: 'pid,hostname',
        customLevels: ELIZA_LEVELS,
      });
  // elizaOS loggers also have clear(); here it does nothing.
  const instance = Object.assign(pino(pinoOptions, stream), { clear: (): void => undefined });
  // The level can change after creation (logger.level = 'debug'): follow it.
  withStack = (): boolean => instance.isLevelEnabled('debug');
  // pino types the custom levels' methods without elizaOS's argument forms.
  return instance as unknown as Logger;
}

/** The process-wide default logger. */
export const logger: Logger = createLogger();

/** elizaOS name for the same logger. */
export const elizaLogger: Logger = logger;
