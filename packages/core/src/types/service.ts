import type { Metadata } from './primitives';
import type { IAgentRuntime } from './runtime';

/**
 * What the runtime needs of a long-lived plugin service. The `Service` base
 * class (from `@kith/core`) implements it; types/ names only this interface,
 * so the plugin API imports no class.
 */
export interface IService {
  capabilityDescription: string;
  config?: Metadata;
  stop(): Promise<void>;
}

/** A service class: a static `serviceType` and a static `start(runtime)` that returns a started instance. */
export interface ServiceClass {
  /** Functions have one; used when `serviceType` is empty. */
  readonly name: string;
  serviceType: string;
  start(runtime: IAgentRuntime): Promise<IService>;
  stop?(runtime: IAgentRuntime): Promise<void>;
}
