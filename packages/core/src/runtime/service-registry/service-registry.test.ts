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

describe('ServiceRegistry start timeout', () => {
  it('a service whose start() hangs does not keep the agent from initialising; the log names it and its plugin', async () => {
    const capture = createCapturingLogger('warn');
    const { Gated } = gatedService('hung-service', new Promise<void>(() => undefined));
    const runtime = await createTestRuntime({
      logger: capture.logger,
      settings: { PLUGIN_INIT_TIMEOUT_MS: 50 },
      plugins: [{ name: 'plugin-hung', description: 'hangs', services: [Gated] }],
    });
    expect(runtime.isInitialized).toBe(true);
    expect(runtime.hasService('hung-service')).toBe(false);
    expect(capture.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        service: 'hung-service',
        plugin: 'plugin-hung',
        timeoutMs: 50,
        msg: 'Service "hung-service" of plugin "plugin-hung" did not start within 50 ms; the agent runs without it for now',
        err: expect.objectContaining({ code: 'KITH_TIMEOUT' }),
      }),
    );
  });

  it('a start that finishes after the timeout adds the service then, with a log line', async () => {
    const capture = createCapturingLogger('info');
    const registry = new ServiceRegistry(capture.logger, () => 20);
    const gate = deferred<void>();
    const { Gated } = gatedService('slow-service', gate.promise);
    expect(await registry.start(runtimeStub, Gated, 'plugin-slow')).toBe(false);
    expect(registry.has('slow-service')).toBe(false);
    gate.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.has('slow-service')).toBe(true);
    expect(capture.messages('info')).toContain(
      'Service "slow-service" of plugin "plugin-slow" started late; it is available now',
    );
  });

  it('a start that finishes after the agent stopped is stopped again, not leaked', async () => {
    const registry = new ServiceRegistry(createCapturingLogger().logger, () => 20);
    const gate = deferred<void>();
    const { Gated, stopped } = gatedService('late-service', gate.promise);
    expect(await registry.start(runtimeStub, Gated, 'plugin-late')).toBe(false);
    await registry.stopAll();
    gate.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.has('late-service')).toBe(false);
    expect(stopped).toEqual(['late-service']);
  });

  it('without a limit (0) a start may take as long as it needs', async () => {
    const registry = new ServiceRegistry(createCapturingLogger().logger, () => 0);
    const gate = deferred<void>();
    const { Gated } = gatedService('patient-service', gate.promise);
    const started = registry.start(runtimeStub, Gated, 'plugin-patient');
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.resolve();
    expect(await started).toBe(true);
    expect(registry.has('patient-service')).toBe(true);
  });
});

describe('ServiceRegistry.whenStarted', () => {
  it('resolves when a slow service finishes starting, and with null for one that never starts before stop', async () => {
    const capture = createCapturingLogger('warn');
    const gate = deferred<void>();
    const { Gated } = gatedService('slow-service', gate.promise);
    const registry = new ServiceRegistry(capture.logger, () => 10);
    expect(await registry.start(runtimeStub, Gated, 'plugin-slow')).toBe(false);
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
      settings: { PLUGIN_INIT_TIMEOUT_MS: 20 },
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
