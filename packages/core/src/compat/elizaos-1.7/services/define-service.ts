import type { Service, ServiceTypeName } from '../../../services/service';
import type { IAgentRuntime } from '../../../types/runtime';
import { createService } from './service-builder';

/** A service described as data, for defineService. */
export interface ServiceDefinition<T extends Service = Service> {
  serviceType: ServiceTypeName | (string & {});
  description: string;
  start: (runtime: IAgentRuntime) => Promise<T>;
  stop?: () => Promise<void>;
}

/** The Service class for a definition (createService with its description, start and stop). */
export function defineService<T extends Service = Service>(
  definition: ServiceDefinition<T>,
): {
  new (runtime?: IAgentRuntime): T;
  serviceType: ServiceTypeName | (string & {});
  start(runtime: IAgentRuntime): Promise<T>;
} {
  return createService<T>(definition.serviceType)
    .withDescription(definition.description)
    .withStart(definition.start)
    .withStop(definition.stop ?? (async () => undefined))
    .build();
}
