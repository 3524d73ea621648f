/** elizaOS's plain service error record. */
export interface ServiceError {
  code: string;
  message: string;
  details?: Record<string, unknown> | string | number | boolean | null;
  cause?: Error;
}

/** Wraps any thrown value as a ServiceError with `code` (UNKNOWN_ERROR unless given); an Error becomes its cause. */
export function createServiceError(error: unknown, code = 'UNKNOWN_ERROR'): ServiceError {
  if (error instanceof Error) return { code, message: error.message, cause: error };
  return { code, message: String(error) };
}
