import type { ModelHandler, ModelHandlerFn } from '../../types/model';

/** Model handlers per type, ordered by priority (highest first), then registration order. */
export class ModelRegistry {
  /** Handlers by type, best first; `runtime.models` shows it as elizaOS's Map. */
  readonly table = new Map<string, ModelHandler[]>();
  private order = 0;

  register(modelType: string, handler: ModelHandlerFn<never, unknown>, provider: string, priority = 0): void {
    const list = this.table.get(modelType) ?? [];
    list.push({ handler, provider, priority, registrationOrder: this.order++ });
    list.sort((a, b) => b.priority - a.priority || a.registrationOrder - b.registrationOrder);
    this.table.set(modelType, list);
  }

  handlers(modelType: string): ModelHandler[] {
    return this.table.get(modelType) ?? [];
  }

  get(modelType: string, provider?: string): ModelHandler | undefined {
    const list = this.handlers(modelType);
    return provider ? list.find((entry) => entry.provider === provider) : list[0];
  }

  has(modelType: string): boolean {
    return this.handlers(modelType).length > 0;
  }
}
