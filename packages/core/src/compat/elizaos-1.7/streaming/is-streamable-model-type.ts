import { ModelType, type ModelTypeName } from '../../../types/model';

const streamable: ReadonlySet<string> = new Set([
  ModelType.TEXT_SMALL,
  ModelType.TEXT_LARGE,
  ModelType.TEXT_REASONING_SMALL,
  ModelType.TEXT_REASONING_LARGE,
  ModelType.TEXT_COMPLETION,
]);

/** Whether a model type produces text that can stream (the text generation types). */
export function isStreamableModelType(modelType: ModelTypeName): boolean {
  return streamable.has(modelType);
}
