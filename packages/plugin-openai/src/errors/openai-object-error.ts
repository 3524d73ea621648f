import { KithError } from '@kith/core';
import { OpenAIErrorCode } from './openai-error-codes';
import { OpenAIError, where, type OpenAIRequestContext } from './openai-error';

const name = 'OpenAIObjectError';
const marker = Symbol.for(`kith.error.${name}`);

/** OBJECT_SMALL/LARGE: the model's output was not valid JSON, even after one repair request. */
export class OpenAIObjectError extends OpenAIError {
  private readonly [marker] = true;
  override readonly name = name;

  constructor(
    context: OpenAIRequestContext,
    problem: string,
    readonly text: string,
  ) {
    const excerpt = text.length > 200 ? `${text.slice(0, 200)}...` : text;
    super(
      OpenAIErrorCode.OBJECT_INVALID,
      `${where(context)} did not return valid JSON after one repair attempt (${problem}). Output: ${excerpt}`,
      context,
      {
        retryable: true,
      },
    );
  }

  /** True for an OpenAIObjectError from any copy of this package (checks a Symbol.for marker, not instanceof). */
  static override isInstance(error: unknown): error is OpenAIObjectError {
    return KithError.hasMarker(error, marker);
  }
}
