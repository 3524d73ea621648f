import type { IStreamExtractor } from './stream-extractor';
import { assertChunkSize } from './tag-content';

/** Streams every chunk unchanged (the model already writes plain text). */
export class PassthroughExtractor implements IStreamExtractor {
  get done(): boolean {
    return false;
  }

  push(chunk: string): string {
    assertChunkSize(chunk);
    return chunk;
  }

  reset(): void {
    // Holds no state.
  }
}
