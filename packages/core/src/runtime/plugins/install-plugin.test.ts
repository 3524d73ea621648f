import {
  ConfigValidationError,
  PluginDependencyCycleError,
  PluginDependencyMissingError,
  PluginInitError,
  PluginInitTimeoutError,
} from '../../errors';
import { Service } from '../../services/service';
import { createCapturingLogger, createTestRuntime, InMemoryDatabaseAdapter, testCharacter } from '../../testing';
import type { Action, Evaluator, Provider } from '../../types/components';
import type { Plugin } from '../../types/plugin';
import type { ServiceClass } from '../../types/service';
import type { IAgentRuntime } from '../../types/runtime';
import { AgentRuntime } from '../agent-runtime';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A service class that records its start and stop in `log`. */
function recordingService(
  type: string,
  log: string[],
  behaviour: { failStart?: boolean; failStop?: boolean } = {},
): ServiceClass {
  return class extends Service {
    static override serviceType = type;
    capabilityDescription = `records ${type}`;

    static override async start(runtime: IAgentRuntime): Promise<Service> {
      await tick();
      if (behaviour.failStart) throw new Error(`${type} cannot start`);
      log.push(`start ${type}`);
      return new this(runtime);
    }

    async stop(): Promise<void> {
      log.push(`stop ${type}`);
      if (behaviour.failStop) throw new Error(`${type} cannot stop`);
    }
  };
}

const action = (name: string): Action => ({
  name,
  description: name,
  validate: async () => true,
  handler: async () => true,
});
const provider = (name: string): Provider => ({ name, get: async () => ({ text: name }) });
const evaluator = (name: string): Evaluator => ({
  name,
  description: name,
  examples: [],
  validate: async () => true,
  handler: async () => undefined,
});

describe('plugin installation', () => {
  it('initialises plugins in dependency order regardless of the given order', async () => {
    const inits: string[] = [];
    const plugin = (name: string, dependencies?: string[]): Plugin => ({
      name,
      description: name,
      dependencies,
      init: async () => void inits.push(name),
    });
    const runtime = await createTestRuntime({
      plugins: [plugin('discord', ['bootstrap']), plugin('bootstrap', ['sql']), plugin('sql')],
    });
    expect(inits).toEqual(['sql', 'bootstrap', 'discord']);
    expect(runtime.plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap', 'discord']);
  });

  it('fails initialize with errors that name the plugins for a missing dependency or a cycle', async () => {
    await expect(
      createTestRuntime({ plugins: [{ name: 'needs-sql', description: '', dependencies: ['sql'] }] }),
    ).rejects.toMatchObject({
      name: 'PluginDependencyMissingError',
      pluginName: 'needs-sql',
      dependency: 'sql',
    });
    const cyclic: Plugin[] = [
      { name: 'a', description: '', dependencies: ['b'] },
      { name: 'b', description: '', dependencies: ['a'] },
    ];
    const error = await createTestRuntime({ plugins: cyclic }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginDependencyCycleError);
    expect((error as PluginDependencyCycleError).cycle).toEqual(['a', 'b', 'a']);
    expect(PluginDependencyMissingError.name).toBe('PluginDependencyMissingError');
  });

  it('accepts a dependency registered with registerPlugin before initialize', async () => {
    const { logger } = createCapturingLogger('silent');
    const runtime = new AgentRuntime({
      character: testCharacter,
      adapter: new InMemoryDatabaseAdapter('00000000-0000-0000-0000-000000000001'),
      agentId: '00000000-0000-0000-0000-000000000001',
      plugins: [{ name: 'bootstrap', description: '', dependencies: ['sql'] }],
      logger,
    });
    await runtime.registerPlugin({ name: 'sql', description: '' });
    await runtime.initialize();
    expect(runtime.plugins.map((p) => p.name)).toEqual(['sql', 'bootstrap']);
  });

  it('runs plugin inits one at a time, never concurrently', async () => {
    const events: string[] = [];
    const slow = (name: string): Plugin => ({
      name,
      description: name,
      init: async () => {
        events.push(`enter ${name}`);
        for (let i = 0; i < 3; i++) await tick();
        events.push(`exit ${name}`);
      },
    });
    await createTestRuntime({ plugins: [slow('a'), slow('b'), slow('c')] });
    expect(events).toEqual(['enter a', 'exit a', 'enter b', 'exit b', 'enter c', 'exit c']);
  });

  it('passes the plugin config, resolved from settings, to init', async () => {
    let seen: Record<string, string> | undefined;
    await createTestRuntime({
      settings: { API_URL: 'https://example.test' },
      plugins: [
        {
          name: 'cfg',
          description: '',
          config: { API_URL: 'default', MODE: 'fast', EMPTY: null },
          init: async (config) => void (seen = config),
        },
      ],
    });
    expect(seen).toEqual({ API_URL: 'https://example.test', MODE: 'fast' });
  });

  it('raises PluginInitTimeoutError naming a plugin whose init hangs', async () => {
    const error = await createTestRuntime({
      settings: { PLUGIN_INIT_TIMEOUT_MS: 20 },
      plugins: [{ name: 'hangs', description: '', init: () => new Promise<void>(() => undefined) }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginInitTimeoutError);
    expect((error as PluginInitTimeoutError).pluginName).toBe('hangs');
    expect((error as Error).message).toContain('"hangs"');
    expect((error as Error).message).toContain('PLUGIN_INIT_TIMEOUT_MS');
  });

  it('wraps a throwing init in PluginInitError naming the plugin and keeping the cause', async () => {
    const cause = new Error('bad key');
    const error = await createTestRuntime({
      plugins: [{ name: 'broken', description: '', init: async () => Promise.reject(cause) }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginInitError);
    expect((error as PluginInitError).pluginName).toBe('broken');
    expect((error as Error).cause).toBe(cause);
  });

  it('also wraps a KithError thrown by init (e.g. a config error), so the plugin is named', async () => {
    const cause = new ConfigValidationError('plugin-openai', ['OPENAI_TIMEOUT_MS: expected a number']);
    const error = await createTestRuntime({
      plugins: [{ name: 'openai', description: '', init: async () => Promise.reject(cause) }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PluginInitError);
    expect((error as Error).message).toContain('Plugin "openai" failed to initialise');
    expect((error as Error).cause).toBe(cause);
  });

  it('skips a second plugin with the same name and warns', async () => {
    const capture = createCapturingLogger('warn');
    const inits: string[] = [];
    const runtime = await createTestRuntime({
      logger: capture.logger,
      plugins: [
        { name: 'twice', description: 'first', init: async () => void inits.push('first'), actions: [action('FIRST')] },
        {
          name: 'twice',
          description: 'second',
          init: async () => void inits.push('second'),
          actions: [action('SECOND')],
        },
      ],
    });
    expect(inits).toEqual(['first']);
    expect(runtime.plugins.filter((p) => p.name === 'twice')).toHaveLength(1);
    expect(runtime.actions.map((a) => a.name)).toEqual(['FIRST']);
    expect(
      capture.entries.some(
        (e) => e.level === 'warn' && e.plugin === 'twice' && String(e.msg).includes('already registered'),
      ),
    ).toBe(true);

    await runtime.registerPlugin({ name: 'twice', description: 'third', actions: [action('THIRD')] });
    expect(runtime.actions.map((a) => a.name)).toEqual(['FIRST']);
  });

  it('skips null and undefined entries in actions, providers, evaluators and services with a warning', async () => {
    const capture = createCapturingLogger('warn');
    const log: string[] = [];
    const runtime = await createTestRuntime({
      logger: capture.logger,
      plugins: [
        {
          name: 'holey',
          description: '',
          actions: [null, action('ACT'), undefined],
          providers: [undefined, provider('PROV')],
          evaluators: [evaluator('EVAL'), null],
          services: [null, recordingService('svc', log), undefined],
        },
      ],
    });
    expect(runtime.actions.map((a) => a.name)).toEqual(['ACT']);
    expect(runtime.providers.map((p) => p.name)).toEqual(['PROV']);
    expect(runtime.evaluators.map((e) => e.name)).toEqual(['EVAL']);
    expect(runtime.hasService('svc')).toBe(true);
    const kinds = capture.entries
      .filter((e) => e.level === 'warn' && e.plugin === 'holey')
      .map((e) => `${String(e.kind)}[${String(e.index)}]`);
    expect(kinds.sort()).toEqual([
      'actions[0]',
      'actions[2]',
      'evaluators[1]',
      'providers[0]',
      'services[0]',
      'services[2]',
    ]);
  });

  it('starts services after every plugin is installed and stops them in reverse start order', async () => {
    const log: string[] = [];
    const runtime = await createTestRuntime({
      plugins: [
        { name: 'p1', description: '', services: [recordingService('one', log), recordingService('two', log)] },
        { name: 'p2', description: '', services: [recordingService('three', log)] },
      ],
    });
    expect(log).toEqual(['start one', 'start two', 'start three']);
    log.length = 0;
    await runtime.stop();
    expect(log).toEqual(['stop three', 'stop two', 'stop one']);
    expect(runtime.hasService('one')).toBe(false);
  });

  it('keeps stopping services when one stop throws, and logs it with the plugin name', async () => {
    const capture = createCapturingLogger('error');
    const log: string[] = [];
    const runtime = await createTestRuntime({
      logger: capture.logger,
      plugins: [
        {
          name: 'stops',
          description: '',
          services: [
            recordingService('a', log),
            recordingService('b', log, { failStop: true }),
            recordingService('c', log),
          ],
        },
      ],
    });
    log.length = 0;
    await expect(runtime.stop()).resolves.toBeUndefined();
    expect(log).toEqual(['stop c', 'stop b', 'stop a']);
    expect(capture.entries).toEqual([expect.objectContaining({ level: 'error', service: 'b', plugin: 'stops' })]);
  });

  it('logs a service whose start throws and still initialises the agent', async () => {
    const capture = createCapturingLogger('error');
    const log: string[] = [];
    const runtime = await createTestRuntime({
      logger: capture.logger,
      plugins: [
        {
          name: 'flaky',
          description: '',
          services: [recordingService('bad', log, { failStart: true }), recordingService('good', log)],
        },
      ],
    });
    expect(runtime.isInitialized).toBe(true);
    expect(runtime.getService('bad')).toBeNull();
    expect(runtime.getService('good')).not.toBeNull();
    expect(capture.entries).toEqual([expect.objectContaining({ level: 'error', service: 'bad', plugin: 'flaky' })]);
    expect(capture.messages('error')[0]).toContain('"bad"');
  });

  it('starts a service registered after initialize at once', async () => {
    const log: string[] = [];
    const runtime = await createTestRuntime();
    await runtime.registerService(recordingService('late', log));
    expect(log).toEqual(['start late']);
    expect(runtime.getServicesByType('late')).toHaveLength(1);
  });

  it('records a boot report with plugin, phase and duration', async () => {
    const runtime = await createTestRuntime({
      plugins: [
        { name: 'with-init', description: '', init: async () => undefined, services: [recordingService('svc', [])] },
        { name: 'with-schema', description: '', schema: { things: {} } },
      ],
    });
    const report = runtime.bootReport;
    expect(report).toEqual(
      expect.arrayContaining([
        { plugin: 'with-init', phase: 'init', ms: expect.any(Number) },
        { plugin: 'with-schema', phase: 'init', ms: expect.any(Number) },
        { plugin: 'database', phase: 'adapter-init', ms: expect.any(Number) },
        { plugin: 'with-schema', phase: 'migrations', ms: expect.any(Number) },
        { plugin: 'with-init', phase: 'services', ms: expect.any(Number) },
      ]),
    );
    for (const entry of report) expect(entry.ms).toBeGreaterThanOrEqual(0);
  });

  it('registers plugin routes with the plugin name', async () => {
    const runtime = await createTestRuntime({
      plugins: [
        { name: 'web', description: '', routes: [{ type: 'GET', path: '/hello', handler: async () => undefined }] },
      ],
    });
    expect(runtime.routes).toEqual([expect.objectContaining({ path: '/hello', pluginName: 'web' })]);
  });
});
