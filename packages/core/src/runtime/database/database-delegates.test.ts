import { DatabaseAdapterMissingError } from '../../errors';
import { createCapturingLogger, createTestRuntime, InMemoryDatabaseAdapter, testCharacter } from '../../testing';
import type { IDatabaseAdapter } from '../../types/database';
import type { UUID } from '../../types/primitives';
import { AgentRuntime } from '../agent-runtime';
import { DatabaseDelegates } from './database-delegates';
import { DATABASE_METHODS } from './database-methods';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

describe('database delegation', () => {
  it('forwards every DATABASE_METHODS name to the adapter with the same arguments and result', async () => {
    const runtime = await createTestRuntime();
    const adapter = runtime.adapter;
    for (const name of DATABASE_METHODS) {
      const sentinel = { from: name };
      const spy = jest.spyOn(adapter, name).mockImplementation(async () => sentinel);
      const method = (runtime as unknown as Record<string, AnyMethod>)[name];
      expect(typeof method).toBe('function');
      await expect(method.call(runtime, 'first', 2, { third: true })).resolves.toBe(sentinel);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith('first', 2, { third: true });
      expect(spy.mock.contexts[0]).toBe(adapter);
      spy.mockRestore();
    }
  });

  it('lists every adapter method exactly once', () => {
    expect(new Set(DATABASE_METHODS).size).toBe(DATABASE_METHODS.length);
    const adapter = new InMemoryDatabaseAdapter('00000000-0000-0000-0000-000000000001');
    for (const name of DATABASE_METHODS)
      expect(typeof (adapter as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('declares a forwarding method for each name in DATABASE_METHODS and no other', () => {
    const prototype = DatabaseDelegates.prototype;
    const declared = Object.getOwnPropertyNames(prototype).filter(
      (name) => typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function',
    );
    expect(declared.filter((name) => name !== 'constructor' && name !== 'forward').sort()).toEqual(
      [...DATABASE_METHODS].sort(),
    );
  });

  it('rejects with DatabaseAdapterMissingError when no adapter is registered', async () => {
    const runtime = new AgentRuntime({ character: testCharacter, logger: createCapturingLogger('silent').logger });
    for (const name of DATABASE_METHODS) {
      const method = (runtime as unknown as Record<string, AnyMethod>)[name];
      await expect(method.call(runtime, '00000000-0000-0000-0000-000000000001')).rejects.toBeInstanceOf(
        DatabaseAdapterMissingError,
      );
    }
    expect(() => runtime.adapter).toThrow(DatabaseAdapterMissingError);
    expect(runtime.db).toBeUndefined();
    await expect(runtime.initialize()).rejects.toBeInstanceOf(DatabaseAdapterMissingError);
  });

  it('uses an adapter registered later, and one brought by a plugin', async () => {
    const agentId = '00000000-0000-0000-0000-0000000000aa' as UUID;
    const runtime = new AgentRuntime({
      character: testCharacter,
      agentId,
      logger: createCapturingLogger('silent').logger,
    });
    const adapter: IDatabaseAdapter = new InMemoryDatabaseAdapter(agentId);
    runtime.registerDatabaseAdapter(adapter);
    expect(runtime.adapter).toBe(adapter);
    expect(await runtime.getAgents()).toEqual([]);

    const pluginAdapter = new InMemoryDatabaseAdapter(agentId);
    const viaPlugin = await createTestRuntime({ plugins: [{ name: 'db', description: '', adapter: pluginAdapter }] });
    expect(viaPlugin.adapter).toBe(pluginAdapter);
    expect(await pluginAdapter.getAgent(viaPlugin.agentId)).not.toBeNull();
  });
});
