import type { Service, ServiceTypeName, ServiceTypeRegistry } from '../../../services/service';
import type { Metadata } from '../../../types/primitives';
import type { IAgentRuntime } from '../../../types/runtime';

// elizaOS 1.7's helper types for typed services (getTypedService, createService).

export type ServiceTypeValue<K extends keyof ServiceTypeRegistry> = ServiceTypeRegistry[K];

export type IsValidServiceType<T extends string> = T extends ServiceTypeName ? true : false;

/** A service class whose `serviceType` is a known name. */
export type TypedServiceClass<T extends ServiceTypeName> = {
  new (runtime?: IAgentRuntime): Service;
  serviceType: T;
  start(runtime: IAgentRuntime): Promise<Service>;
};

/** Service classes by service type; plugins add theirs by module augmentation. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface ServiceClassMap {}

/** The instance type of a service type's class, or Service when it is not in ServiceClassMap. */
export type ServiceInstance<T extends ServiceTypeName> = T extends keyof ServiceClassMap
  ? ServiceClassMap[T] extends abstract new (...args: never[]) => infer I
    ? I
    : Service
  : Service;

export type ServiceRegistry<T extends ServiceTypeName = ServiceTypeName> = Map<T, Service>;

/** A service that processes an input into a result, with its configuration. */
export interface TypedService<
  ConfigType extends Metadata = Metadata,
  InputType = unknown,
  ResultType = unknown,
> extends Service {
  config?: ConfigType;
  process(input: InputType): Promise<ResultType>;
}
