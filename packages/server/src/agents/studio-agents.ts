import {
  AgentNotFoundError,
  type Character,
  CharacterValidationError,
  type IAgentRuntime,
  type Logger,
  type UUID,
} from '@kith/core';
import { randomUUID } from 'node:crypto';
import { AgentNotEditableError, AgentVersionConflictError, RequestValidationError } from '../errors';
import type { AgentFactory } from './agent-factory';
import type { AgentRegistry } from './agent-registry';
import type { ManagedAgent } from './managed-agent';
import { type StudioRecord, StudioStore } from './studio-store';

/** How often each server reads the agents table for studio agents made, changed or deleted elsewhere. */
export const DEFAULT_AGENT_SYNC_MS = 2000;

const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A character patch: fields given replace the stored ones, null removes one; settings and secrets merge key by key. */
export type CharacterPatch = Record<string, unknown>;

/** A CharacterValidationError as a 400 naming the first field (`body.character.name`), with every problem in the message. */
function requestError(error: CharacterValidationError): RequestValidationError {
  const first = error.problems[0] ?? '';
  const field = first.includes(':') ? first.slice(0, first.indexOf(':')) : '';
  const path = field && field !== '(root)' ? `body.character.${field}` : 'body.character';
  return new RequestValidationError(path, error.problems.join('; '));
}

/** Setting and secret names the character schema lets through but no setting lookup can reach. */
function checkSettingNames(character: Character): void {
  const problems: string[] = [];
  for (const field of ['settings', 'secrets'] as const) {
    for (const key of Object.keys(character[field] ?? {}))
      if (!SETTING_NAME.test(key))
        problems.push(
          `${field}.${key || '""'}: is not a setting name: use letters, digits and _ (e.g. OPENAI_API_KEY)`,
        );
  }
  if (problems.length) throw new CharacterValidationError('character', problems);
}

function merged(current: Character, patch: CharacterPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'id') continue;
    if ((key === 'settings' || key === 'secrets') && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner: Record<string, unknown> = { ...(current[key] ?? {}) };
      for (const [name, setting] of Object.entries(value)) {
        if (setting === null) delete inner[name];
        else inner[name] = setting;
      }
      next[key] = inner;
    } else if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * Gives the runtime `character` as a new object: the next turn reads it, and caches keyed by the
 * character object (the CHARACTER provider's draw per room) draw again.
 */
function replaceCharacter(runtime: IAgentRuntime, character: Character): void {
  runtime.character = { ...character };
}

const pluginsKey = (character: Character) => JSON.stringify([...(character.plugins ?? [])].sort());

/**
 * Agents made at run time (POST /api/agents): validated by the factory, stored in the agents table,
 * started here, and picked up by every other server on the same database at its next sync. One
 * operation at a time per server, so a sync never races a save.
 */
export class StudioAgents {
  private readonly store: StudioStore;
  private readonly versions = new Map<UUID, number>();
  /** Versions that could not be run here (a plugin missing on this server): tried again only once changed. */
  private readonly failed = new Map<UUID, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly agents: AgentRegistry,
    readonly factory: AgentFactory,
    private readonly logger: Logger,
  ) {
    this.store = new StudioStore(() => this.agents.all[0]?.runtime.adapter);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The stored version of a studio agent running here. */
  versionOf(agentId: UUID): number | undefined {
    return this.versions.get(agentId);
  }

  /** Validates as a character file is validated, plus setting names; a 400 naming the field otherwise. */
  validate(value: unknown): Character {
    try {
      const character = this.factory.validate(value);
      checkSettingNames(character);
      return character;
    } catch (error) {
      if (CharacterValidationError.isInstance(error)) throw requestError(error);
      throw error;
    }
  }

  async create(input: CharacterPatch): Promise<{ agent: ManagedAgent; version: number }> {
    const character = this.validate(merged({ name: '' } as Character, input));
    const id = randomUUID();
    return this.serial(async () => {
      const runtime = await this.factory.create({ ...character, id });
      try {
        await this.store.claim(runtime.adapter, { ...character, id });
        const agent = await this.agents.add(runtime, 'studio');
        this.versions.set(id, 1);
        return { agent, version: 1 };
      } catch (error) {
        await runtime.stop();
        throw error;
      }
    });
  }

  private async requireRecord(agentId: UUID): Promise<StudioRecord> {
    const agent = this.agents.require(agentId);
    if (agent.source !== 'studio') {
      const where = agent.source === 'project' ? "the project's code" : 'its character file';
      throw new AgentNotEditableError(agentId, `it comes from ${where}: change it there and restart the server`);
    }
    const record = await this.store.get(agentId);
    if (!record || record.deleted) throw new AgentNotFoundError(agentId);
    return record;
  }

  /** The stored character (secrets included: callers redact them) and version of a studio agent. */
  async read(agentId: UUID): Promise<StudioRecord> {
    return this.requireRecord(agentId);
  }

  async update(
    agentId: UUID,
    patch: CharacterPatch,
    version: number,
  ): Promise<{ agent: ManagedAgent; version: number }> {
    return this.serial(async () => {
      const record = await this.requireRecord(agentId);
      if (record.version !== version) throw new AgentVersionConflictError(agentId, version, record.version);
      const character = { ...this.validate(merged(record.character, patch)), id: agentId };
      const next = record.version + 1;
      if (!(await this.store.write(record, character, next))) {
        const current = await this.store.get(agentId);
        throw new AgentVersionConflictError(agentId, version, current?.version ?? next);
      }
      const agent = await this.apply(agentId, character, next);
      return { agent, version: next };
    });
  }

  async remove(agentId: UUID, purge: boolean): Promise<void> {
    return this.serial(async () => {
      const record = await this.requireRecord(agentId);
      // Stopped here first: a purge deletes rows the running agent would otherwise write again.
      await this.agents.remove(agentId, true);
      this.versions.delete(agentId);
      if (purge) await this.store.purge(agentId);
      else await this.store.markDeleted(record);
    });
  }

  /** Runs `character` at `version`: in place when its plugins are the same, else on a new runtime. */
  private async apply(agentId: UUID, character: Character, version: number): Promise<ManagedAgent> {
    const agent = this.agents.get(agentId);
    if (agent && pluginsKey(agent.runtime.character) === pluginsKey(character)) {
      replaceCharacter(agent.runtime, character);
      this.versions.set(agentId, version);
      return agent;
    }
    // Other plugins (or a runtime that failed to start before): a new runtime with the same id.
    const wasRunning = agent?.status !== 'stopped';
    if (agent) await this.agents.remove(agentId, true);
    const restarted = await this.agents.add(await this.factory.create(character), 'studio');
    if (!wasRunning) restarted.stop();
    this.versions.set(agentId, version);
    return restarted;
  }

  /** Starts, changes and stops studio agents to match the agents table (made, edited or deleted by another server). */
  sync(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      const records = await this.store.list();
      const stored = new Set<UUID>();
      for (const record of records) {
        if (record.deleted) continue;
        stored.add(record.id);
        const known = this.versions.get(record.id);
        if (this.failed.get(record.id) === record.version) continue;
        try {
          if (known === undefined && !this.agents.get(record.id)) {
            await this.agents.add(await this.factory.create(record.character), 'studio');
            this.versions.set(record.id, record.version);
          } else if (known !== undefined && known < record.version) {
            await this.apply(record.id, record.character, record.version);
          }
        } catch (error) {
          this.failed.set(record.id, record.version);
          this.logger.error(
            { err: error, agentId: record.id, version: record.version },
            `Could not run studio agent ${record.character.name} here; tried again when it is changed`,
          );
        }
      }
      for (const agentId of [...this.versions.keys()]) {
        if (stored.has(agentId)) continue;
        await this.agents.remove(agentId, true);
        this.versions.delete(agentId);
      }
    });
  }

  /** Syncs every `intervalMs` until close(). */
  startSync(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.sync().catch((error: unknown) => this.logger.warn({ err: error }, 'Studio agents sync failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops syncing and waits for the operation in flight. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.queue;
  }
}
