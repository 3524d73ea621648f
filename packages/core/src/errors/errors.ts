import { ErrorCode } from './error-codes';
import { KithError, type KithErrorOptions } from './kith-error';

/** A character file or object failed validation. */
export class CharacterValidationError extends KithError {
  constructor(
    readonly source: string,
    readonly problems: string[],
    options?: KithErrorOptions,
  ) {
    super(ErrorCode.CHARACTER_INVALID, `Invalid character ${source}:\n  - ${problems.join('\n  - ')}`, options);
  }
}

export class PluginValidationError extends KithError {
  constructor(readonly pluginName: string, problem: string, options?: KithErrorOptions) {
    super(ErrorCode.PLUGIN_INVALID, `Plugin "${pluginName}" is invalid: ${problem}`, options);
  }
}

export class PluginDependencyMissingError extends KithError {
  constructor(readonly pluginName: string, readonly dependency: string) {
    super(
      ErrorCode.PLUGIN_DEPENDENCY_MISSING,
      `Plugin "${pluginName}" depends on "${dependency}", which is not registered. Add "${dependency}" to the character's plugins list.`,
    );
  }
}

export class PluginDependencyCycleError extends KithError {
  constructor(readonly cycle: string[]) {
    super(
      ErrorCode.PLUGIN_DEPENDENCY_CYCLE,
      `Plugin dependency cycle: ${cycle.join(' -> ')}. Remove one of these dependencies.`,
    );
  }
}

export class PluginInitTimeoutError extends KithError {
  constructor(readonly pluginName: string, readonly timeoutMs: number) {
    super(
      ErrorCode.PLUGIN_INIT_TIMEOUT,
      `Plugin "${pluginName}" did not finish init within ${timeoutMs} ms. Check what its init awaits, or raise PLUGIN_INIT_TIMEOUT_MS.`,
      { retryable: true },
    );
  }
}

export class PluginInitError extends KithError {
  constructor(readonly pluginName: string, cause: unknown) {
    super(ErrorCode.PLUGIN_INIT_FAILED, `Plugin "${pluginName}" failed to initialise: ${describe(cause)}`, { cause });
  }
}

export class PluginNotFoundError extends KithError {
  constructor(readonly specifier: string, detail?: string) {
    super(
      ErrorCode.PLUGIN_NOT_FOUND,
      `Plugin package "${specifier}" could not be loaded${detail ? ` (${detail})` : ''}. Install it with: npm install ${specifier}`,
    );
  }
}

export class ModelHandlerMissingError extends KithError {
  constructor(readonly modelType: string, provider?: string) {
    super(
      ErrorCode.MODEL_HANDLER_MISSING,
      provider
        ? `No ${modelType} handler from provider "${provider}" is registered.`
        : `No handler is registered for model type ${modelType}. Add a model plugin that provides it (e.g. @kith/plugin-eliza-classic offline, or @kith/plugin-openai).`,
    );
  }
}

export class DatabaseAdapterMissingError extends KithError {
  constructor() {
    super(
      ErrorCode.DATABASE_ADAPTER_MISSING,
      'No database adapter is registered. Add @kith/plugin-sql to the character\'s plugins, or pass an adapter to the AgentRuntime.',
    );
  }
}

export class EmbeddingDimensionMismatchError extends KithError {
  constructor(readonly expected: number, readonly actual: number) {
    super(
      ErrorCode.EMBEDDING_DIMENSION_MISMATCH,
      `Embedding has ${actual} dimensions but this agent stores ${expected}-dimension vectors. Use an embedding model with ${expected} dimensions, or start with a new data directory to switch to ${actual}.`,
    );
  }
}

export class ConfigValidationError extends KithError {
  constructor(readonly scope: string, readonly problems: string[]) {
    super(ErrorCode.CONFIG_INVALID, `Invalid configuration for ${scope}:\n  - ${problems.join('\n  - ')}`);
  }
}

export class TimeoutError extends KithError {
  constructor(readonly what: string, readonly timeoutMs: number) {
    super(ErrorCode.TIMEOUT, `${what} timed out after ${timeoutMs} ms`, { retryable: true });
  }
}

/** Work was offered to a BatchQueue after its dispose() began. */
export class QueueDisposedError extends KithError {
  constructor(readonly queueName: string) {
    super(ErrorCode.QUEUE_DISPOSED, `Queue "${queueName}" is disposed and accepts no more items; enqueue before stopping its service, or create a new queue.`);
  }
}

/** A model handler answered with output of the wrong shape (e.g. no vector from TEXT_EMBEDDING). */
export class ModelOutputInvalidError extends KithError {
  constructor(readonly modelType: string, readonly problem: string) {
    super(
      ErrorCode.MODEL_OUTPUT_INVALID,
      `${modelType} returned invalid output: ${problem}. Check the model plugin that handles ${modelType} (and its model setting).`,
      { retryable: true },
    );
  }
}

/** A model handler gave no answer (and, when streaming, no chunk) within MODEL_TIMEOUT_MS. */
export class ModelTimeoutError extends KithError {
  constructor(
    readonly modelType: string,
    readonly provider: string,
    readonly timeoutMs: number,
  ) {
    super(
      ErrorCode.MODEL_TIMEOUT,
      `${modelType} handler of "${provider}" did not answer within ${timeoutMs} ms. Check that the model server is reachable, or raise MODEL_TIMEOUT_MS.`,
      { retryable: true },
    );
  }
}

/** Why an attachment URL was refused before any request was sent. */
export type AttachmentRefusalReason = 'invalid' | 'scheme' | 'address';

/**
 * An attachment URL was refused: it does not parse, its scheme is not
 * http(s), or its host is (or resolves to) a non-public address.
 */
export class AttachmentUrlRefusedError extends KithError {
  constructor(
    readonly url: string,
    readonly reason: AttachmentRefusalReason,
    readonly detail: string,
  ) {
    super(ErrorCode.ATTACHMENT_URL_REFUSED, `Attachment URL ${url} refused: ${detail}. ${attachmentRefusalHint(reason)}`);
  }
}

function attachmentRefusalHint(reason: AttachmentRefusalReason): string {
  if (reason === 'address') {
    return 'Loopback, private and link-local addresses are refused by default; set ALLOW_PRIVATE_ATTACHMENT_URLS=true if fetching from such hosts is intended.';
  }
  return 'Only http: and https: URLs are fetched.';
}

/** An attachment's body exceeded the size limit; the download was aborted there. */
export class AttachmentTooLargeError extends KithError {
  constructor(readonly url: string, readonly limitBytes: number) {
    super(
      ErrorCode.ATTACHMENT_TOO_LARGE,
      `Attachment ${url} is larger than the ${limitBytes}-byte limit; the download was stopped. Raise ATTACHMENT_MAX_BYTES to accept larger attachments.`,
    );
  }
}

/** An attachment could not be fetched: network error, HTTP error status, too many redirects. */
export class AttachmentFetchError extends KithError {
  constructor(readonly url: string, readonly problem: string, options?: KithErrorOptions) {
    super(ErrorCode.ATTACHMENT_FETCH_FAILED, `Attachment ${url} could not be fetched: ${problem}. Check that the URL is reachable from the agent.`, options);
  }
}

/** A request (HTTP or WebSocket) had a bad value; `path` names it: `body.text`, `params.agentId`, `query.limit`. */
export class RequestValidationError extends KithError {
  constructor(readonly path: string, readonly problem: string) {
    super(ErrorCode.REQUEST_INVALID, path ? `Invalid request: ${path}: ${problem}` : `Invalid request: ${problem}`);
  }
}

/** The server requires an API key and the request had none, or a wrong one. */
export class UnauthorizedError extends KithError {
  constructor() {
    super(ErrorCode.UNAUTHORIZED, 'Missing or wrong API key: send the server token (KITH_SERVER_AUTH_TOKEN) in the X-API-KEY header.');
  }
}

export class AgentNotFoundError extends KithError {
  constructor(readonly agentId: string) {
    super(ErrorCode.AGENT_NOT_FOUND, `No agent with id ${agentId} is on this server; GET /api/agents lists the agents.`);
  }
}

/** A memory, room, run or route that does not exist (for this agent). */
export class ResourceNotFoundError extends KithError {
  constructor(readonly resource: string, readonly id: string, hint?: string) {
    super(ErrorCode.RESOURCE_NOT_FOUND, `No ${resource} ${id} was found${hint ? `; ${hint}` : ''}.`);
  }
}

/** The agent was stopped: it takes no messages until started again. */
export class AgentNotRunningError extends KithError {
  constructor(readonly agentId: string, readonly agentName: string) {
    super(ErrorCode.AGENT_NOT_RUNNING, `Agent "${agentName}" (${agentId}) is stopped and takes no messages; start it with POST /api/agents/${agentId}/start.`);
  }
}

export class AgentAlreadyRegisteredError extends KithError {
  constructor(readonly agentId: string, readonly agentName: string) {
    super(
      ErrorCode.AGENT_ALREADY_REGISTERED,
      `An agent with id ${agentId} ("${agentName}") is already on this server; give each character its own name or id, or remove the other agent first.`,
    );
  }
}

export class RateLimitedError extends KithError {
  constructor(readonly max: number, readonly windowMs: number, readonly retryAfterMs: number) {
    super(
      ErrorCode.RATE_LIMITED,
      `Too many requests: at most ${max} per ${windowMs} ms from one address. Retry in ${Math.ceil(retryAfterMs / 1000)} s, or raise KITH_SERVER_RATE_LIMIT_MAX.`,
      { retryable: true },
    );
  }
}

export class PayloadTooLargeError extends KithError {
  constructor(readonly limitBytes: number) {
    super(ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than the ${limitBytes}-byte limit; send less, or raise KITH_SERVER_BODY_LIMIT.`);
  }
}

/** An unexpected failure while serving a request; the details stay in the server log. */
export class InternalServerError extends KithError {
  constructor(readonly requestId: string, options?: KithErrorOptions) {
    super(ErrorCode.INTERNAL, `The server failed while handling this request (request id ${requestId}); its log has the details.`, options);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
