import { ModelType } from '../../../types/model';
import { createStreamingContext } from './create-streaming-context';
import { createStreamingRetryState } from './create-streaming-retry-state';
import { isStreamableModelType } from './is-streamable-model-type';
import {
  getStreamingContext,
  getStreamingContextManager,
  runWithStreamingContext,
  setStreamingContextManager,
} from './streaming-context-manager';
import type { IStreamingContextManager, StreamingContext } from './stream-extractor';
import { XmlTagExtractor } from './xml-tag-extractor';

describe('createStreamingContext', () => {
  it('sends only extracted text, records it for retries and stops once the extractor is done', async () => {
    const sent: Array<[string, string | undefined]> = [];
    const context = createStreamingContext(
      new XmlTagExtractor('text'),
      async (chunk, id) => void sent.push([chunk, id]),
      '00000000-0000-0000-0000-000000000001',
    );
    expect(context.messageId).toBe('00000000-0000-0000-0000-000000000001');
    await context.onStreamChunk('<text>Hello there general', '00000000-0000-0000-0000-000000000002');
    expect(sent).toEqual([['Hello the', '00000000-0000-0000-0000-000000000002']]);
    expect(context.isComplete?.()).toBe(false);
    // Reading the streamed text takes what the extractor held back too (for a continuation prompt).
    expect(context.getStreamedText?.()).toBe('Hello there general');
    await context.onStreamChunk(' Kenobi</text>');
    expect(context.isComplete?.()).toBe(true);
    await context.onStreamChunk('<text>ignored</text>');
    expect(sent.map(([chunk]) => chunk)).toEqual(['Hello the', ' Kenobi']);
    expect(context.getStreamedText?.()).toBe('Hello there general Kenobi');
    context.reset?.();
    expect(context.getStreamedText?.()).toBe('');
    expect(context.isComplete?.()).toBe(false);
  });

  it('createStreamingRetryState appends text and asks the extractor for what it holds', () => {
    const extractor = new XmlTagExtractor('text');
    const state = createStreamingRetryState(extractor);
    state._appendText(extractor.push('<text>abcdefghijklmn'));
    expect(state.getStreamedText()).toBe('abcdefghijklmn');
  });
});

describe('streaming context manager', () => {
  const context: StreamingContext = { onStreamChunk: async () => undefined };

  it('keeps the context across awaits and timers, and only inside the run', async () => {
    expect(getStreamingContext()).toBeUndefined();
    const seen = await runWithStreamingContext(context, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return getStreamingContext();
    });
    expect(seen).toBe(context);
    expect(getStreamingContext()).toBeUndefined();
  });

  it('nested runs see the innermost context; undefined masks an outer one', () => {
    const inner: StreamingContext = { onStreamChunk: async () => undefined };
    runWithStreamingContext(context, () => {
      expect(runWithStreamingContext(inner, () => getStreamingContext())).toBe(inner);
      expect(runWithStreamingContext(undefined, () => getStreamingContext())).toBeUndefined();
      expect(getStreamingContext()).toBe(context);
    });
  });

  it('a replaced manager takes over, and can be put back', () => {
    const original = getStreamingContextManager();
    const fixed: IStreamingContextManager = { run: (_ctx, fn) => fn(), active: () => context };
    setStreamingContextManager(fixed);
    try {
      expect(getStreamingContextManager()).toBe(fixed);
      expect(getStreamingContext()).toBe(context);
    } finally {
      setStreamingContextManager(original);
    }
    expect(getStreamingContext()).toBeUndefined();
  });
});

describe('isStreamableModelType', () => {
  it('is true for the text generation types only', () => {
    expect(isStreamableModelType(ModelType.TEXT_SMALL)).toBe(true);
    expect(isStreamableModelType(ModelType.TEXT_REASONING_LARGE)).toBe(true);
    expect(isStreamableModelType(ModelType.TEXT_COMPLETION)).toBe(true);
    expect(isStreamableModelType(ModelType.TEXT_EMBEDDING)).toBe(false);
    expect(isStreamableModelType(ModelType.OBJECT_SMALL)).toBe(false);
  });
});
