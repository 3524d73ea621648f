export { ServerErrorCode, type ServerErrorCodeName } from './server-error-codes';
export { RequestValidationError } from './request-validation-error';
export { UnauthorizedError } from './unauthorized-error';
export { ResourceNotFoundError } from './resource-not-found-error';
export { AgentAlreadyRegisteredError } from './agent-already-registered-error';
export { RateLimitedError } from './rate-limited-error';
export { PayloadTooLargeError } from './payload-too-large-error';
export { InternalServerError } from './internal-server-error';
