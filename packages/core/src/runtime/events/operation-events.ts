import type { IAgentRuntime } from '../../types/runtime';
import type { DatabaseCallObserver } from '../database/observe-database-call';
import type { ProviderOutcome } from '../state/compose-state';
import type { EventBus } from './event-bus';

/**
 * The timing events a server's metrics are built from (PROVIDER_COMPLETED,
 * DATABASE_OPERATION). Each emitter is handed out only while a handler
 * listens, so an agent nobody observes pays nothing per provider or
 * database call.
 */
export class OperationEvents {
  constructor(
    private readonly runtime: IAgentRuntime,
    private readonly eventBus: EventBus,
    /** The plugin that registered a provider (PluginRecords.ownerOf). */
    private readonly ownerOf: (component: object) => string | undefined,
  ) {}

  /** composeState's `onProviderCompleted`: undefined while PROVIDER_COMPLETED has no handler. */
  providerCompleted(): ((outcome: ProviderOutcome) => void) | undefined {
    return this.eventBus.get('PROVIDER_COMPLETED')?.length ? this.emitProviderCompleted : undefined;
  }

  /** A timing observer for the forwarded database calls: undefined while DATABASE_OPERATION has no handler. */
  databaseObserver(): DatabaseCallObserver | undefined {
    if (!this.eventBus.get('DATABASE_OPERATION')?.length) return undefined;
    return (operation, durationMs, success) =>
      void this.runtime.emitEvent('DATABASE_OPERATION', { operation, durationMs, success, source: 'runtime' });
  }

  private readonly emitProviderCompleted = ({
    provider,
    message,
    durationMs,
    success,
    timedOut,
  }: ProviderOutcome): void => {
    const pluginName = this.ownerOf(provider);
    void this.runtime.emitEvent('PROVIDER_COMPLETED', {
      providerName: provider.name,
      pluginName,
      runId: this.runtime.getCurrentRunId(),
      roomId: message.roomId,
      messageId: message.id,
      durationMs,
      success,
      timedOut,
      source: 'runtime',
    });
  };
}
