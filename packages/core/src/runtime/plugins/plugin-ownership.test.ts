import { createCapturingLogger, createTestRuntime } from '../../testing';
import type { Action, Provider } from '../../types/components';
import type { ActionEventPayload, EvaluatorEventPayload, ProviderEventPayload } from '../../types/events';
import type { Memory } from '../../types/memory';
import type { Plugin } from '../../types/plugin';
import type { UUID } from '../../types/primitives';
import { Service } from '../../services/service';

const ROOM = '22222222-2222-2222-2222-222222222222' as UUID;

const message = (text: string, actions?: string[]): Memory => ({
  id: crypto.randomUUID(),
  entityId: '33333333-3333-3333-3333-333333333333',
  roomId: ROOM,
  content: { text, actions },
});

const action = (name: string, handler: Action['handler'] = async () => ({ success: true })): Action => ({
  name,
  description: name,
  validate: async () => true,
  handler,
});

class PingService extends Service {
  static override serviceType = 'ping';
  capabilityDescription = 'pings';
  static override async start(): Promise<Service> {
    return new PingService();
  }
  async stop(): Promise<void> {}
}

function weatherPlugin(): Plugin {
  return {
    name: 'weather',
    description: 'weather',
    actions: [action('FORECAST', async () => Promise.reject(new Error('no forecast today')))],
    providers: [{ name: 'SKY', get: () => Promise.reject(new Error('cloudy')) }],
    evaluators: [
      {
        name: 'RAIN_CHECK',
        description: 'r',
        examples: [],
        alwaysRun: true,
        validate: async () => true,
        handler: async () => Promise.reject(new Error('wet')),
      },
    ],
    models: { TEXT_SMALL: async () => 'sunny' },
    routes: [{ type: 'GET', path: '/weather', handler: async () => undefined }],
    events: { MESSAGE_SENT: [() => undefined] },
    services: [PingService],
    templates: { forecastTemplate: 'The sky: {{sky}}' },
    // Registered on the runtime directly during init: recorded as the plugin's too.
    init: async (_config, runtime) => {
      runtime.registerAction(action('STORM_WARNING'));
      runtime.registerEvent('RUN_ENDED', () => undefined);
    },
  };
}

describe('plugin ownership', () => {
  it('records what each plugin registered, in install order, from the runtime', async () => {
    const runtime = await createTestRuntime({
      plugins: [weatherPlugin(), { name: 'empty', description: 'registers nothing' }],
    });
    const registrations = runtime.getPluginRegistrations();
    expect(registrations.map((r) => r.plugin)).toEqual(['weather', 'empty']);
    expect(registrations[0]).toEqual({
      plugin: 'weather',
      actions: ['STORM_WARNING', 'FORECAST'],
      providers: ['SKY'],
      evaluators: ['RAIN_CHECK'],
      models: ['TEXT_SMALL'],
      routes: ['GET /weather'],
      services: ['ping'],
      events: ['RUN_ENDED', 'MESSAGE_SENT'],
      templates: ['forecastTemplate'],
    });
    expect(registrations[1]).toMatchObject({ plugin: 'empty', actions: [], providers: [], models: [] });
  });

  it('names the owner of each component, and keeps the lists plain arrays of what plugins gave', async () => {
    const plugin = weatherPlugin();
    const runtime = await createTestRuntime({ plugins: [plugin] });
    const forecast = plugin.actions![0]!;
    expect(runtime.actions).toContain(forecast);
    expect(Array.isArray(runtime.actions) && Object.getPrototypeOf(runtime.actions) === Array.prototype).toBe(true);
    expect(Object.keys(forecast)).toEqual(['name', 'description', 'validate', 'handler']);
    expect(runtime.getPluginOwner(forecast)).toBe('weather');
    expect(runtime.getPluginOwner(runtime.providers.find((p) => p.name === 'SKY')!)).toBe('weather');
    expect(runtime.getPluginOwner(runtime.getModel('TEXT_SMALL')!)).toBe('weather');
    expect(runtime.routes.find((r) => r.path === '/weather')?.pluginName).toBe('weather');

    // Registered by the application, outside any plugin: no owner.
    const own: Provider = { name: 'APP', get: async () => ({}) };
    runtime.registerProvider(own);
    expect(runtime.getPluginOwner(own)).toBeUndefined();
  });

  it('a throwing action, provider or evaluator is named with its plugin in the log and in the events', async () => {
    const capture = createCapturingLogger('warn');
    const runtime = await createTestRuntime({ plugins: [weatherPlugin()], logger: capture.logger });
    const seen: { action?: ActionEventPayload; provider?: ProviderEventPayload; evaluator?: EvaluatorEventPayload } =
      {};
    runtime.registerEvent('ACTION_COMPLETED', (payload) => void (seen.action = payload));
    runtime.registerEvent(
      'PROVIDER_COMPLETED',
      (payload) => void (payload.providerName === 'SKY' && (seen.provider = payload)),
    );
    runtime.registerEvent('EVALUATOR_COMPLETED', (payload) => void (seen.evaluator = payload));

    const incoming = message('what is the weather');
    await runtime.composeState(incoming);
    await runtime.processActions(incoming, [message('forecast', ['FORECAST'])], { values: {}, data: {}, text: '' });
    await runtime.evaluate(incoming, undefined, true);

    const line = (field: string, name: string) => capture.entries.find((e) => e[field] === name);
    expect(line('provider', 'SKY')).toMatchObject({
      plugin: 'weather',
      msg: 'Provider "SKY" of plugin "weather" failed; continuing without it',
    });
    expect(line('action', 'FORECAST')).toMatchObject({
      plugin: 'weather',
      msg: 'Action FORECAST of plugin "weather" threw; ending the action chain',
    });
    expect(line('evaluator', 'RAIN_CHECK')).toMatchObject({
      plugin: 'weather',
      msg: 'Evaluator RAIN_CHECK of plugin "weather" threw; continuing with the others',
    });
    expect(seen.action).toMatchObject({
      actionName: 'FORECAST',
      pluginName: 'weather',
      result: { success: false, error: 'no forecast today' },
    });
    expect(seen.provider).toMatchObject({ providerName: 'SKY', pluginName: 'weather', success: false });
    expect(seen.evaluator).toMatchObject({ evaluatorName: 'RAIN_CHECK', pluginName: 'weather', error: 'wet' });
  });

  it("a service registered from a plugin init is the plugin's; one the application registers is no plugin's", async () => {
    class PongService extends PingService {
      static override serviceType = 'pong';
    }
    const runtime = await createTestRuntime({
      plugins: [{ name: 'pinger', description: '', init: async (_c, rt) => rt.registerService(PongService) }],
    });
    await runtime.registerService(PingService);
    expect(runtime.hasService('pong') && runtime.hasService('ping')).toBe(true);
    expect(runtime.getPluginRegistrations()).toEqual([
      expect.objectContaining({ plugin: 'pinger', services: ['pong'] }),
    ]);
  });

  it('a duplicate action names both plugins and keeps the first', async () => {
    const capture = createCapturingLogger('warn');
    const first: Plugin = { name: 'first', description: '', actions: [action('SAME')] };
    const second: Plugin = { name: 'second', description: '', actions: [action('SAME')] };
    const runtime = await createTestRuntime({ plugins: [first, second], logger: capture.logger });
    expect(runtime.getPluginOwner(runtime.actions.find((a) => a.name === 'SAME')!)).toBe('first');
    expect(capture.messages('warn')).toContain(
      'Action SAME (plugin "second") is already registered by plugin "first"; keeping the first',
    );
    expect(runtime.getPluginRegistrations().find((r) => r.plugin === 'second')?.actions).toEqual([]);
  });
});
