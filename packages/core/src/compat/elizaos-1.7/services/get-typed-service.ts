import type { Service, ServiceTypeName } from '../../../services/service';
import type { IAgentRuntime } from '../../../types/runtime';

/** `runtime.getService(serviceType)` typed as `T`; null when no such service runs. */
export function getTypedService<T extends Service = Service>(
  runtime: IAgentRuntime,
  serviceType: ServiceTypeName | (string & {}),
): T | null {
  return runtime.getService<T>(serviceType);
}
