import { ConfigValidationError, type AgentRuntime, type ModelEventPayload, type UUID } from '@kith/core';
import { createTestRuntime, testCharacter } from '@kith/core/test';
import { isolateOpenAIEnv } from '../testing/fixtures/isolate-openai-env';
import { loadOpenAIConfig } from '../config/openai-config';
import { createOpenAIPlugin } from '../plugin';
import { fakeCachedTokens, startFakeOpenAIServer, type FakeOpenAIServer } from '../testing';
import { promptCacheKey } from './prompt-cache-key';

const ROOM = '11111111-1111-4111-8111-111111111111' as UUID;
const OTHER_ROOM = '22222222-2222-4222-8222-222222222222' as UUID;

/** A long stable part and a short changing end, as a room's consecutive message-handler prompts are. */
const prompt = (turn: number) =>
  `${'The task, the character and the instructions stay the same. '.repeat(20)}\nReceived: message ${turn}`;

describe('prompt caching against a local OpenAI-compatible server', () => {
  let server: FakeOpenAIServer;
  isolateOpenAIEnv();
  beforeEach(async () => {
    server = await startFakeOpenAIServer();
  });
  afterEach(() => server.close());

  async function setup(
    settings: Record<string, string> = {},
    name = testCharacter.name,
  ): Promise<{ runtime: AgentRuntime; used: ModelEventPayload[] }> {
    const runtime = await createTestRuntime({
      character: { ...testCharacter, name },
      plugins: [createOpenAIPlugin()],
      settings: { OPENAI_BASE_URL: server.baseUrl, OPENAI_PROMPT_CACHE_KEY: 'true', ...settings },
    });
    const used: ModelEventPayload[] = [];
    runtime.on('MODEL_USED', (payload) => void used.push(payload));
    return { runtime, used };
  }

  const keys = () => server.requestsTo('/chat/completions').map((request) => request.body?.prompt_cache_key);

  it('sends one stable prompt_cache_key per agent and room, from the call hints', async () => {
    const { runtime } = await setup();
    await runtime.useModel('TEXT_LARGE', { prompt: prompt(1), hints: { purpose: 'messageHandler', roomId: ROOM } });
    await runtime.useModel('TEXT_SMALL', {
      prompt: prompt(2),
      hints: { purpose: 'shouldRespond', message: { text: 'hi', roomId: ROOM } },
    });
    await runtime.useModel('TEXT_LARGE', { prompt: prompt(3), hints: { roomId: OTHER_ROOM } });
    await runtime.useModel('OBJECT_SMALL', { prompt: 'an object', hints: { roomId: ROOM } });
    await runtime.useModel('TEXT_LARGE', { prompt: 'no room' });
    const other = await setup({}, 'Another agent');
    await other.runtime.useModel('TEXT_LARGE', { prompt: prompt(1), hints: { roomId: ROOM } });

    const [first, second, otherRoom, object, none, otherAgent] = keys();
    expect(first).toBe(promptCacheKey(runtime.agentId, { roomId: ROOM }));
    expect(typeof first === 'string' && first.length <= 64 && !first.includes(ROOM)).toBe(true);
    expect([second, object]).toEqual([first, first]);
    expect(new Set([first, otherRoom, otherAgent]).size).toBe(3);
    expect(none).toBeUndefined();
  });

  it('reports the cached part of the prompt as cachedInputTokens, streamed or not', async () => {
    const { runtime, used } = await setup();
    await runtime.useModel('TEXT_LARGE', { prompt: prompt(1), hints: { roomId: ROOM } });
    await runtime.useModel('TEXT_LARGE', { prompt: prompt(2), hints: { roomId: ROOM } });
    await runtime.useModel('TEXT_LARGE', {
      prompt: prompt(3),
      hints: { roomId: ROOM },
      onStreamChunk: () => undefined,
    });
    // Another room has its own cache.
    await runtime.useModel('TEXT_LARGE', { prompt: prompt(4), hints: { roomId: OTHER_ROOM } });
    const system = runtime.character.system ?? '';
    const shared = fakeCachedTokens(`${system}\n${prompt(1)}`, `${system}\n${prompt(2)}`);
    expect(shared).toBeGreaterThan(100);
    expect(used.map((u) => u.tokens?.cachedInputTokens)).toEqual([0, shared, shared, 0]);
    used.forEach((u) => expect(u.tokens?.cachedInputTokens).toBeLessThanOrEqual(u.tokens?.promptTokens ?? 0));
  });

  it('sends no key to other servers unless OPENAI_PROMPT_CACHE_KEY says so', async () => {
    const { runtime } = await setup({ OPENAI_PROMPT_CACHE_KEY: 'auto' });
    await runtime.useModel('TEXT_LARGE', { prompt: 'x', hints: { roomId: ROOM } });
    const off = await setup({ OPENAI_PROMPT_CACHE_KEY: 'false' });
    await off.runtime.useModel('TEXT_LARGE', { prompt: 'x', hints: { roomId: ROOM } });
    expect(keys()).toEqual([undefined, undefined]);
    expect(
      server.requestsTo('/chat/completions').every((request) => !('prompt_cache_key' in (request.body ?? {}))),
    ).toBe(true);
  });
});

describe('OPENAI_PROMPT_CACHE_KEY', () => {
  isolateOpenAIEnv();
  const source = (values: Record<string, unknown>) => ({ getSetting: (key: string) => values[key] ?? null });

  it('is on for OpenAI itself and off elsewhere by default (auto)', () => {
    expect(loadOpenAIConfig(source({ OPENAI_API_KEY: 'sk-test' })).promptCacheKey).toBe(true);
    expect(loadOpenAIConfig(source({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).promptCacheKey).toBe(false);
    expect(
      loadOpenAIConfig(source({ OPENAI_BASE_URL: 'https://openrouter.ai/api/v1', OPENAI_API_KEY: 'k' })).promptCacheKey,
    ).toBe(false);
  });

  it('takes true, false and auto, as words or booleans, and names the setting otherwise', () => {
    const local = { OPENAI_BASE_URL: 'http://localhost:11434/v1' };
    expect(loadOpenAIConfig(source({ ...local, OPENAI_PROMPT_CACHE_KEY: ' TRUE ' })).promptCacheKey).toBe(true);
    expect(loadOpenAIConfig(source({ ...local, OPENAI_PROMPT_CACHE_KEY: true })).promptCacheKey).toBe(true);
    expect(loadOpenAIConfig(source({ OPENAI_API_KEY: 'k', OPENAI_PROMPT_CACHE_KEY: false })).promptCacheKey).toBe(
      false,
    );
    let error: unknown;
    try {
      loadOpenAIConfig(source({ ...local, OPENAI_PROMPT_CACHE_KEY: 'sometimes' }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    expect(String((error as Error).message)).toMatch(/OPENAI_PROMPT_CACHE_KEY.*must be true, false or auto/);
  });
});
