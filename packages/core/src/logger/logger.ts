import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

export interface CreateLoggerOptions {
  namespace?: string;
  level?: string;
  /** Force JSON (true) or pretty (false) output; default: pretty on a TTY unless LOG_JSON_FORMAT=true. */
  json?: boolean;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

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
    method.apply(this, [obj, msg as string]);
    return;
  }
  method.apply(this, args as Parameters<pino.LogFn>);
}

/** Creates a pino logger writing to stderr, so stdout stays free for program output. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = resolveLevel(options.level);
  const json = options.json ?? (process.env.LOG_JSON_FORMAT === 'true' || !process.stderr.isTTY);
  const base = options.namespace ? { ns: options.namespace } : {};
  const pinoOptions: pino.LoggerOptions = { level, base, hooks: { logMethod: foldExtraArgs } };
  if (json) return pino(pinoOptions, pino.destination({ fd: 2, sync: true }));
  return pino(pinoOptions, pretty({ destination: 2, sync: true, colorize: true, ignore: 'pid,hostname' }));
}

/** The process-wide default logger. */
export const logger: Logger = createLogger();

/** elizaOS name for the same logger. */
export const elizaLogger: Logger = logger;
