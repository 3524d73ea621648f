import { ServiceStartError } from '../../errors/service-start-error';
import type { Logger } from '../../logger/logger';
import type { IService } from '../../types/service';
import type { ServiceClass } from '../../types/service';
import type { IAgentRuntime } from '../../types/runtime';

export type ServiceStatus = 'pending' | 'registering' | 'registered' | 'failed' | 'unknown';

/** A start not settled yet, and whether the agent went on without it. */
interface Starting {
  owner: string;
  late: boolean;
}

/**
 * Started services by type; stops them in reverse start order. Services start
 * as elizaOS starts them: all at once, in the background, so a slow start
 * never holds the agent back.
 */
export class ServiceRegistry {
  readonly services = new Map<string, IService[]>();
  private readonly started: { type: string; owner: string; service: IService }[] = [];
  private readonly starting = new Map<string, Starting>();
  /** Services registered before the agent is initialised, started together by `startQueued`. */
  private readonly queued: { service: ServiceClass; owner: string }[] = [];
  /** Why a type's start failed, for callers that ask after the fact. */
  private readonly failures = new Map<string, ServiceStartError>();

  private closed = false;
  /** Waiters for a service type not started yet; settled when it is added, fails, or the registry stops. */
  private readonly waiters = new Map<
    string,
    { resolve: (service: IService | null) => void; reject: (error: Error) => void }[]
  >();

  constructor(private readonly logger: Logger) {}

  /** Holds a service until `startQueued` (the agent is not initialised yet). */
  queue(service: ServiceClass, owner: string): void {
    this.queued.push({ service, owner });
  }

  /**
   * Starts every queued service at once, each through `wrap` (the boot timer),
   * and waits for them at most `waitMs` (see awaitStarts).
   */
  async startQueued(
    runtime: IAgentRuntime,
    waitMs: number,
    wrap: (owner: string, start: () => Promise<boolean>) => Promise<boolean> = (_owner, start) => start(),
  ): Promise<void> {
    const starts = this.queued
      .splice(0)
      .map(({ service, owner }) => wrap(owner, () => this.start(runtime, service, owner)));
    await this.awaitStarts(starts, waitMs);
  }

  /** elizaOS's registration status of a service type. */
  status(type: string): ServiceStatus {
    if (this.has(type)) return 'registered';
    if (this.starting.has(type)) return 'registering';
    if (this.queued.some(({ service }) => (service.serviceType || service.name) === type)) return 'pending';
    return this.failures.has(type) ? 'failed' : 'unknown';
  }

  /** elizaOS's `getServiceHealth()`: every type known here, with its status and instance count. */
  health(): Record<string, { status: ServiceStatus; instances: number; hasPromise: boolean }> {
    const types = new Set([
      ...this.services.keys(),
      ...this.starting.keys(),
      ...this.failures.keys(),
      ...this.queued.map(({ service }) => service.serviceType || service.name),
    ]);
    return Object.fromEntries(
      [...types].map((type) => [
        type,
        { status: this.status(type), instances: this.getAll(type).length, hasPromise: this.waiters.has(type) },
      ]),
    );
  }

  /**
   * Waits for starts begun together (with `start`) for at most `waitMs`; the
   * ones still going then go on in the background, each logged once with its
   * plugin's name, and their services are added when they are up.
   */
  async awaitStarts(starts: readonly Promise<unknown>[], waitMs: number): Promise<void> {
    if (starts.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.all(starts), waited]);
    clearTimeout(timer);
    for (const [type, starting] of this.starting) {
      if (starting.late) continue;
      starting.late = true;
      this.logger.warn(
        { service: type, plugin: starting.owner, waitedMs: waitMs },
        `Service "${type}" of plugin "${starting.owner}" is still starting; the agent is ready without it for now`,
      );
    }
  }

  /**
   * Starts one service; resolves with whether it started. A failing start is
   * logged once with its plugin's name and does not stop the agent.
   */
  async start(runtime: IAgentRuntime, serviceClass: ServiceClass, owner: string): Promise<boolean> {
    const type = serviceClass.serviceType || serviceClass.name;
    const starting: Starting = { owner, late: false };
    this.starting.set(type, starting);
    try {
      const service = await serviceClass.start(runtime);
      if (!service) throw new TypeError(`${serviceClass.name}.start() returned ${String(service)}, not a service`);
      this.add(type, owner, service, starting.late);
      return true;
    } catch (error) {
      this.logger.error(
        { err: error, service: type, plugin: owner },
        `Service "${type}" of plugin "${owner}" failed to start; the agent runs without it`,
      );
      const failure = new ServiceStartError(type, owner, error);
      this.failures.set(type, failure);
      if (!this.has(type)) this.settleWaiters(type, (waiter) => waiter.reject(failure));
      return false;
    } finally {
      if (this.starting.get(type) === starting) this.starting.delete(type);
    }
  }

  /** The services still starting, with their plugins. */
  pending(): { type: string; owner: string }[] {
    return [...this.starting].map(([type, { owner }]) => ({ type, owner }));
  }

  private add(type: string, owner: string, service: IService, late: boolean): void {
    if (this.closed) {
      // It finished starting after the agent stopped: stop it again rather than leak it.
      void Promise.resolve()
        .then(() => service.stop())
        .catch((error: unknown) =>
          this.logger.error(
            { err: error, service: type, plugin: owner },
            `Service "${type}" of plugin "${owner}" failed to stop`,
          ),
        );
      return;
    }
    const list = this.services.get(type) ?? [];
    list.push(service);
    this.services.set(type, list);
    this.started.push({ type, owner, service });
    this.settleWaiters(type, (waiter) => waiter.resolve(service));
    if (late)
      this.logger.info(
        { service: type, plugin: owner },
        `Service "${type}" of plugin "${owner}" started late; it is available now`,
      );
  }

  private settleWaiters(
    type: string,
    settle: (waiter: { resolve: (service: IService | null) => void; reject: (error: Error) => void }) => void,
  ): void {
    for (const waiter of this.waiters.get(type) ?? []) settle(waiter);
    this.waiters.delete(type);
  }

  get<T extends IService>(type: string): T | null {
    return (this.services.get(type)?.[0] as T | undefined) ?? null;
  }

  getAll<T extends IService>(type: string): T[] {
    return (this.services.get(type) ?? []) as T[];
  }

  /**
   * Resolves with the first service of `type` once it has started (at once if
   * it has); rejects with a ServiceStartError if its start fails, as
   * elizaOS's does; resolves with null if the registry stops first, so a
   * caller never hangs.
   */
  whenStarted<T extends IService>(type: string): Promise<T | null> {
    const current = this.get<T>(type);
    if (current || this.closed) return Promise.resolve(current);
    const failure = this.starting.has(type) ? undefined : this.failures.get(type);
    if (failure) return Promise.reject(failure);
    return new Promise<T | null>((resolve, reject) => {
      const list = this.waiters.get(type) ?? [];
      list.push({ resolve: resolve as (service: IService | null) => void, reject });
      this.waiters.set(type, list);
    });
  }

  has(type: string): boolean {
    return (this.services.get(type)?.length ?? 0) > 0;
  }

  /** Stops every service in reverse start order; a failing stop does not prevent the others. */
  async stopAll(): Promise<void> {
    this.closed = true;
    for (const list of this.waiters.values()) for (const waiter of list) waiter.resolve(null);
    this.waiters.clear();
    for (const { type, owner, service } of this.started.slice().reverse()) {
      try {
        await service.stop();
      } catch (error) {
        this.logger.error(
          { err: error, service: type, plugin: owner },
          `Service "${type}" of plugin "${owner}" failed to stop`,
        );
      }
    }
    this.started.length = 0;
    this.services.clear();
  }
}
