import { Writable } from 'node:stream';
import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

export interface CreateLoggerOptions {
  namespace?: string;
  level?: string;
  /** Force JSON (true) or pretty (false) output; default: pretty on a TTY unless LOG_JSON_FORMAT=true. */
  json?: boolean;
  /** Where lines go instead of stderr (tests, or a file stream). */
  destination?: pino.DestinationStream;
}

/**
 * elizaOS's extra levels. Published plugins call `logger.success(...)` and
 * `logger.log(...)`, which would throw on a plain pino logger. Values as in
 * elizaOS: between info and debug.
 */
const ELIZA_LEVELS = { log: 29, progress: 28, success: 27 };
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', ...Object.keys(ELIZA_LEVELS)]);

function resolveLevel(level?: string): string {
  const wanted = (level ?? process.env.LOG_LEVEL ?? 'info').toLowerCase();
  return LEVELS.has(wanted) ? wanted : 'info';
}

/**
 * elizaOS plugins call `logger.info('text', value)`; pino would drop `value`.
 * Fold extra arguments into the log object so nothing is lost.
 */
function foldExtraArgs(this: pino.Logger, args: unknown[], method: pino.LogFn): void {
  if (args.length > 1 && typeof args[0] === 'string' && !String(args[0]).includes('%')) {
    const [msg, ...rest] = args;
    const extra = rest.length === 1 ? rest[0] : rest;
    const obj = extra instanceof Error ? { err: extra } : { details: extra };
    method.apply(this, [obj, msg]);
    return;
  }
  method.apply(this, args as Parameters<pino.LogFn>);
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
  const json = options.json ?? (process.env.LOG_JSON_FORMAT === 'true' || !process.stderr.isTTY);
  const base = options.namespace ? { ns: options.namespace } : {};
  const pinoOptions: pino.LoggerOptions<keyof typeof ELIZA_LEVELS> = {
    level,
    base,
    customLevels: ELIZA_LEVELS,
    hooks: { logMethod: foldExtraArgs },
  };
  const destination = options.destination ? toWritable(options.destination) : 2;
  const stream = json
    ? (options.destination ?? pino.destination({ fd: 2, sync: true }))
    : pretty({
        destination,
        sync: true,
        colorize: !options.destination,
        ignore: 'pid,hostname',
        customLevels: ELIZA_LEVELS,
      });
  // elizaOS loggers also have clear(); here it does nothing.
  const instance = Object.assign(pino(pinoOptions, stream), { clear: (): void => undefined });
  // Typed as a plain pino Logger so any pino logger (test doubles too) fits
  // where a Logger is expected; the extra methods exist for elizaOS plugins.
  return instance as unknown as Logger;
}

/** The process-wide default logger. */
export const logger: Logger = createLogger();

/** elizaOS name for the same logger. */
export const elizaLogger: Logger = logger;
