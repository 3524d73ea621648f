import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, serverSaid, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIRequestError';
const marker = Symbol.for(`kith.error.${name}`);

/** Any other 4xx: the request itself is wrong (unknown model, bad parameter). Not retryable. */
export class OpenAIRequestError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(context: OpenAIRequestContext, status: number, serverMessage: string | undefined, providerCode?: string) {
    let hint = '';
    if (status === 404) {
      hint = context.modelSetting
        ? ` Check ${context.modelSetting} (the server may not have that model) and OPENAI_BASE_URL (it usually ends in /v1).`
        : ' Check OPENAI_BASE_URL (it usually ends in /v1).';
    }
    super(
      OpenAIErrorCode.REQUEST_REJECTED,
      `${where(context)} rejected the request (${status}${serverSaid(serverMessage)}).${hint}`,
      context,
      {
        status,
        providerCode,
        retryable: false,
      },
    );
  }

  /** True for an OpenAIRequestError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIRequestError {
    return KithError.hasMarker(error, marker);
  }
}
