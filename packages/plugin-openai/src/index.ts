// @kith/plugin-openai: models from any OpenAI-compatible HTTP API.
import { openaiPlugin } from './plugin';

export { createOpenAIPlugin, openaiPlugin, type OpenAIPluginOptions } from './plugin';
export {
  loadOpenAIConfig,
  OPENAI_SETTING_KEYS,
  DEFAULT_BASE_URL,
  DEFAULT_CONNECT_TIMEOUT_MS,
  type OpenAIConfig,
  type OpenAISettingKey,
} from './config/openai-config';
export { isLocalBaseUrl } from './config/is-local-base-url';
export { OpenAIClient, type OpenAIClientOptions, type RequestTarget, type StreamConsumer } from './http/openai-client';
export { parseRetryAfter } from './http/parse-retry-after';
export { encodingForModel, type EncodingName } from './models/tokenizer-handlers';
export { OpenAIErrorCode, type OpenAIErrorCodeName } from './errors/openai-error-codes';
export {
  OpenAIError,
  OpenAIAuthError,
  OpenAIRateLimitError,
  OpenAIServerError,
  OpenAIRequestError,
  OpenAINetworkError,
  OpenAIConnectTimeoutError,
  OpenAITimeoutError,
  OpenAIResponseError,
  OpenAIStreamInterruptedError,
  OpenAIObjectError,
  OpenAIEmbeddingDimensionError,
  type OpenAIRequestContext,
} from './errors';

export default openaiPlugin;
