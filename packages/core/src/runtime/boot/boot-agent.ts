import { resolvePluginOrder } from '../plugins/resolve-plugin-order';
import { ensureAgentSelfRoom } from '../../compat/agent-self-room';
import type { Plugin } from '../../types/plugin';
import type { IAgentRuntime } from '../../types/runtime';
import type { ModelCosts } from '../usage/model-costs';
import type { BootTimer } from './boot-timer';
import { ensureAgentExists } from './ensure-agent-exists';
import { probeEmbeddingDimension } from './probe-embedding-dimension';

/** What one agent's boot reads and runs. */
export interface BootAgentSteps {
  runtime: IAgentRuntime;
  timer: BootTimer;
  /** Plugins given before initialize(), still to install; emptied once they are. */
  pending: Plugin[];
  install: (plugin: Plugin) => Promise<unknown>;
  costs: ModelCosts;
  /** Runs last, once the agent's rows exist: marks it initialised and starts the services registered meanwhile. */
  ready: () => Promise<void>;
}

/** Plugins in dependency order, the adapter and migrations, the agent's rows, then services. */
export async function bootAgent({ runtime, timer, pending, install, costs, ready }: BootAgentSteps): Promise<void> {
  // Plugins registered before initialize() count as present for dependencies.
  for (const plugin of resolvePluginOrder(pending, { installed: runtime.plugins.map((p) => p.name) })) {
    await timer.timed(plugin.name, 'init', () => install(plugin));
  }
  pending.length = 0;
  const adapter = runtime.adapter;
  await timer.timed('database', 'adapter-init', () => adapter.init());
  for (const plugin of runtime.plugins) {
    if (plugin.schema && adapter.runMigrations)
      await timer.timed(plugin.name, 'migrations', () => adapter.runMigrations!(plugin.schema, plugin.name));
  }
  await ensureAgentExists(runtime);
  await ensureAgentSelfRoom(runtime);
  await costs.start();
  await probeEmbeddingDimension(runtime);
  await ready();
  runtime.logger.debug({ boot: timer.entries }, 'Boot report');
}
