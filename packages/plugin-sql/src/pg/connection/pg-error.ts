import {
  DatabaseAuthError,
  DatabaseMissingError,
  DatabaseUnavailableError,
  DatabaseUnreachableError,
  type DatabaseTarget,
} from '../../errors';

const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  ECONNRESET: 'connection reset',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  // AggregateError (several addresses tried): the first one's code.
  const inner = (error as { errors?: unknown[] } | null)?.errors?.[0];
  return inner === undefined ? undefined : codeOf(inner);
}

/** Whether the error means the connection itself failed (not the statement). */
export function isConnectionError(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (code in UNREACHABLE_CODES || code.startsWith('08') || code.startsWith('57P') || code === 'EPIPE'))
    return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
    message,
  );
}

/** A connection failure at start, as the error that names the host, port, database and the fix. */
export function connectError(error: unknown, target: DatabaseTarget): Error {
  const code = codeOf(error);
  if (code === '28P01' || code === '28000') return new DatabaseAuthError(target, { cause: error });
  if (code === '3D000') return new DatabaseMissingError(target, { cause: error });
  if (code && code in UNREACHABLE_CODES)
    return new DatabaseUnreachableError(target, UNREACHABLE_CODES[code], { cause: error });
  if (isConnectionError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = /timeout/i.test(message) ? 'connection timed out' : message;
    return new DatabaseUnreachableError(target, reason, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** A failure during a call: connection losses become DatabaseUnavailableError, anything else passes. */
export function callError(error: unknown, target: DatabaseTarget, method: string): unknown {
  if (!isConnectionError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new DatabaseUnavailableError(target, method, message, { cause: error });
}
