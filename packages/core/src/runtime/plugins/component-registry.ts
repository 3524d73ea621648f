import type { Logger } from '../../logger/logger';
import type { Action, Evaluator, Provider } from '../../types/components';
import type { PluginRecords } from './plugin-records';

const by = (plugin: string | undefined): string => (plugin ? ` (plugin "${plugin}")` : '');

/**
 * The runtime's actions, providers and evaluators: plain arrays of the
 * objects plugins gave (elizaOS code reads them as such), with each owner
 * recorded in PluginRecords. The first action or provider of a name wins.
 */
export class ComponentRegistry {
  readonly actions: Action[] = [];
  readonly providers: Provider[] = [];
  readonly evaluators: Evaluator[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly records: PluginRecords,
  ) {}

  addAction(action: Action, plugin?: string): void {
    const existing = this.actions.find((a) => a.name === action.name);
    if (existing) {
      const first = this.records.ownerOf(existing);
      this.logger.warn(
        { action: action.name, plugin },
        `Action ${action.name}${by(plugin)} is already registered${first ? ` by plugin "${first}"` : ''}; keeping the first`,
      );
      return;
    }
    this.actions.push(action);
    this.records.add(plugin, 'actions', action.name, action);
    // Higher priority first in prompts; stable otherwise.
    this.actions.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  }

  addProvider(provider: Provider, plugin?: string): void {
    const existing = this.providers.find((p) => p.name === provider.name);
    if (existing) {
      const first = this.records.ownerOf(existing);
      this.logger.warn(
        { provider: provider.name, plugin },
        `Provider ${provider.name}${by(plugin)} is already registered${first ? ` by plugin "${first}"` : ''}; keeping the first`,
      );
      return;
    }
    this.providers.push(provider);
    this.records.add(plugin, 'providers', provider.name, provider);
  }

  addEvaluator(evaluator: Evaluator, plugin?: string): void {
    this.evaluators.push(evaluator);
    this.records.add(plugin, 'evaluators', evaluator.name, evaluator);
  }
}
