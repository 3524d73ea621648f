import {
  type Action,
  BatchProcessor,
  cosineSimilarity,
  embedTexts,
  type IAgentRuntime,
  type Memory,
  Semaphore,
  Service,
} from '@kith/core';

/** A semaphore whose later calls fail once closed, so a stopped service starts no more model calls. */
class ClosableSemaphore extends Semaphore {
  closed = false;

  override run<T>(fn: () => Promise<T>): Promise<T> {
    return super.run(() => (this.closed ? Promise.reject(new Error('the action filter was stopped')) : fn()));
  }
}

/** Actions that stay in every prompt whatever the message. */
const ALWAYS_LISTED = new Set(['REPLY', 'IGNORE', 'NONE']);

function actionText(action: Action): string {
  return [action.name, action.description, ...(action.similes ?? [])].filter(Boolean).join(' ');
}

function positiveSetting(runtime: IAgentRuntime, key: string, fallback: number): number {
  const value = Number(runtime.getSetting(key));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Keeps the message-handler prompt short when many actions are registered:
 * when more than ACTION_FILTER_THRESHOLD (default 15) actions are available,
 * only the ACTION_FILTER_TOP_K (default 10) most similar to the message are
 * listed, plus REPLY, IGNORE and NONE. Each action's name, description and
 * similes are embedded once (through a BatchProcessor): at start when there
 * are already more actions than the threshold, otherwise when first needed.
 */
export class ActionFilterService extends Service {
  static override serviceType = 'action-filter';
  capabilityDescription = 'Selects the actions relevant to a message when many are registered';

  private readonly vectors = new Map<string, number[]>();
  private readonly semaphore = new ClosableSemaphore(2);
  private ready: Promise<void> = Promise.resolve();
  /** Set by stop(): indexing still under way makes no further model calls or retries. */
  private stopped = false;

  static override async start(runtime: IAgentRuntime): Promise<ActionFilterService> {
    const service = new ActionFilterService(runtime);
    // At or under the threshold every action is listed, so embedding them now would only cost model calls.
    if (runtime.actions.length <= service.threshold) return service;
    // Built in the background: until it is ready, every action is listed.
    service.ready = service.index(runtime.actions).catch((error: unknown) => {
      runtime.logger.warn({ err: error }, 'Action filter index could not be built; all actions will be listed');
    });
    return service;
  }

  get threshold(): number {
    return positiveSetting(this.runtime, 'ACTION_FILTER_THRESHOLD', 15);
  }

  /** Resolves once the start-up index is built. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** The actions to list for this message, in their original order. */
  async select(message: Memory, actions: readonly Action[]): Promise<Action[]> {
    if (actions.length <= this.threshold || !this.runtime.getModel('TEXT_EMBEDDING')) return [...actions];
    const text = message.content.text?.trim();
    if (!text) return [...actions];
    const missing = actions.filter((action) => !this.vectors.has(action.name));
    if (missing.length > 0) await this.index(missing);
    const query = message.embedding ?? (await embedTexts(this.runtime, [text], { semaphore: this.semaphore }))[0];
    const topK = positiveSetting(this.runtime, 'ACTION_FILTER_TOP_K', 10);
    const ranked = actions
      .filter((action) => !ALWAYS_LISTED.has(action.name))
      .map((action) => ({
        action,
        score: this.vectors.has(action.name) ? cosineSimilarity(query, this.vectors.get(action.name) ?? []) : -1,
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
    const chosen = new Set<Action>(ranked.map((r) => r.action));
    return actions.filter((action) => chosen.has(action) || ALWAYS_LISTED.has(action.name));
  }

  private async index(actions: readonly Action[]): Promise<void> {
    if (actions.length === 0 || !this.runtime.getModel('TEXT_EMBEDDING')) return;
    const batches: Action[][] = [];
    for (let i = 0; i < actions.length; i += 32) batches.push(actions.slice(i, i + 32));
    const processor = new BatchProcessor<Action[], void>({
      maxParallel: 2,
      process: async (batch) => {
        if (this.stopped) return;
        const vectors = await embedTexts(this.runtime, batch.map(actionText), { semaphore: this.semaphore });
        batch.forEach((action, i) => this.vectors.set(action.name, vectors[i]));
      },
      onExhausted: (batch, error) => {
        if (!this.stopped)
          this.runtime.logger.warn(
            { err: error, actions: batch.map((a) => a.name) },
            'Could not embed some actions; they are ranked last',
          );
      },
    });
    await processor.run(batches);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.semaphore.closed = true;
    this.vectors.clear();
  }
}
