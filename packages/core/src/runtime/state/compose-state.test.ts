import { createCapturingLogger, createTestRuntime } from '../../testing';
import type { Provider } from '../../types/components';
import type { Memory } from '../../types/memory';
import type { UUID } from '../../types/primitives';
import { randomUuid } from '../../uuid/uuid';
import type { AgentRuntime } from '../agent-runtime';

const message = (id: UUID | undefined = randomUuid()): Memory => ({
  id,
  entityId: '11111111-1111-1111-1111-111111111111',
  roomId: '22222222-2222-2222-2222-222222222222',
  content: { text: 'hello' },
});

const textProvider = (name: string, extra: Partial<Provider> = {}): Provider => ({
  name,
  get: async () => ({ text: `${name} text` }),
  ...extra,
});

function counting(name: string, extra: Partial<Provider> = {}): Provider & { calls: () => number } {
  let calls = 0;
  return { name, get: async () => ({ text: `${name} #${++calls}` }), calls: () => calls, ...extra };
}

async function runtimeWith(providers: Provider[], settings: Record<string, number> = {}): Promise<AgentRuntime> {
  return createTestRuntime({ plugins: [{ name: 'providers', description: '', providers }], settings });
}

/**
 * Tracks the timers set from now on; the returned set holds those neither
 * fired nor cleared (timers other test files leave running do not count).
 */
function trackTimers(): Set<NodeJS.Timeout> {
  const pending = new Set<NodeJS.Timeout>();
  const realSet = global.setTimeout;
  const realClear = global.clearTimeout;
  const tracked = (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): NodeJS.Timeout => {
    const handle = realSet(() => {
      pending.delete(handle);
      fn(...args);
    }, ms);
    pending.add(handle);
    return handle;
  };
  jest.spyOn(global, 'setTimeout').mockImplementation(tracked as unknown as typeof setTimeout);
  jest.spyOn(global, 'clearTimeout').mockImplementation((handle) => {
    pending.delete(handle as NodeJS.Timeout);
    realClear(handle);
  });
  return pending;
}

describe('composeState', () => {
  afterEach(() => jest.restoreAllMocks());

  it('runs providers in parallel', async () => {
    let startA!: () => void;
    let startB!: () => void;
    const aStarted = new Promise<void>((r) => (startA = r));
    const bStarted = new Promise<void>((r) => (startB = r));
    // Each provider waits for the other one to start: only parallel execution lets both finish.
    const runtime = await runtimeWith(
      [
        { name: 'A', get: async () => (startA(), await bStarted, { text: 'A done' }) },
        { name: 'B', get: async () => (startB(), await aStarted, { text: 'B done' }) },
      ],
      { PROVIDER_TIMEOUT_MS: 2_000 },
    );
    const state = await runtime.composeState(message());
    expect(state.text).toBe('A done\n\nB done');
  });

  it('orders results by position, lower first', async () => {
    const runtime = await runtimeWith([
      textProvider('LATE', { position: 10 }),
      textProvider('DEFAULT'),
      textProvider('EARLY', { position: -5 }),
    ]);
    const state = await runtime.composeState(message());
    expect(state.text).toBe('EARLY text\n\nDEFAULT text\n\nLATE text');
    expect(Object.keys(state.data.providers ?? {})).toEqual(['EARLY', 'DEFAULT', 'LATE']);
  });

  it('runs dynamic providers only when asked, private ones never by default', async () => {
    const dynamic = counting('DYNAMIC', { dynamic: true });
    const secret = counting('PRIVATE', { private: true });
    const runtime = await runtimeWith([textProvider('PLAIN'), dynamic, secret]);
    const plain = await runtime.composeState(message());
    expect(Object.keys(plain.data.providers ?? {})).toEqual(['PLAIN']);
    expect(dynamic.calls() + secret.calls()).toBe(0);

    const asked = await runtime.composeState(message(), ['DYNAMIC', 'PRIVATE']);
    expect(Object.keys(asked.data.providers ?? {}).sort()).toEqual(['DYNAMIC', 'PLAIN', 'PRIVATE']);
  });

  it('onlyInclude runs just the named providers', async () => {
    const plain = counting('PLAIN');
    const runtime = await runtimeWith([plain, textProvider('OTHER'), textProvider('DYNAMIC', { dynamic: true })]);
    const state = await runtime.composeState(message(), ['DYNAMIC'], true);
    expect(Object.keys(state.data.providers ?? {})).toEqual(['DYNAMIC']);
    expect(state.text).toBe('DYNAMIC text');
    expect(plain.calls()).toBe(0);
  });

  it('isolates a throwing and a hanging provider and leaves no timer running', async () => {
    const capture = createCapturingLogger('warn');
    const runtime = await createTestRuntime({
      logger: capture.logger,
      settings: { PROVIDER_TIMEOUT_MS: 25 },
      plugins: [
        {
          name: 'mixed',
          description: '',
          providers: [
            textProvider('GOOD'),
            { name: 'THROWS', get: async () => Promise.reject(new Error('provider broke')) },
            { name: 'HANGS', get: () => new Promise(() => undefined) },
          ],
        },
      ],
    });
    const pending = trackTimers();
    // A hang would end the test at jest's own limit; how fast it returns is for the benches.
    const state = await runtime.composeState(message());
    expect(state.text).toBe('GOOD text');
    expect(state.data.providers?.THROWS).toEqual({ text: '', values: {}, data: {} });
    expect(state.data.providers?.HANGS).toEqual({ text: '', values: {}, data: {} });
    expect(pending.size).toBe(0);
    const warned = capture.entries.filter((e) => e.level === 'warn').map((e) => e.provider);
    expect(warned.sort()).toEqual(['HANGS', 'THROWS']);
  });

  it('runs providers that answer synchronously without arming a timer, alongside async ones', async () => {
    const runtime = await runtimeWith(
      [
        { name: 'SYNC', position: 1, get: (() => ({ text: 'sync text' })) as unknown as Provider['get'] },
        {
          name: 'SYNC_THROWS',
          position: 2,
          get: () => {
            throw new Error('broke');
          },
        },
      ],
      { PROVIDER_TIMEOUT_MS: 60_000 },
    );
    const pending = trackTimers();
    const state = await runtime.composeState(message());
    expect(pending.size).toBe(0);
    expect(state.text).toBe('sync text');
    expect(state.data.providers?.SYNC_THROWS).toEqual({ text: '', values: {}, data: {} });
  });

  it('clears the timeout timer of providers that finish in time', async () => {
    const runtime = await runtimeWith([textProvider('A'), textProvider('B')], { PROVIDER_TIMEOUT_MS: 60_000 });
    const pending = trackTimers();
    await runtime.composeState(message());
    expect(pending.size).toBe(0);
  });

  it('merges values in position order and exposes each provider under data.providers', async () => {
    const runtime = await runtimeWith([
      {
        name: 'SECOND',
        position: 2,
        get: async () => ({ text: 'two', values: { shared: 'second', b: 2 }, data: { rows: [2] } }),
      },
      { name: 'FIRST', position: 1, get: async () => ({ text: 'one', values: { shared: 'first', a: 1 } }) },
      { name: 'QUIET', position: 3, get: async () => ({ values: { quiet: true } }) },
    ]);
    const state = await runtime.composeState(message());
    expect(state.values).toMatchObject({ agentName: 'Testy', a: 1, b: 2, shared: 'second', quiet: true });
    expect(state.values.providers).toBe('one\n\ntwo');
    expect(state.text).toBe('one\n\ntwo');
    expect(state.data.providers?.SECOND).toEqual({
      text: 'two',
      values: { shared: 'second', b: 2 },
      data: { rows: [2] },
    });
    expect(state.data.providers?.QUIET).toEqual({ text: '', values: { quiet: true }, data: {} });
  });

  it('reuses cached results for the same message id unless a provider is named in includeList', async () => {
    const a = counting('A');
    const b = counting('B');
    const runtime = await runtimeWith([a, b]);
    const msg = message();
    await runtime.composeState(msg);
    const again = await runtime.composeState(msg);
    expect([a.calls(), b.calls()]).toEqual([1, 1]);
    expect(again.text).toBe('A #1\n\nB #1');

    const refreshed = await runtime.composeState(msg, ['B']);
    expect([a.calls(), b.calls()]).toEqual([1, 2]);
    expect(refreshed.text).toBe('A #1\n\nB #2');

    await runtime.composeState(msg, null, false, true);
    expect([a.calls(), b.calls()]).toEqual([2, 3]);

    await runtime.composeState(message());
    expect(a.calls()).toBe(3);
  });

  it('never caches a message without an id', async () => {
    const a = counting('A');
    const runtime = await runtimeWith([a]);
    const msg = message(undefined);
    delete msg.id;
    await runtime.composeState(msg);
    await runtime.composeState(msg);
    expect(a.calls()).toBe(2);
  });

  it('drops the cached states of a run when the run ends', async () => {
    const a = counting('A');
    const runtime = await runtimeWith([a]);
    const msg = message();
    await runtime.withRun(msg.roomId, async () => {
      await runtime.composeState(msg);
      await runtime.composeState(msg);
    });
    expect(a.calls()).toBe(1);
    await runtime.composeState(msg);
    expect(a.calls()).toBe(2);
  });

  it('skips a provider whose circuit opened after repeated failures', async () => {
    let calls = 0;
    const runtime = await runtimeWith(
      [{ name: 'FLAKY', get: async () => (calls++, Promise.reject(new Error('down'))) }, textProvider('OK')],
      { CIRCUIT_BREAKER_THRESHOLD: 2, CIRCUIT_BREAKER_RESET_MS: 60_000 },
    );
    for (let i = 0; i < 4; i++) await runtime.composeState(message());
    expect(calls).toBe(2);
  });
});
