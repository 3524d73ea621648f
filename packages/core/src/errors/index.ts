export { KithError, type KithErrorOptions } from './kith-error';
export { ErrorCode, type ErrorCodeName } from './error-codes';
export * from './errors';
