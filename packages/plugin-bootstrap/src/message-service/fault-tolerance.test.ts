import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {
  MessageLedger,
  type Action,
  AgentRuntime,
  ChannelType,
  type Content,
  type Evaluator,
  type IAgentRuntime,
  type Plugin,
  type Provider,
  randomUuid,
  Service,
  stringToUuid,
  type UUID,
} from '@kith/core';
import {
  type CapturingLogger,
  createCapturingLogger,
  createTestRuntime,
  scriptedReply,
  testCharacter,
} from '@kith/core/test';
import { createDatabaseAdapter } from '@kith/plugin-sql';
import { bootstrapPlugin } from '../plugin';
import type { DefaultMessageService } from './default-message-service';

/**
 * Issue 9, "a slow or broken plugin degrades one turn, names itself in the
 * logs, and never takes the agent down": each fault below hits one turn;
 * that turn ends with a reply made of what was available or a recorded
 * failure, a log line names the culprit, and the next message in the same
 * room is answered normally.
 */

const USER = '11111111-1111-4111-8111-111111111111' as UUID;
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** What the model does for one call: answer, throw, or never answer. */
type ModelBehaviour = (prompt: string, modelType: string) => string | Promise<string>;

interface FaultHarnessOptions {
  plugins?: Plugin[];
  settings?: Record<string, string>;
  /** Defaults to a good reply echoing the received message. */
  model?: ModelBehaviour;
  runtime?: (plugins: Plugin[], logger: CapturingLogger) => Promise<AgentRuntime>;
}

/** The received message's text, as the message-handler prompt shows it. */
function receivedText(prompt: string): string {
  return /# Received Message\n[^:]*: (.*)/.exec(prompt)?.[1] ?? '';
}

const goodModel: ModelBehaviour = (prompt) => scriptedReply(`Answer to: ${receivedText(prompt)}`);

/** A runtime with plugin-bootstrap, a controllable model, a capturing logger and one DM room. */
async function faultHarness(options: FaultHarnessOptions = {}) {
  const log = createCapturingLogger('debug');
  const model = { behaviour: options.model ?? goodModel, prompts: [] as string[] };
  const respond = (modelType: string) => async (_runtime: IAgentRuntime, params: { prompt?: string }) => {
    const prompt = params?.prompt ?? '';
    model.prompts.push(prompt);
    return model.behaviour(prompt, modelType);
  };
  const modelPlugin: Plugin = {
    name: 'fault-model',
    description: 'A model the test can break',
    models: { TEXT_SMALL: respond('TEXT_SMALL'), TEXT_LARGE: respond('TEXT_LARGE') },
  };
  const plugins = [bootstrapPlugin, modelPlugin, ...(options.plugins ?? [])];
  const runtime = options.runtime
    ? await options.runtime(plugins, log)
    : await createTestRuntime({ plugins, settings: options.settings, logger: log.logger });

  const events: { name: string; payload: Record<string, unknown> }[] = [];
  for (const name of ['RUN_ENDED', 'RUN_TIMEOUT', 'ACTION_COMPLETED', 'EVALUATOR_COMPLETED']) {
    runtime.on(name, (payload) => void events.push({ name, payload: payload }));
  }

  const newRoom = async (): Promise<UUID> => {
    const roomId = randomUuid();
    await runtime.ensureConnection({
      entityId: USER,
      roomId,
      userName: 'ada',
      name: 'Ada',
      source: 'test',
      type: ChannelType.DM,
    });
    return roomId;
  };
  const roomId = await newRoom();
  const replies: Content[] = [];
  /** Sends a message and waits for its whole run (evaluators and RUN_ENDED included). */
  const send = async (text: string, room: UUID = roomId) => {
    const delivered: Content[] = [];
    const messageId = randomUuid();
    const result = await runtime.messageService!.handleMessage(
      runtime,
      { id: messageId, entityId: USER, roomId: room, content: { text, source: 'test' } },
      async (content) => {
        delivered.push(content);
        replies.push(content);
        return [];
      },
    );
    await runtime.messageService!.whenIdle!();
    return { result, delivered, messageId, texts: delivered.map((c) => c.text) };
  };
  /** Log lines (message and fields) at warn or above. */
  const problems = () => log.entries.filter((e) => ['warn', 'error', 'fatal'].includes(e.level));
  return { runtime, log, model, events, roomId, newRoom, replies, send, problems };
}

/** The next message of the room gets the normal answer, and its run completes. */
async function expectNormalTurn(harness: Awaited<ReturnType<typeof faultHarness>>, room?: UUID) {
  const next = await harness.send('are you still there?', room);
  expect(next.result.didRespond).toBe(true);
  expect(next.texts).toEqual(['Answer to: are you still there?']);
  expect(
    harness.events
      .filter((e) => e.name === 'RUN_ENDED' && e.payload.messageId === next.messageId)
      .map((e) => e.payload.status),
  ).toEqual(['completed']);
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => process.off('unhandledRejection', onUnhandled));
// "Without the runtime crashing": no fault may escape as an unhandled rejection.
afterEach(() => expect(unhandled).toEqual([]));

describe('fault tolerance: providers', () => {
  it('a provider that throws: the turn is answered without it, a warning names it, the next turn has it again', async () => {
    let broken = true;
    const weather: Provider = {
      name: 'WEATHER',
      get: async () => {
        if (broken) throw new Error('weather API returned 502');
        return { text: 'It is sunny in Lisbon.' };
      },
    };
    const h = await faultHarness({
      plugins: [{ name: 'plugin-weather', description: 'weather', providers: [weather] }],
    });

    const first = await h.send('what is the weather?');
    expect(first.texts).toEqual(['Answer to: what is the weather?']);
    expect(h.model.prompts[0]).not.toContain('It is sunny in Lisbon.');
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        provider: 'WEATHER',
        plugin: 'plugin-weather',
        msg: 'Provider "WEATHER" of plugin "plugin-weather" failed; continuing without it',
      }),
    );

    broken = false;
    await expectNormalTurn(h);
    expect(h.model.prompts.at(-1)).toContain('It is sunny in Lisbon.');
  });

  it('a provider that hangs: PROVIDER_TIMEOUT_MS cuts it, the turn is answered, a warning names it', async () => {
    let hang = true;
    const slow: Provider = { name: 'SLOW_LOOKUP', get: async () => (hang ? never() : { text: 'Lookup result: 42.' }) };
    const h = await faultHarness({
      plugins: [{ name: 'plugin-slow', description: 'slow', providers: [slow] }],
      settings: { PROVIDER_TIMEOUT_MS: '50' },
    });

    const first = await h.send('look it up');
    expect(first.texts).toEqual(['Answer to: look it up']);
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        provider: 'SLOW_LOOKUP',
        plugin: 'plugin-slow',
        timeoutMs: 50,
        msg: 'Provider "SLOW_LOOKUP" of plugin "plugin-slow" timed out after 50 ms; continuing without it',
      }),
    );

    hang = false;
    await expectNormalTurn(h);
    expect(h.model.prompts.at(-1)).toContain('Lookup result: 42.');
  });
});

describe('fault tolerance: actions and evaluators', () => {
  const explode: Action = {
    name: 'EXPLODE',
    description: 'Always throws',
    validate: async () => true,
    handler: async () => {
      throw new Error('EXPLODE lost its database connection');
    },
  };

  it('an action that throws: the reply written before it is sent, the failure is recorded and logged with its name, the room goes on', async () => {
    let call = 0;
    const h = await faultHarness({
      plugins: [{ name: 'plugin-explode', description: 'explodes', actions: [explode] }],
      model: (prompt) =>
        call++ === 0 ? scriptedReply('Doing it now.', ['REPLY', 'EXPLODE']) : goodModel(prompt, 'TEXT_LARGE'),
    });

    const first = await h.send('please explode');
    expect(first.texts).toEqual(['Doing it now.']);
    const completed = h.events.filter((e) => e.name === 'ACTION_COMPLETED' && e.payload.messageId === first.messageId);
    expect(completed.map((e) => [e.payload.actionName, (e.payload.result as { success: boolean }).success])).toEqual([
      ['REPLY', true],
      ['EXPLODE', false],
    ]);
    expect(h.runtime.getActionResults(first.messageId).at(-1)).toMatchObject({
      success: false,
      error: 'EXPLODE lost its database connection',
    });
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'error',
        action: 'EXPLODE',
        plugin: 'plugin-explode',
        msg: 'Action EXPLODE of plugin "plugin-explode" threw; ending the action chain',
      }),
    );

    await expectNormalTurn(h);
  });

  it('an action that throws and was the only one (or an unknown one): the turn still ends in one recorded decision, an IGNORE naming the actions', async () => {
    const plans = [scriptedReply('', ['EXPLODE'], 'exploding'), scriptedReply('', ['NO_SUCH_ACTION'], 'hmm')];
    let call = 0;
    const h = await faultHarness({
      plugins: [{ name: 'plugin-explode', description: 'explodes', actions: [explode] }],
      model: (prompt) => plans[call++] ?? goodModel(prompt, 'TEXT_LARGE'),
    });

    const first = await h.send('please explode');
    expect(first.result.mode).toBe('ignored');
    expect(first.delivered).toEqual([
      expect.objectContaining({
        actions: ['IGNORE'],
        thought: 'No reply was sent: the actions (EXPLODE) delivered nothing.',
      }),
    ]);
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'error',
        action: 'EXPLODE',
        plugin: 'plugin-explode',
        msg: 'Action EXPLODE of plugin "plugin-explode" threw; ending the action chain',
      }),
    );
    const second = await h.send('do something odd');
    expect(second.delivered).toEqual([
      expect.objectContaining({
        actions: ['IGNORE'],
        thought: 'No reply was sent: the actions (NO_SUCH_ACTION) delivered nothing.',
      }),
    ]);
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        action: 'NO_SUCH_ACTION',
        msg: 'No action matches "NO_SUCH_ACTION"; skipping it',
      }),
    );
    const stored = await h.runtime.getMemories({ tableName: 'messages', roomId: h.roomId, count: 10 });
    expect(stored.filter((m) => m.content.actions?.includes('IGNORE'))).toHaveLength(2);

    await expectNormalTurn(h);
  });

  it('an evaluator that throws (in validate or in its handler): the reply stands, each failure is logged with its name, the others still run', async () => {
    const ran: string[] = [];
    const throwsInHandler: Evaluator = {
      name: 'BROKEN_EVALUATOR',
      description: 'Throws in its handler',
      alwaysRun: true,
      validate: async () => true,
      handler: async () => {
        throw new Error('evaluator crashed');
      },
      examples: [],
    };
    const throwsInValidate: Evaluator = {
      name: 'BROKEN_VALIDATE',
      description: 'Throws in validate',
      alwaysRun: true,
      validate: async () => {
        throw new Error('validate crashed');
      },
      handler: async () => undefined,
      examples: [],
    };
    const healthy: Evaluator = {
      name: 'HEALTHY_EVALUATOR',
      description: 'Records that it ran',
      alwaysRun: true,
      validate: async () => true,
      handler: async (_runtime, message) => void ran.push(message.content.text ?? ''),
      examples: [],
    };
    const h = await faultHarness({
      plugins: [
        {
          name: 'plugin-evaluators',
          description: 'evaluators',
          evaluators: [throwsInHandler, throwsInValidate, healthy],
        },
      ],
    });

    const first = await h.send('hello');
    expect(first.texts).toEqual(['Answer to: hello']);
    expect(
      h.events.find((e) => e.name === 'EVALUATOR_COMPLETED' && e.payload.evaluatorName === 'BROKEN_EVALUATOR')?.payload
        .error,
    ).toBe('evaluator crashed');
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'error',
        evaluator: 'BROKEN_EVALUATOR',
        plugin: 'plugin-evaluators',
        msg: 'Evaluator BROKEN_EVALUATOR of plugin "plugin-evaluators" threw; continuing with the others',
      }),
    );
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        evaluator: 'BROKEN_VALIDATE',
        plugin: 'plugin-evaluators',
        msg: 'Evaluator BROKEN_VALIDATE of plugin "plugin-evaluators" validate threw; skipping it',
      }),
    );
    expect(
      h.events.find((e) => e.name === 'RUN_ENDED' && e.payload.messageId === first.messageId)?.payload.status,
    ).toBe('completed');

    await expectNormalTurn(h);
    expect(ran).toEqual(['hello', 'are you still there?']);
  });
});

describe('fault tolerance: services', () => {
  class ThrowingService extends Service {
    static override serviceType = 'throwing-service';
    capabilityDescription = 'Throws synchronously in start';
    static override start(): Promise<Service> {
      throw new Error('missing API key');
    }
    async stop(): Promise<void> {}
  }
  class RejectingService extends Service {
    static override serviceType = 'rejecting-service';
    capabilityDescription = 'Rejects in start';
    static override async start(): Promise<Service> {
      throw new Error('connection refused');
    }
    async stop(): Promise<void> {}
  }

  class HangingService extends Service {
    static override serviceType = 'hanging-service';
    capabilityDescription = 'Never finishes starting';
    static override start(): Promise<Service> {
      return never();
    }
    async stop(): Promise<void> {}
  }

  it('services whose start() throws, rejects or hangs: the agent initialises without them, the logs name each service and its plugin, messages are answered', async () => {
    const h = await faultHarness({
      plugins: [
        {
          name: 'plugin-flaky-services',
          description: 'services',
          services: [ThrowingService, RejectingService, HangingService],
        },
      ],
      // How long initialize() waits for service starts before the agent is ready without them.
      settings: { SERVICE_START_WAIT_MS: '50' },
    });
    expect(h.runtime.isInitialized).toBe(true);
    expect(h.runtime.hasService('throwing-service')).toBe(false);
    expect(h.runtime.hasService('rejecting-service')).toBe(false);
    expect(h.runtime.hasService('hanging-service')).toBe(false);
    expect(h.problems()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'error',
          service: 'throwing-service',
          plugin: 'plugin-flaky-services',
          msg: 'Service "throwing-service" of plugin "plugin-flaky-services" failed to start; the agent runs without it',
        }),
        expect.objectContaining({
          level: 'error',
          service: 'rejecting-service',
          plugin: 'plugin-flaky-services',
          msg: 'Service "rejecting-service" of plugin "plugin-flaky-services" failed to start; the agent runs without it',
        }),
        expect.objectContaining({
          level: 'warn',
          service: 'hanging-service',
          plugin: 'plugin-flaky-services',
          msg: 'Service "hanging-service" of plugin "plugin-flaky-services" is still starting; the agent is ready without it for now',
        }),
      ]),
    );
    const first = await h.send('hi');
    expect(first.texts).toEqual(['Answer to: hi']);
    await expectNormalTurn(h);
    await h.runtime.stop();
  });
});

describe('fault tolerance: the model', () => {
  it('a model that throws: the run ends with status error naming the failure, a warning names the model type and provider, the room goes on', async () => {
    let fail = true;
    const h = await faultHarness({
      model: (prompt, type) => {
        if (fail) throw new Error('upstream returned 500');
        return goodModel(prompt, type);
      },
    });

    const first = await h.send('hello?');
    expect(first.result).toMatchObject({ didRespond: false, mode: 'error', error: 'upstream returned 500' });
    expect(first.delivered).toEqual([]);
    expect(
      h.events.find((e) => e.name === 'RUN_ENDED' && e.payload.messageId === first.messageId)?.payload,
    ).toMatchObject({ status: 'error', error: 'upstream returned 500' });
    // One line for the failed turn, naming the model type and the provider whatever the handler threw.
    expect(h.problems().filter((e) => e.messageId === first.messageId)).toEqual([
      expect.objectContaining({
        level: 'error',
        modelType: 'TEXT_LARGE',
        provider: 'fault-model',
        msg: 'Message processing failed: TEXT_LARGE handler of "fault-model" failed: upstream returned 500',
      }),
    ]);
    // The message itself was kept: the failed turn is not lost from the history.
    expect((await h.runtime.getMemoryById(first.messageId))?.content.text).toBe('hello?');

    fail = false;
    await expectNormalTurn(h);
  });

  it('a model that hangs: MODEL_TIMEOUT_MS fails the turn with KITH_MODEL_TIMEOUT naming the model, the room goes on', async () => {
    let hang = true;
    const h = await faultHarness({
      settings: { MODEL_TIMEOUT_MS: '50' },
      model: (prompt, type) => (hang ? never<string>() : goodModel(prompt, type)),
    });

    const first = await h.send('hello?');
    const expected =
      'TEXT_LARGE handler of "fault-model" did not answer within 50 ms. Check that the model server is reachable, or raise MODEL_TIMEOUT_MS.';
    expect(first.result).toMatchObject({ didRespond: false, mode: 'error', error: expected });
    expect(
      h.events.find((e) => e.name === 'RUN_ENDED' && e.payload.messageId === first.messageId)?.payload,
    ).toMatchObject({ status: 'error', error: expected });
    expect(h.problems().filter((e) => e.messageId === first.messageId)).toEqual([
      expect.objectContaining({
        level: 'error',
        modelType: 'TEXT_LARGE',
        provider: 'fault-model',
        msg: `Message processing failed: ${expected}`,
        err: expect.objectContaining({ code: 'KITH_MODEL_TIMEOUT' }),
      }),
    ]);

    hang = false;
    await expectNormalTurn(h);
  });

  it('a hung turn does not block its room: RESPONSE_TIMEOUT ends it (RUN_TIMEOUT) and the next message is answered', async () => {
    let hang = true;
    const h = await faultHarness({
      // The model limit is off, so only the run's own timeout can end the turn.
      settings: { MODEL_TIMEOUT_MS: '0', RESPONSE_TIMEOUT: '100' },
      model: (prompt, type) => (hang ? never<string>() : goodModel(prompt, type)),
    });

    const first = await h.send('hello?');
    expect(first.result).toMatchObject({
      didRespond: false,
      mode: 'error',
      error: 'Run exceeded the 100 ms response timeout (RESPONSE_TIMEOUT)',
    });
    expect(
      h.events.filter((e) => e.payload.messageId === first.messageId).map((e) => [e.name, e.payload.status]),
    ).toEqual([['RUN_TIMEOUT', 'timeout']]);
    expect(h.problems()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        timeoutMs: 100,
        msg: 'Run exceeded the 100 ms response timeout (RESPONSE_TIMEOUT)',
      }),
    );

    hang = false;
    await expectNormalTurn(h);
    expect((h.runtime.messagePipeline as DefaultMessageService).stats()).toMatchObject({ runsInFlight: 0 });
    expect(MessageLedger.of(h.runtime).line.busyRooms).toBe(0);
    expect(MessageLedger.of(h.runtime).outcomes.flyingCount).toBe(0);
  });

  describe('a model that returns garbage (fast-check)', () => {
    const valid = scriptedReply('A fine answer.', ['REPLY'], 'thinking');
    const tags = [
      '<response>',
      '</response>',
      '<thought>',
      '</thought>',
      '<actions>',
      '</actions>',
      '<text>',
      '</text>',
      '<providers>',
      '</providers>',
      '<params>',
      '</params>',
    ];
    const xmlSoup = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            ...tags,
            'REPLY',
            'IGNORE',
            ',',
            '<',
            '>',
            '/>',
            '&amp;',
            '&#x0;',
            '<![CDATA[',
            ']]>',
            '<!--',
            '-->',
            '\n',
          ),
          fc.string({ maxLength: 8 }),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join(''));
    // Well-formed, but with odd plans: repeated actions, REPLY without text, IGNORE next to text, NONE alone.
    const oddPlans = fc
      .record({
        thought: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 })),
        actions: fc.array(fc.constantFrom('REPLY', 'IGNORE', 'NONE', 'reply', ' REPLY ', ''), { maxLength: 4 }),
        text: fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 20 })),
      })
      .map(({ thought, actions, text }) => scriptedReply(text, actions, thought));
    const garbage = fc.oneof(
      oddPlans,
      fc.constant(''),
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      fc.json(),
      fc.nat({ max: valid.length - 1 }).map((cut) => valid.slice(0, cut)),
      fc
        .tuple(fc.nat({ max: valid.length }), fc.nat({ max: valid.length }))
        .map(([a, b]) => valid.slice(Math.min(a, b), Math.max(a, b))),
      xmlSoup,
      fc.constantFrom(
        'x'.repeat(200_000),
        '<'.repeat(50_000),
        '<response>'.repeat(5_000),
        `${'<a>'.repeat(2_000)}${'</a>'.repeat(2_000)}`,
      ),
    );

    it('never crashes the turn: it ends with one reply decision (what parsed, or a recorded IGNORE naming TEXT_LARGE), and the next message is answered', async () => {
      let current: string | null = null;
      const h = await faultHarness({ model: (prompt, type) => current ?? goodModel(prompt, type) });
      await fc.assert(
        fc.asyncProperty(garbage, async (output) => {
          const room = await h.newRoom();
          const logBefore = h.log.entries.length;
          const callsBefore = h.model.prompts.length;
          current = output;
          const first = await h.send('tell me something', room);
          current = null;

          expect(['simple', 'actions', 'ignored']).toContain(first.result.mode);
          // Exactly one decision: a reply with text, or a recorded IGNORE with its reason.
          expect(first.delivered).toHaveLength(1);
          const [decision] = first.delivered;
          if (decision.actions?.includes('IGNORE')) expect(decision.thought?.trim()).toBeTruthy();
          else expect(decision.text?.trim()).toBeTruthy();
          // Usable output costs one call; unusable output three, and then the log names the model type.
          const attempts = h.model.prompts.length - callsBefore;
          expect([1, 3]).toContain(attempts);
          if (attempts === 3) {
            expect(decision.actions).toEqual(['IGNORE']);
            expect(h.log.entries.slice(logBefore).map((e) => e.msg)).toContain(
              'No usable response from TEXT_LARGE; treating the turn as ignored',
            );
          }
          await expectNormalTurn(h, room);
        }),
        { numRuns: 200, seed: 20_261_123 },
      );
    }, 60_000);
  });
});

describe('fault tolerance: every fault at once, on real SQLite', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a throwing provider, action, evaluator and service and a throwing model leave the agent answering, with every message stored', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kith-faults-'));
    class BrokenService extends Service {
      static override serviceType = 'broken-service';
      capabilityDescription = 'Never starts';
      static override async start(): Promise<Service> {
        throw new Error('broken service');
      }
      async stop(): Promise<void> {}
    }
    let modelCalls = 0;
    const faulty: Plugin = {
      name: 'plugin-everything-broken',
      description: 'every component fails',
      services: [BrokenService],
      providers: [{ name: 'BROKEN_PROVIDER', get: async () => Promise.reject(new Error('provider down')) }],
      actions: [
        {
          name: 'EXPLODE',
          description: 'throws',
          validate: async () => true,
          handler: async () => Promise.reject(new Error('boom')),
        },
      ],
      evaluators: [
        {
          name: 'BROKEN_EVALUATOR',
          description: 'throws',
          alwaysRun: true,
          validate: async () => true,
          handler: async () => Promise.reject(new Error('bad eval')),
          examples: [],
        },
      ],
    };
    const h = await faultHarness({
      plugins: [faulty],
      // Turn 1: reply then a throwing action; turn 2: the model throws; turn 3 onwards: good answers.
      model: (prompt, type) => {
        modelCalls++;
        if (modelCalls === 1) return scriptedReply('First answer.', ['REPLY', 'EXPLODE']);
        if (modelCalls === 2) throw new Error('model overloaded');
        return goodModel(prompt, type);
      },
      runtime: async (plugins, log) => {
        const agentId = stringToUuid(testCharacter.name);
        const runtime = new AgentRuntime({
          character: structuredClone(testCharacter),
          agentId,
          plugins,
          adapter: createDatabaseAdapter({ dataDir: dir, filename: 'faults.db' }, agentId),
          logger: log.logger,
        });
        await runtime.initialize();
        return runtime;
      },
    });

    expect((await h.send('one')).texts).toEqual(['First answer.']);
    expect((await h.send('two')).result.mode).toBe('error');
    await expectNormalTurn(h);

    const named = h.problems().map((e) => e.msg);
    expect(named).toEqual(
      expect.arrayContaining([
        'Service "broken-service" of plugin "plugin-everything-broken" failed to start; the agent runs without it',
        'Provider "BROKEN_PROVIDER" of plugin "plugin-everything-broken" failed; continuing without it',
        'Action EXPLODE of plugin "plugin-everything-broken" threw; ending the action chain',
        'Evaluator BROKEN_EVALUATOR of plugin "plugin-everything-broken" threw; continuing with the others',
        'Message processing failed: TEXT_LARGE handler of "fault-model" failed: model overloaded',
      ]),
    );
    const stored = await h.runtime.getMemories({ tableName: 'messages', roomId: h.roomId, count: 20 });
    expect(stored.map((m) => m.content.text).reverse()).toEqual([
      'one',
      'First answer.',
      'two',
      'are you still there?',
      'Answer to: are you still there?',
    ]);
    await h.runtime.stop();
  });
});
