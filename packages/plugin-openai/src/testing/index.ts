// @kith/plugin-openai/testing (also published as ./test-support): a local OpenAI-compatible server for tests.
export {
  startFakeOpenAIServer,
  fakeEmbedding,
  fakeTokenCount,
  fakeCachedTokens,
  DEFAULT_FAKE_REPLY,
  type FakeOpenAIServer,
  type FakeOpenAIServerOptions,
  type FakeFault,
  type FakeChatRequest,
  type RecordedRequest,
} from './fake-openai-server';
