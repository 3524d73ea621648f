import { AdapterConveniences } from '../runtime/database/adapter-conveniences';
import type { RuntimeParts } from '../runtime/create-runtime-parts';
import type { ServiceStatus } from '../runtime/service-registry/service-registry';
import type { Character, Agent } from '../types/character';
import type { Entity, Room } from '../types/environment';
import type { ElizaOSRuntimeMembers, IElizaOS } from '../types/eliza-os';
import type { Memory } from '../types/memory';
import type { GenerateTextOptions, GenerateTextResult } from '../types/model';
import type { Plugin } from '../types/plugin';
import type { UUID } from '../types/primitives';
import type { IAgentRuntime } from '../types/runtime';
import type { IService } from '../types/service';
import type { State } from '../types/state';
import { ElizaOSFacade } from './eliza-os-facade';
import { BM25 } from './elizaos-1.7/search/bm25';
import { characterPreamble } from './elizaos-1.7/runtime/character-preamble';

const facades = new WeakMap<object, ElizaOSFacade>();

/**
 * The runtime members elizaOS 1.x has and Kith keeps for compatibility only,
 * over the forwarded adapter methods; AgentRuntime extends it, so the
 * runtime file itself keeps only what Kith uses.
 */
export abstract class ElizaOSMembers extends AdapterConveniences implements ElizaOSRuntimeMembers {
  abstract readonly character: Character;
  abstract readonly plugins: Plugin[];
  abstract getService<T extends IService = IService>(serviceType: string): T | null;
  abstract getAllServices(): Map<string, IService[]>;
  /** The runtime's registries, for the members below. */
  protected abstract get internals(): RuntimeParts;

  /** Composed states by message id, bounded and dropped when their run ends. */
  get stateCache(): Map<string, State> {
    return this.internals.stateCache.entries;
  }
  /** Settles once initialize() has finished (services still starting in the background need not be up). */
  get initPromise(): Promise<void> {
    return this.internals.initialized;
  }
  /** Resolves once the service is up; rejects with ServiceStartError if its start fails; null if the agent stops first. */
  getServiceLoadPromise<T extends IService = IService>(serviceType: string): Promise<T | null> {
    return this.internals.serviceRegistry.whenStarted<T>(serviceType);
  }
  getServiceRegistrationStatus(serviceType: string): ServiceStatus {
    return this.internals.serviceRegistry.status(serviceType);
  }
  getServiceHealth(): Record<string, { status: ServiceStatus; instances: number; hasPromise: boolean }> {
    return this.internals.serviceRegistry.health();
  }

  /** One text call, with the character's bio, system prompt and style before the input unless `includeCharacter` is false. */
  async generateText(input: string, options: GenerateTextOptions = {}): Promise<GenerateTextResult> {
    if (!input?.trim()) throw new TypeError('generateText: the input is empty');
    const { includeCharacter = true, modelType = 'TEXT_LARGE', ...params } = options;
    const preamble = includeCharacter ? characterPreamble(this.character) : '';
    const prompt = preamble ? `${preamble}\n\n${input}` : input;
    const runtime = this as unknown as IAgentRuntime;
    const text = await runtime.useModel(modelType, { ...params, prompt, user: params.user ?? this.character.name });
    return { text: String(text) };
  }

  /** elizaOS's untyped listeners: `emit` calls each handler of `event` with `data` as it is, and does not wait. */
  off(event: string, handler: (data: never) => unknown): void {
    this.internals.eventBus.off(event, handler as never);
  }
  emit(event: string, data: unknown): void {
    void this.internals.eventBus.emit(event, data as never);
  }
  /** elizaOS asks a room's clients to enable or disable input with it: a CONTROL_MESSAGE event, relayed to the room's WebSocket clients. */
  async sendControlMessage(params: { roomId: UUID; action: 'enable_input' | 'disable_input'; target?: string }) {
    const { roomId, action, target } = params;
    const message = { type: 'control', payload: { action, target }, roomId };
    await (this as unknown as IAgentRuntime).emitEvent('CONTROL_MESSAGE', { message, source: 'agent' });
  }

  /** Creates the agent's row, or merges `agent` into it (settings and secrets key by key); returns the stored row. */
  async ensureAgentExists(agent: Partial<Agent>): Promise<Agent> {
    if (!agent.id) throw new TypeError('ensureAgentExists: the agent has no id');
    const existing = await this.adapter.getAgent(agent.id);
    if (!existing) {
      const now = Date.now();
      const created = { createdAt: now, updatedAt: now, ...agent, id: agent.id } as Agent;
      if (!(await this.adapter.createAgent(created))) throw new Error(`Could not create agent ${agent.id}`);
      return created;
    }
    const secrets = { ...existing.settings?.secrets, ...agent.settings?.secrets };
    const settings = { ...existing.settings, ...agent.settings, secrets };
    await this.adapter.updateAgent(agent.id, { ...existing, ...agent, settings, id: agent.id, updatedAt: Date.now() });
    return (await this.adapter.getAgent(agent.id)) ?? { ...existing, ...agent, settings, id: agent.id };
  }
  /** Creates the entity (owned by this agent unless it names another); the entity, or null when it has no id or was not created. */
  async ensureEntity(entity: Entity): Promise<Entity | null> {
    if (!entity.id) return null;
    return (await this.createEntity(entity)) ? entity : null;
  }

  /** Every memory of this agent in the tables Kith writes (messages, facts, documents, knowledge, memories). */
  async getAllMemories(): Promise<Memory[]> {
    const tables = ['messages', 'facts', 'documents', 'knowledge', 'memories'];
    const lists = await Promise.all(
      tables.map((tableName) => this.adapter.getMemories({ agentId: this.agentId, tableName, count: 10_000 })),
    );
    return lists.flat();
  }
  async clearAllAgentMemories(): Promise<void> {
    const ids = (await this.getAllMemories()).map((memory) => memory.id).filter((id): id is UUID => Boolean(id));
    if (ids.length > 0) await this.adapter.deleteManyMemories(ids);
  }
  /** Orders memories by BM25 relevance of their text to `query`, as elizaOS does. */
  async rerankMemories(query: string, memories: Memory[]): Promise<Memory[]> {
    const bm25 = new BM25(memories.map((memory) => ({ title: memory.id ?? '', content: memory.content.text ?? '' })));
    return bm25.search(query, memories.length).map((result) => memories[result.index]);
  }

  /** Runs each plugin's schema migrations (Kith runs them at boot; this runs them again, idempotently). */
  async runPluginMigrations(): Promise<void> {
    const adapter = this.adapter;
    if (!adapter.runMigrations) return;
    for (const plugin of this.plugins) {
      if (plugin.schema) await adapter.runMigrations(plugin.schema, plugin.name);
    }
  }
  /** elizaOS passes migration folders; Kith's migrations come from plugin schemas, so this runs those. */
  runMigrations(): Promise<void> {
    return this.runPluginMigrations();
  }

  /** The elizaOS orchestrator facade, one per runtime, made on first use. */
  get elizaOS(): IElizaOS {
    let facade = facades.get(this);
    // Only AgentRuntime (an IAgentRuntime) extends this class.
    if (!facade) facades.set(this, (facade = new ElizaOSFacade(this as unknown as IAgentRuntime)));
    return facade;
  }
  hasElizaOS(): boolean {
    return true;
  }
  addParticipant(entityId: UUID, roomId: UUID): Promise<boolean> {
    return this.addParticipantsRoom([entityId], roomId);
  }
  getTypedService<T extends IService = IService>(serviceType: string): T | null {
    return this.getService<T>(serviceType);
  }
  getRegisteredServiceTypes(): string[] {
    return [...this.getAllServices().keys()];
  }
  async createRoom(room: Room): Promise<UUID> {
    const [id] = await this.createRooms([room]);
    return id;
  }
}
