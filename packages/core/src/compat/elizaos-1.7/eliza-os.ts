import { AgentNotFoundError } from '../../errors/agent-not-found-error';
import { ConfigValidationError } from '../../errors/config-validation-error';
import { AgentRuntime } from '../../runtime/agent-runtime';
import type { Character } from '../../types/character';
import type { IDatabaseAdapter } from '../../types/database';
import type { HandleMessageOptions, HandleMessageResult, IElizaOS, IncomingMessage } from '../../types/eliza-os';
import type { Plugin } from '../../types/plugin';
import type { UUID } from '../../types/primitives';
import type { IAgentRuntime } from '../../types/runtime';
import { ElizaOSFacade } from '../eliza-os-facade';

/** One agent as elizaOS's `addAgents` takes it. */
export interface ElizaOSAgentConfig {
  character: Character;
  plugins?: (Plugin | string)[];
  settings?: Record<string, string | number | boolean | null | undefined>;
  init?: (runtime: IAgentRuntime) => Promise<void>;
  databaseAdapter?: IDatabaseAdapter;
}

const isPlugin = (value: unknown): value is Plugin =>
  typeof value === 'object' && value !== null && typeof (value as Plugin).name === 'string';

/** A plugin named by package: its default export, else its first export shaped like a plugin. */
async function importPlugin(name: string): Promise<Plugin> {
  const module = (await import(name)) as Record<string, unknown>;
  const found = isPlugin(module.default) ? module.default : Object.values(module).find(isPlugin);
  if (!found)
    throw new ConfigValidationError('ElizaOS.addAgents', [
      `plugin "${name}": the package exports no plugin ({ name, ... }); install it (kith add ${name}) or pass the plugin object`,
    ]);
  return found;
}

/**
 * elizaOS's orchestrator of several agents in one process: add them (from a
 * character, plugins and settings), start, stop and delete them, find them,
 * and hand messages to them through each agent's message ledger, as
 * `runtime.elizaOS` does for one. `kith start` runs agents this way from
 * character files and projects; this class is for code written against
 * elizaOS's API.
 */
export class ElizaOS extends EventTarget implements IElizaOS {
  private readonly runtimes = new Map<UUID, IAgentRuntime>();
  private readonly inits = new Map<UUID, (runtime: IAgentRuntime) => Promise<void>>();
  private editable = false;

  async addAgents(
    agents: ElizaOSAgentConfig[],
    options: { autoStart?: boolean; returnRuntimes?: boolean } = {},
  ): Promise<UUID[] | IAgentRuntime[]> {
    const added: IAgentRuntime[] = [];
    for (const agent of agents) {
      const plugins = await Promise.all(
        (agent.plugins ?? []).map((plugin) =>
          typeof plugin === 'string' ? importPlugin(plugin) : Promise.resolve(plugin),
        ),
      );
      const runtime = new AgentRuntime({
        character: agent.character,
        plugins,
        ...(agent.settings ? { settings: agent.settings } : {}),
        ...(agent.databaseAdapter ? { adapter: agent.databaseAdapter } : {}),
      });
      this.registerAgent(runtime);
      if (agent.init) this.inits.set(runtime.agentId, agent.init);
      added.push(runtime);
    }
    if (options.autoStart) await this.startAgents(added.map((runtime) => runtime.agentId));
    return options.returnRuntimes ? added : added.map((runtime) => runtime.agentId);
  }

  registerAgent(runtime: IAgentRuntime): void {
    this.runtimes.set(runtime.agentId, runtime);
    this.dispatchEvent(new Event('agent:registered'));
  }

  /** Changes an agent's character in place: the next turn uses it. */
  updateAgent(agentId: UUID, updates: Partial<Character>): Promise<void> {
    Object.assign(this.required(agentId).character, updates);
    return Promise.resolve();
  }

  async deleteAgents(agentIds: UUID[]): Promise<void> {
    await this.stopAgents(agentIds);
    for (const id of agentIds) {
      this.runtimes.delete(id);
      this.inits.delete(id);
    }
  }

  async startAgents(agentIds?: UUID[]): Promise<void> {
    for (const runtime of this.selected(agentIds)) {
      await runtime.initialize();
      await this.inits.get(runtime.agentId)?.(runtime);
      this.dispatchEvent(new Event('agent:started'));
    }
  }

  async stopAgents(agentIds?: UUID[]): Promise<void> {
    await Promise.all(this.selected(agentIds).map((runtime) => runtime.stop()));
  }

  getAgent(id: UUID): IAgentRuntime | undefined {
    return this.runtimes.get(id);
  }

  getAgents(): IAgentRuntime[] {
    return [...this.runtimes.values()];
  }

  getAgentsByIds(ids: UUID[]): IAgentRuntime[] {
    return ids.flatMap((id) => this.runtimes.get(id) ?? []);
  }

  getAgentsByNames(names: string[]): IAgentRuntime[] {
    return names.flatMap((name) => this.getAgentByName(name) ?? []);
  }

  getAgentById(id: UUID): IAgentRuntime | undefined {
    return this.getAgent(id);
  }

  getAgentByName(name: string): IAgentRuntime | undefined {
    const wanted = name.toLowerCase();
    return this.getAgents().find((runtime) => runtime.character.name.toLowerCase() === wanted);
  }

  getAgentByCharacterName(name: string): IAgentRuntime | undefined {
    return this.getAgentByName(name);
  }

  getAgentByCharacterId(characterId: UUID): IAgentRuntime | undefined {
    return this.getAgents().find((runtime) => runtime.character.id === characterId);
  }

  /** Hands a message to an agent (the same way in, and the same exactly-once rule, as every message). */
  handleMessage(
    target: UUID | IAgentRuntime,
    message: IncomingMessage,
    options: HandleMessageOptions = {},
  ): Promise<HandleMessageResult> {
    const runtime = typeof target === 'string' ? this.required(target) : target;
    return new ElizaOSFacade(runtime).handleMessage(runtime, message, options);
  }

  handleMessages(
    messages: { agentId: UUID; message: IncomingMessage; options?: HandleMessageOptions }[],
  ): Promise<{ agentId: UUID; result?: HandleMessageResult; error?: Error }[]> {
    return Promise.all(
      messages.map(({ agentId, message, options }) =>
        this.handleMessage(agentId, message, options).then(
          (result) => ({ agentId, result }),
          (error: unknown) => ({ agentId, error: error instanceof Error ? error : new Error(String(error)) }),
        ),
      ),
    );
  }

  /** Per agent: whether it has a text model to answer with. */
  validateApiKeys(agentIds?: UUID[]): Promise<Map<UUID, boolean>> {
    return Promise.resolve(
      new Map(this.selected(agentIds).map((runtime) => [runtime.agentId, Boolean(runtime.getModel('TEXT_LARGE'))])),
    );
  }

  healthCheck(agentIds?: UUID[]): Promise<Map<UUID, { alive: boolean; responsive: boolean }>> {
    return Promise.resolve(
      new Map(
        this.selected(agentIds).map((runtime) => {
          const alive = (runtime as { isInitialized?: boolean }).isInitialized === true;
          return [runtime.agentId, { alive, responsive: alive && Boolean(runtime.messageService) }];
        }),
      ),
    );
  }

  getRuntimeAccessor(): { getAgent(id: UUID): IAgentRuntime | undefined; getAgents(): IAgentRuntime[] } {
    return { getAgent: (id) => this.getAgent(id), getAgents: () => this.getAgents() };
  }

  enableEditableMode(): void {
    this.editable = true;
  }

  get isEditable(): boolean {
    return this.editable;
  }

  private required(agentId: UUID): IAgentRuntime {
    const runtime = this.runtimes.get(agentId);
    if (!runtime) throw new AgentNotFoundError(agentId);
    return runtime;
  }

  private selected(agentIds?: UUID[]): IAgentRuntime[] {
    return agentIds ? agentIds.map((id) => this.required(id)) : this.getAgents();
  }
}
