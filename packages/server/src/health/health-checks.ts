import type { IAgentRuntime, IService } from '@kith/core';

/** The model types an agent needs to answer and to remember. */
export const REQUIRED_MODEL_TYPES = ['TEXT_LARGE', 'TEXT_EMBEDDING'] as const;

export interface HealthCheckResult {
  name: string;
  healthy: boolean;
  durationMs: number;
  detail?: string;
}

type Check = { name: string; run: () => Promise<boolean | string> };

/** Services may report their own health (duck-typed: `healthCheck()` or `isHealthy()`). */
interface SelfReportingService {
  healthCheck?: () => Promise<boolean> | boolean;
  isHealthy?: () => Promise<boolean> | boolean;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one check under a timeout: false, a string (the reason) or a throw all mean unhealthy. */
async function runCheck(check: Check, timeoutMs: number): Promise<HealthCheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  let outcome: boolean | string;
  try {
    outcome = await Promise.race([check.run(), timeout]);
  } catch (error) {
    outcome = describe(error);
  } finally {
    clearTimeout(timer);
  }
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  if (outcome === true) return { name: check.name, healthy: true, durationMs };
  return { name: check.name, healthy: false, durationMs, detail: outcome === false ? 'reported unhealthy' : outcome };
}

function serviceCheck(type: string, instances: IService[]): Check {
  return {
    name: `service:${type}`,
    run: async () => {
      if (instances.length === 0) return 'not started';
      for (const instance of instances as (IService & SelfReportingService)[]) {
        const probe = instance.healthCheck ?? instance.isHealthy;
        if (probe && !(await probe.call(instance))) return 'reported unhealthy';
      }
      return true;
    },
  };
}

/**
 * The checks of seed 003's health pattern for one agent: the database
 * (adapter.isReady), each started service, and a registered model handler
 * for TEXT_LARGE and TEXT_EMBEDDING.
 */
export async function checkAgentHealth(runtime: IAgentRuntime, timeoutMs: number): Promise<HealthCheckResult[]> {
  const checks: Check[] = [
    {
      name: 'database',
      run: async () => ((await runtime.adapter.isReady()) ? true : 'adapter is not ready'),
    },
    ...[...runtime.getAllServices().entries()].map(([type, instances]) => serviceCheck(type, instances)),
    ...REQUIRED_MODEL_TYPES.map((type) => ({
      name: `model:${type}`,
      run: async () =>
        runtime.getModel(type) ? true : `no ${type} handler is registered; add a model plugin that provides it`,
    })),
  ];
  return Promise.all(checks.map((check) => runCheck(check, timeoutMs)));
}
