import { createCapturingLogger, createTestRuntime } from '../../testing';
import { Service } from '../../services/service';
import type { IAgentRuntime } from '../../types/runtime';
import { ServiceRegistry } from './service-registry';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A service class whose start() waits for `gate` (a hung start never opens it). */
function gatedService(type: string, gate: Promise<void>) {
  const stopped: string[] = [];
  class Gated extends Service {
    static override serviceType = type;
    capabilityDescription = 'waits for a gate';
    static override async start(runtime: IAgentRuntime): Promise<Service> {
      await gate;
      return new Gated(runtime);
    }
    async stop(): Promise<void> {
      stopped.push(type);
    }
  }
  return { Gated, stopped };
}

const runtimeStub = {} as IAgentRuntime;

describe('services start in the background, as elizaOS starts them', () => {
  it('a service whose start() hangs does not hold the agent back; one log line names it and its plugin', async () => {
    const capture = createCapturingLogger('info');
    const { Gated } = gatedService('hung-service', new Promise<void>(() => undefined));
    const began = performance.now();
    const runtime = await createTestRuntime({
      logger: capture.logger,
      settings: { SERVICE_START_WAIT_MS: 20 },
      plugins: [{ name: 'plugin-hung', description: 'hangs', services: [Gated] }],
    });
    expect(performance.now() - began).toBeLessThan(5_000);
    expect(runtime.isInitialized).toBe(true);
    expect(runtime.hasService('hung-service')).toBe(false);
    const lines = capture.entries.filter((entry) => entry.service === 'hung-service');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        plugin: 'plugin-hung',
        waitedMs: 20,
        msg: 'Service "hung-service" of plugin "plugin-hung" is still starting; the agent is ready without it for now',
      }),
    ]);
    await runtime.stop();
  });

  it('fast services are up when initialize() returns; they start together, not one after another', async () => {
    const gate = deferred<void>();
    const first = gatedService('first-service', gate.promise);
    let secondStarted = false;
    class Second extends Service {
      static override serviceType = 'second-service';
      capabilityDescription = 'starts at once';
      static override async start(runtime: IAgentRuntime): Promise<Service> {
        secondStarted = true;
        return new Second(runtime);
      }
      async stop(): Promise<void> {}
    }
    const runtime = await createTestRuntime({
      settings: { SERVICE_START_WAIT_MS: 20 },
      plugins: [{ name: 'plugin-two', description: 'two services', services: [first.Gated, Second] }],
    });
    expect(secondStarted).toBe(true);
    expect(runtime.hasService('second-service')).toBe(true);
    expect(runtime.hasService('first-service')).toBe(false);
    gate.resolve();
    expect(await runtime.getServiceLoadPromise('first-service')).not.toBeNull();
    await runtime.stop();
  });

  it('a start that finishes later adds the service then, with one line', async () => {
    const capture = createCapturingLogger('info');
    const registry = new ServiceRegistry(capture.logger);
    const gate = deferred<void>();
    const { Gated } = gatedService('slow-service', gate.promise);
    const start = registry.start(runtimeStub, Gated, 'plugin-slow');
    await registry.awaitStarts([start], 10);
    expect(registry.has('slow-service')).toBe(false);
    expect(registry.pending()).toEqual([{ type: 'slow-service', owner: 'plugin-slow' }]);
    gate.resolve();
    expect(await start).toBe(true);
    expect(registry.has('slow-service')).toBe(true);
    expect(registry.pending()).toEqual([]);
    expect(capture.messages('info')).toContain(
      'Service "slow-service" of plugin "plugin-slow" started late; it is available now',
    );
  });

  it('a start that finishes after the agent stopped is stopped again, not leaked', async () => {
    const registry = new ServiceRegistry(createCapturingLogger().logger);
    const gate = deferred<void>();
    const { Gated, stopped } = gatedService('late-service', gate.promise);
    const start = registry.start(runtimeStub, Gated, 'plugin-late');
    await registry.awaitStarts([start], 5);
    await registry.stopAll();
    gate.resolve();
    await start;
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.has('late-service')).toBe(false);
    expect(stopped).toEqual(['late-service']);
  });

  it('a start that fails later is logged once with its plugin, and its load promise rejects naming both', async () => {
    const capture = createCapturingLogger('info');
    const registry = new ServiceRegistry(capture.logger);
    const gate = deferred<void>();
    class Failing extends Service {
      static override serviceType = 'twitter';
      capabilityDescription = 'fails after a while';
      static override async start(): Promise<Service> {
        await gate.promise;
        throw new Error('401 Unauthorized');
      }
      async stop(): Promise<void> {}
    }
    const start = registry.start(runtimeStub, Failing, 'plugin-twitter');
    await registry.awaitStarts([start], 5);
    const waiting = registry.whenStarted('twitter');
    gate.resolve();
    expect(await start).toBe(false);
    await expect(waiting).rejects.toMatchObject({
      code: 'KITH_SERVICE_START_FAILED',
      message: 'Service "twitter" of plugin "plugin-twitter" failed to start: 401 Unauthorized',
    });
    // Asked after the fact, it rejects at once rather than hanging.
    await expect(registry.whenStarted('twitter')).rejects.toMatchObject({ code: 'KITH_SERVICE_START_FAILED' });
    expect(capture.entries.filter((entry) => entry.service === 'twitter' && entry.level === 'error')).toHaveLength(1);
  });
});

describe('ServiceRegistry.whenStarted', () => {
  it('resolves when a slow service finishes starting, and with null for one that never starts before stop', async () => {
    const capture = createCapturingLogger('warn');
    const gate = deferred<void>();
    const { Gated } = gatedService('slow-service', gate.promise);
    const registry = new ServiceRegistry(capture.logger);
    const start = registry.start(runtimeStub, Gated, 'plugin-slow');
    await registry.awaitStarts([start], 10);
    const waiting = registry.whenStarted('slow-service');
    const never = registry.whenStarted('absent-service');
    gate.resolve();
    const service = await waiting;
    expect(service).toBe(registry.get('slow-service'));
    expect(service).not.toBeNull();
    expect(await registry.whenStarted('slow-service')).toBe(service);
    await registry.stopAll();
    expect(await never).toBeNull();
  });
});

describe('AgentRuntime.getServiceLoadPromise', () => {
  it('initialize() does not wait for a slow start; the promise resolves once the service is up', async () => {
    const capture = createCapturingLogger('warn');
    const gate = deferred<void>();
    const { Gated } = gatedService('late-service', gate.promise);
    const runtime = await createTestRuntime({
      logger: capture.logger,
      settings: { SERVICE_START_WAIT_MS: 20 },
      plugins: [{ name: 'plugin-late', description: 'starts late', services: [Gated] }],
    });
    expect(runtime.isInitialized).toBe(true);
    expect(runtime.getService('late-service')).toBeNull();
    const loading = runtime.getServiceLoadPromise('late-service');
    gate.resolve();
    expect(await loading).toBe(runtime.getService('late-service'));
    expect(await loading).not.toBeNull();
    await runtime.stop();
  });
});
