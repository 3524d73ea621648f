import { createTestRuntime } from '../../../testing';
import { Service } from '../../../services/service';
import type { IAgentRuntime } from '../../../types/runtime';
import { createServiceError } from './create-service-error';
import { defineService } from './define-service';
import { getTypedService } from './get-typed-service';
import { createService, ServiceBuilder } from './service-builder';

/** A service a plugin might build with createService: it remembers its runtime and counts stops. */
class CacheService extends Service {
  capabilityDescription = 'caches things';
  stops = 0;
  readonly started: IAgentRuntime;

  constructor(runtime: IAgentRuntime) {
    super(runtime);
    this.started = runtime;
  }

  async stop(): Promise<void> {
    this.stops += 1;
  }

  lookup(key: string): string {
    return `cached:${key}`;
  }
}

describe('ServiceBuilder / createService', () => {
  it('builds a Service class with the type, description and start given', async () => {
    const Built = createService<CacheService>('cache')
      .withDescription('a cache')
      .withStart(async (runtime) => new CacheService(runtime))
      .build();
    expect(Built.serviceType).toBe('cache');
    expect(Built.name).toBe('Service(cache)');
    const instance = new Built();
    expect(instance).toBeInstanceOf(Service);
    expect(instance.capabilityDescription).toBe('a cache');
    expect(new ServiceBuilder('x')).toBeInstanceOf(ServiceBuilder);
  });

  it('a runtime registers and starts the built class from a plugin; getTypedService finds it; stop calls the stop function', async () => {
    const stopped: string[] = [];
    const Built = createService<CacheService>('cache')
      .withDescription('a cache')
      .withStart(async (runtime) => new CacheService(runtime))
      .build();
    const Defined = defineService({
      serviceType: 'notes',
      description: 'notes',
      start: async (runtime) =>
        new (createService('notes')
          .withStop(async () => void stopped.push('notes'))
          .build())(runtime),
    });
    const runtime = await createTestRuntime({
      plugins: [{ name: 'plugin-cache', description: 'cache', services: [Built, Defined] }],
    });
    const cache = getTypedService<CacheService>(runtime, 'cache');
    expect(cache).toBeInstanceOf(CacheService);
    expect(cache?.started).toBe(runtime);
    expect(cache?.lookup('k')).toBe('cached:k');
    expect(runtime.hasService('notes')).toBe(true);
    expect(getTypedService(runtime, 'missing')).toBeNull();
    await runtime.stop();
    expect(cache?.stops).toBe(1);
    expect(stopped).toEqual(['notes']);
  });

  it('runtime.registerService starts a built class too', async () => {
    const runtime = await createTestRuntime();
    await runtime.registerService(
      defineService({ serviceType: 'late', description: 'late', start: async (rt) => new CacheService(rt) }),
    );
    expect(getTypedService<CacheService>(runtime, 'late')?.lookup('a')).toBe('cached:a');
    await runtime.stop();
  });

  it('a class built without a start function fails to start, naming the service', async () => {
    const Built = createService('empty').build();
    await expect(Built.start({} as IAgentRuntime)).rejects.toThrow(
      'Service "empty" has no start function: give it one with withStart(runtime => ...)',
    );
  });

  it('defineService gives a stop that resolves when none is defined', async () => {
    const Defined = defineService({ serviceType: 't', description: 'd', start: async (rt) => new CacheService(rt) });
    await expect(new Defined().stop()).resolves.toBeUndefined();
  });
});

describe('createServiceError', () => {
  it('keeps an Error as the cause and stringifies anything else', () => {
    const cause = new Error('boom');
    expect(createServiceError(cause, 'START_FAILED')).toEqual({ code: 'START_FAILED', message: 'boom', cause });
    expect(createServiceError('nope')).toEqual({ code: 'UNKNOWN_ERROR', message: 'nope' });
  });
});
