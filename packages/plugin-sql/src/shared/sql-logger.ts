import { createLogger } from '@kith/core';

/** The slice of a (pino) logger the adapter uses. */
export interface SqlLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

let fallback: SqlLogger | undefined;

/** The package logger, created on first use so importing the package has no side effects. */
export function defaultSqlLogger(): SqlLogger {
  fallback ??= createLogger({ namespace: 'plugin-sql' });
  return fallback;
}
