import { Service, type ServiceTypeName } from '../../../services/service';
import type { IAgentRuntime } from '../../../types/runtime';

/** A Service class made by ServiceBuilder: registrable with `runtime.registerService` or a plugin's `services`. */
export interface BuiltServiceClass<TService extends Service = Service> {
  new (runtime?: IAgentRuntime): TService;
  serviceType: string;
  start(runtime: IAgentRuntime): Promise<TService>;
}

/**
 * Builds a Service class from a type, a description and start/stop
 * functions, for plugins that describe a service instead of subclassing
 * Service: `createService('cache').withDescription('…').withStart(fn).build()`.
 */
export class ServiceBuilder<TService extends Service = Service> {
  protected serviceType: ServiceTypeName | string;
  protected startFn?: (runtime: IAgentRuntime) => Promise<TService>;
  protected stopFn?: () => Promise<void>;
  protected description = '';

  constructor(serviceType: ServiceTypeName | string) {
    this.serviceType = serviceType;
  }

  withDescription(description: string): this {
    this.description = description;
    return this;
  }

  withStart(startFn: (runtime: IAgentRuntime) => Promise<TService>): this {
    this.startFn = startFn;
    return this;
  }

  withStop(stopFn: () => Promise<void>): this {
    this.stopFn = stopFn;
    return this;
  }

  /**
   * The Service class. Its static `start` calls the start function (a class
   * built without one fails to start, naming the service); an instance's
   * `stop` calls the stop function. The builder's later changes do not reach
   * a class already built.
   */
  build(): BuiltServiceClass<TService> {
    const { serviceType, description, startFn, stopFn } = this;
    class BuiltService extends Service {
      static override serviceType = serviceType;
      capabilityDescription = description;

      static override async start(runtime: IAgentRuntime): Promise<TService> {
        if (!startFn) {
          throw new Error(`Service "${serviceType}" has no start function: give it one with withStart(runtime => ...)`);
        }
        return startFn(runtime);
      }

      async stop(): Promise<void> {
        await stopFn?.();
      }
    }
    // Named after its type, so logs and errors that print the class name say which service it is.
    Object.defineProperty(BuiltService, 'name', { value: `Service(${serviceType})` });
    return BuiltService as unknown as BuiltServiceClass<TService>;
  }
}

/** Starts a ServiceBuilder for `serviceType`. */
export function createService<TService extends Service = Service>(
  serviceType: ServiceTypeName | string,
): ServiceBuilder<TService> {
  return new ServiceBuilder<TService>(serviceType);
}
