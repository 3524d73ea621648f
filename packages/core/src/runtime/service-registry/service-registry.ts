import { TimeoutError } from '../../errors';
import type { Logger } from '../../logger/logger';
import type { IService } from '../../types/service';
import type { ServiceClass } from '../../types/service';
import type { IAgentRuntime } from '../../types/runtime';

/** Started services by type; stops them in reverse start order. */
export class ServiceRegistry {
  readonly services = new Map<string, IService[]>();
  private readonly started: { type: string; owner: string; service: IService }[] = [];

  private closed = false;
  /** Waiters for a service type not started yet; settled when it is added (or the registry stops). */
  private readonly waiters = new Map<string, ((service: IService | null) => void)[]>();

  /** `startTimeoutMs`: how long a start may take before the agent goes on without the service (0: no limit). */
  constructor(
    private readonly logger: Logger,
    private readonly startTimeoutMs: () => number = () => 0,
  ) {}

  /**
   * Starts a service; a failing start is logged with its plugin's name and
   * does not stop the agent. A start that outlasts the timeout is logged the
   * same way and the agent goes on; if it finishes later, the service is
   * added then.
   */
  async start(runtime: IAgentRuntime, serviceClass: ServiceClass, owner: string): Promise<boolean> {
    const type = serviceClass.serviceType || serviceClass.name;
    const timeoutMs = this.startTimeoutMs();
    const starting = (async () => serviceClass.start(runtime))();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      if (timeoutMs > 0) timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const outcome = await Promise.race([starting, timedOut]);
      if (outcome === 'timeout') {
        const error = new TimeoutError(`Start of service "${type}"`, timeoutMs);
        this.logger.error(
          { err: error, service: type, plugin: owner, timeoutMs },
          `Service "${type}" of plugin "${owner}" did not start within ${timeoutMs} ms; the agent runs without it for now`,
        );
        void starting.then(
          (service) => this.add(type, owner, service, true),
          (late: unknown) =>
            this.logger.error(
              { err: late, service: type, plugin: owner },
              `Service "${type}" of plugin "${owner}" failed to start`,
            ),
        );
        return false;
      }
      this.add(type, owner, outcome, false);
      return true;
    } catch (error) {
      this.logger.error(
        { err: error, service: type, plugin: owner },
        `Service "${type}" of plugin "${owner}" failed to start; the agent runs without it`,
      );
      return false;
    } finally {
      clearTimeout(timer);
    }
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
    for (const resolve of this.waiters.get(type) ?? []) resolve(service);
    this.waiters.delete(type);
    if (late)
      this.logger.info(
        { service: type, plugin: owner },
        `Service "${type}" of plugin "${owner}" started late; it is available now`,
      );
  }

  get<T extends IService>(type: string): T | null {
    return (this.services.get(type)?.[0] as T | undefined) ?? null;
  }

  getAll<T extends IService>(type: string): T[] {
    return (this.services.get(type) ?? []) as T[];
  }

  /**
   * Resolves with the first service of `type` once it has started (at once if it has);
   * resolves with null if the registry stops before it does, so a caller never hangs.
   */
  whenStarted<T extends IService>(type: string): Promise<T | null> {
    const current = this.get<T>(type);
    if (current || this.closed) return Promise.resolve(current);
    return new Promise<T | null>((resolve) => {
      const list = this.waiters.get(type) ?? [];
      list.push(resolve as (service: IService | null) => void);
      this.waiters.set(type, list);
    });
  }

  has(type: string): boolean {
    return (this.services.get(type)?.length ?? 0) > 0;
  }

  /** Stops every service in reverse start order; a failing stop does not prevent the others. */
  async stopAll(): Promise<void> {
    this.closed = true;
    for (const list of this.waiters.values()) for (const resolve of list) resolve(null);
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
