import { Service } from '../services/service';
import { createTestRuntime } from '../testing/create-test-runtime';
import { InMemoryDatabaseAdapter } from '../testing/in-memory-database-adapter';
import type { Memory } from '../types/memory';
import type { IAgentRuntime } from '../types/runtime';
import { stringToUuid } from '../uuid/uuid';
import { AgentRuntime } from '../runtime/agent-runtime';

const room = stringToUuid('members-room');
const user = stringToUuid('members-user');

function memory(text: string, tableRoom = room): Memory {
  return { id: stringToUuid(`m-${text}`), entityId: user, roomId: tableRoom, content: { text } };
}

function gatedService(type: string, gate: Promise<void>, fail = false) {
  return class Gated extends Service {
    static override serviceType = type;
    capabilityDescription = 'waits for a gate';
    static override async start(runtime: IAgentRuntime): Promise<Service> {
      await gate;
      if (fail) throw new Error('no credentials');
      return new Gated(runtime);
    }
    async stop(): Promise<void> {}
  };
}

describe("elizaOS's AgentRuntime members on Kith's runtime", () => {
  it('initPromise settles once initialize() has; the service status and health follow each start', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const runtime = new AgentRuntime({
      character: { name: 'Members', bio: 'x' },
      adapter: new InMemoryDatabaseAdapter(stringToUuid('Members')),
      settings: { SERVICE_START_WAIT_MS: 10 },
      plugins: [
        {
          name: 'plugin-gated',
          description: 'two services',
          services: [gatedService('slow', gate), gatedService('broken', gate, true)],
        },
      ],
    });
    let settled = false;
    void runtime.initPromise.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await runtime.initialize();
    await runtime.initPromise;
    expect(runtime.getServiceRegistrationStatus('slow')).toBe('registering');
    expect(runtime.getServiceRegistrationStatus('nothing')).toBe('unknown');
    const loading = runtime.getServiceLoadPromise('slow');
    const failing = runtime.getServiceLoadPromise('broken');
    open();
    expect(await loading).toBe(runtime.getService('slow'));
    await expect(failing).rejects.toMatchObject({ code: 'KITH_SERVICE_START_FAILED' });
    expect(runtime.getServiceHealth()).toEqual({
      slow: { status: 'registered', instances: 1, hasPromise: false },
      broken: { status: 'failed', instances: 0, hasPromise: false },
    });
    await runtime.stop();
  });

  it('generateText puts the character before the input (unless told not to) and returns { text }', async () => {
    const prompts: string[] = [];
    const runtime = await createTestRuntime({
      character: {
        name: 'Ada',
        bio: ['Counts things.'],
        system: 'Be exact.',
        style: { all: ['terse'], chat: ['dry'] },
      },
    });
    runtime.registerModel(
      'TEXT_SMALL',
      async (_runtime, params: { prompt: string; user?: string }) => {
        prompts.push(params.prompt);
        return `${params.user} saw ${params.prompt.length} characters`;
      },
      'test',
      100,
    );
    const result = await runtime.generateText('How many?', { modelType: 'TEXT_SMALL' });
    expect(result).toEqual({ text: `Ada saw ${prompts[0].length} characters` });
    expect(prompts[0]).toBe('# About Ada\nCounts things.\n\nBe exact.\n\nStyle:\n- terse\n- dry\n\nHow many?');
    await runtime.generateText('Plain', { modelType: 'TEXT_SMALL', includeCharacter: false });
    expect(prompts[1]).toBe('Plain');
    await expect(runtime.generateText('  ')).rejects.toThrow('generateText: the input is empty');
  });

  it('on/off/emit: emit hands listeners the data as it is; off removes one', async () => {
    const runtime = await createTestRuntime();
    const seen: unknown[] = [];
    const listener = (data: unknown) => void seen.push(data);
    runtime.on('custom-event', listener);
    runtime.emit('custom-event', { n: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    runtime.off('custom-event', listener);
    runtime.emit('custom-event', { n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('sendControlMessage emits CONTROL_MESSAGE with the room, the action and the target', async () => {
    const runtime = await createTestRuntime();
    const messages: unknown[] = [];
    runtime.registerEvent(
      'CONTROL_MESSAGE',
      (payload) => void messages.push((payload as { message: unknown }).message),
    );
    await runtime.sendControlMessage({ roomId: room, action: 'disable_input', target: 'composer' });
    expect(messages).toEqual([
      { type: 'control', payload: { action: 'disable_input', target: 'composer' }, roomId: room },
    ]);
  });

  it('ensureAgentExists merges settings and secrets key by key into the stored agent; ensureEntity creates one', async () => {
    const runtime = await createTestRuntime();
    const id = stringToUuid('other-agent');
    const created = await runtime.ensureAgentExists({
      id,
      name: 'Other',
      bio: 'x',
      settings: { A: '1', secrets: { K: 'a' } },
    });
    expect(created).toMatchObject({ id, name: 'Other' });
    const merged = await runtime.ensureAgentExists({ id, settings: { B: '2', secrets: { L: 'b' } } });
    expect(merged.settings).toEqual({ A: '1', B: '2', secrets: { K: 'a', L: 'b' } });
    await expect(runtime.ensureAgentExists({ name: 'No id' })).rejects.toThrow('no id');
    const entity = { id: stringToUuid('entity-1'), names: ['Entity'], agentId: runtime.agentId, metadata: {} };
    expect(await runtime.ensureEntity(entity)).toBe(entity);
    expect(await runtime.getEntityById(entity.id)).toMatchObject({ names: ['Entity'] });
    expect(await runtime.ensureEntity({ names: ['No id'], agentId: runtime.agentId })).toBeNull();
  });

  it('getAllMemories reads every table Kith writes; clearAllAgentMemories empties them; rerankMemories orders by BM25', async () => {
    const runtime = await createTestRuntime();
    await runtime.createMemory(memory('the cat sat on the mat'), 'messages');
    await runtime.createMemory(memory('dogs chase cats'), 'facts');
    await runtime.createMemory(memory('a manual about boats'), 'documents');
    expect((await runtime.getAllMemories()).map((m) => m.content.text).sort()).toEqual([
      'a manual about boats',
      'dogs chase cats',
      'the cat sat on the mat',
    ]);
    const all = await runtime.getAllMemories();
    const ranked = await runtime.rerankMemories('cat on a mat', all);
    expect(ranked[0].content.text).toBe('the cat sat on the mat');
    expect(ranked.map((m) => m.content.text)).not.toContain('a manual about boats');
    await runtime.clearAllAgentMemories();
    expect(await runtime.getAllMemories()).toEqual([]);
  });

  it('stateCache is a Map of the states composed per message; runPluginMigrations runs each plugin schema', async () => {
    const adapter = new InMemoryDatabaseAdapter(stringToUuid('Migrating'));
    const runtime = new AgentRuntime({
      character: { name: 'Migrating', bio: 'x' },
      adapter,
      plugins: [{ name: 'plugin-with-schema', description: 'tables', schema: { notes: {} } }],
    });
    await runtime.initialize();
    expect(adapter.migratedPlugins).toEqual(['plugin-with-schema']);
    await runtime.runPluginMigrations();
    await runtime.runMigrations();
    expect(adapter.migratedPlugins).toEqual(['plugin-with-schema', 'plugin-with-schema', 'plugin-with-schema']);
    const message = memory('hello there');
    const state = await runtime.composeState(message);
    expect(runtime.stateCache).toBeInstanceOf(Map);
    expect(runtime.stateCache.get(message.id as string)).toBe(state);
    await runtime.stop();
  });
});
