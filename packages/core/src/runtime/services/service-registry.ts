import type { Logger } from '../../logger/logger';
import type { Service } from '../../services/service';
import type { ServiceClass } from '../../types/plugin';
import type { IAgentRuntime } from '../../types/runtime';

/** Started services by type; stops them in reverse start order. */
export class ServiceRegistry {
  readonly services = new Map<string, Service[]>();
  private readonly started: { type: string; owner: string; service: Service }[] = [];

  constructor(private readonly logger: Logger) {}

  /** Starts a service; a failing start is logged with its plugin's name and does not stop the agent. */
  async start(runtime: IAgentRuntime, serviceClass: ServiceClass, owner: string): Promise<boolean> {
    const type = serviceClass.serviceType || serviceClass.name;
    try {
      const service = await serviceClass.start(runtime);
      const list = this.services.get(type) ?? [];
      list.push(service);
      this.services.set(type, list);
      this.started.push({ type, owner, service });
      return true;
    } catch (error) {
      this.logger.error({ err: error, service: type, plugin: owner }, `Service "${type}" of plugin "${owner}" failed to start; the agent runs without it`);
      return false;
    }
  }

  get<T extends Service>(type: string): T | null {
    return (this.services.get(type)?.[0] as T | undefined) ?? null;
  }

  getAll<T extends Service>(type: string): T[] {
    return (this.services.get(type) ?? []) as T[];
  }

  has(type: string): boolean {
    return (this.services.get(type)?.length ?? 0) > 0;
  }

  /** Stops every service in reverse start order; a failing stop does not prevent the others. */
  async stopAll(): Promise<void> {
    for (const { type, owner, service } of this.started.slice().reverse()) {
      try {
        await service.stop();
      } catch (error) {
        this.logger.error({ err: error, service: type, plugin: owner }, `Service "${type}" of plugin "${owner}" failed to stop`);
      }
    }
    this.started.length = 0;
    this.services.clear();
  }
}
