import { createCapturingLogger, createTestRuntime } from '../../testing';
import type { ModelEventPayload } from '../../types/events';
import { EventBus } from './event-bus';

const deferred = (): { promise: Promise<void>; resolve: () => void } => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('events', () => {
  it('emitEvent awaits every handler', async () => {
    const runtime = await createTestRuntime();
    const gate = deferred();
    const done: string[] = [];
    runtime.on('CUSTOM_EVENT', async () => {
      await gate.promise;
      done.push('slow');
    });
    runtime.on('CUSTOM_EVENT', () => void done.push('fast'));
    let settled = false;
    const emitted = runtime.emitEvent('CUSTOM_EVENT', {}).then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toEqual(['fast']);
    expect(settled).toBe(false);
    gate.resolve();
    await emitted;
    expect(done).toEqual(['fast', 'slow']);
  });

  it('passes a typed payload with the runtime filled in', async () => {
    const runtime = await createTestRuntime();
    const seen: ModelEventPayload[] = [];
    runtime.on('MODEL_USED', (payload) => void seen.push(payload));
    await runtime.emitEvent('MODEL_USED', {
      type: 'TEXT_SMALL',
      provider: 'p',
      promptChars: 3,
      durationMs: 1,
      success: true,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].runtime).toBe(runtime);
    expect(seen[0].provider).toBe('p');
  });

  it('a throwing handler does not stop the others and is logged with its plugin name', async () => {
    const capture = createCapturingLogger('error');
    const reached: string[] = [];
    const runtime = await createTestRuntime({
      logger: capture.logger,
      plugins: [
        {
          name: 'noisy-plugin',
          description: '',
          events: {
            MESSAGE_RECEIVED: [
              async () => {
                throw new Error('handler broke');
              },
            ],
          },
        },
        { name: 'calm-plugin', description: '', events: { MESSAGE_RECEIVED: [async () => void reached.push('calm')] } },
      ],
    });
    runtime.on('MESSAGE_RECEIVED', () => {
      throw new Error('sync throw');
    });
    runtime.on('MESSAGE_RECEIVED', () => void reached.push('direct'));
    const message = { entityId: runtime.agentId, roomId: runtime.agentId, content: { text: 'hi' } };
    await expect(runtime.emitEvent('MESSAGE_RECEIVED', { message, source: 'test' })).resolves.toBeUndefined();
    expect(reached.sort()).toEqual(['calm', 'direct']);
    const errors = capture.entries.filter((e) => e.level === 'error');
    expect(errors).toHaveLength(2);
    expect(errors.map((e) => e.plugin).sort()).toEqual(['noisy-plugin', 'unknown plugin']);
    expect(errors.find((e) => e.plugin === 'noisy-plugin')?.msg).toContain('noisy-plugin');
  });

  it('runtime.on and plugin events share one registry', async () => {
    const calls: string[] = [];
    const runtime = await createTestRuntime({
      plugins: [{ name: 'p', description: '', events: { WORLD_JOINED: [async () => void calls.push('plugin')] } }],
    });
    runtime.on('WORLD_JOINED', () => void calls.push('on'));
    runtime.registerEvent('WORLD_JOINED', () => void calls.push('registerEvent'));
    expect(runtime.getEvent('WORLD_JOINED')).toHaveLength(3);
    expect(runtime.events.get('WORLD_JOINED')).toBe(runtime.getEvent('WORLD_JOINED'));
    await runtime.emitEvent('WORLD_JOINED', {
      world: { id: runtime.agentId, agentId: runtime.agentId },
      rooms: [],
      entities: [],
    });
    expect(calls.sort()).toEqual(['on', 'plugin', 'registerEvent']);
  });

  it('emits several events at once', async () => {
    const runtime = await createTestRuntime();
    const seen: string[] = [];
    runtime.on('A_EVENT', () => void seen.push('A'));
    runtime.on('B_EVENT', () => void seen.push('B'));
    await runtime.emitEvent(['A_EVENT', 'B_EVENT'], {});
    expect(seen.sort()).toEqual(['A', 'B']);
  });

  it('emitting an event nobody listens to is a no-op', async () => {
    const runtime = await createTestRuntime();
    await expect(runtime.emitEvent('NOBODY_LISTENS', {})).resolves.toBeUndefined();
  });
});

describe('EventBus', () => {
  it('off removes a handler', async () => {
    const bus = new EventBus(createCapturingLogger('silent').logger);
    const calls: number[] = [];
    const handler = (): void => void calls.push(1);
    bus.on('E', handler);
    bus.off('E', handler);
    await bus.emit('E', {} as never);
    expect(calls).toEqual([]);
  });
});
