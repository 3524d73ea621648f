import type { Semaphore } from '../../batch-queue/semaphore';
import { ModelOutputInvalidError } from '../../errors';
import type { IAgentRuntime } from '../../types/runtime';

/** Per runtime: whether its TEXT_EMBEDDING handler answered `{ texts }` with one vector per text. */
const batchSupport = new WeakMap<IAgentRuntime, boolean>();

export interface EmbedTextsOptions {
  /** Every model call holds a permit, so callers sharing it bound the calls in flight together. */
  semaphore?: Semaphore;
}

function isVectorList(value: unknown, length: number): value is number[][] {
  return (
    Array.isArray(value) && value.length === length && value.every((v) => Array.isArray(v) && typeof v[0] === 'number')
  );
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'number';
}

/**
 * Embeds several texts: one TEXT_EMBEDDING call with `{ texts }` when the
 * handler accepts array input, otherwise one `{ text }` call per text. The
 * first batch call decides which, once per runtime (handlers written for
 * elizaOS read only `text` and answer with a single vector or throw).
 */
export async function embedTexts(
  runtime: IAgentRuntime,
  texts: readonly string[],
  options: EmbedTextsOptions = {},
): Promise<number[][]> {
  if (texts.length === 0) return [];
  const call = <T>(fn: () => Promise<T>): Promise<T> => (options.semaphore ? options.semaphore.run(fn) : fn());

  if (texts.length > 1 && batchSupport.get(runtime) !== false) {
    const known = batchSupport.get(runtime) === true;
    try {
      const result = await call(() => runtime.useModel('TEXT_EMBEDDING', { texts: [...texts] }));
      if (isVectorList(result, texts.length)) {
        batchSupport.set(runtime, true);
        return result;
      }
      if (known)
        throw new ModelOutputInvalidError('TEXT_EMBEDDING', `${describeShape(result)} for ${texts.length} texts`);
    } catch (error) {
      // A handler that once accepted batches failed for real: let the caller retry.
      if (known) throw error;
    }
    batchSupport.set(runtime, false);
    runtime.logger.debug('TEXT_EMBEDDING handler does not take { texts }; embedding one text per call');
  }

  return Promise.all(
    texts.map(async (text) => {
      const vector = await call(() => runtime.useModel('TEXT_EMBEDDING', { text }));
      if (!isVector(vector))
        throw new ModelOutputInvalidError(
          'TEXT_EMBEDDING',
          `${describeShape(vector)} for one text; expected a vector of numbers`,
        );
      return vector;
    }),
  );
}

function describeShape(value: unknown): string {
  if (!Array.isArray(value)) return typeof value;
  return `an array of ${value.length} ${Array.isArray(value[0]) ? 'vectors' : typeof value[0]}`;
}
