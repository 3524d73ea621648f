import type { Logger } from '../../logger/logger';
import type { EventHandler } from '../../types/events';

/**
 * The one event system. Handlers of an event run concurrently; emit awaits
 * them all, and a throwing handler is logged with its owner's name without
 * affecting the others.
 */
export class EventBus {
  readonly handlers = new Map<string, EventHandler<string>[]>();
  private readonly owners = new WeakMap<EventHandler<string>, string>();

  constructor(private readonly logger: Logger) {}

  on(event: string, handler: EventHandler<string>, owner?: string): void {
    const list = this.handlers.get(event);
    if (list) list.push(handler);
    else this.handlers.set(event, [handler]);
    if (owner) this.owners.set(handler, owner);
  }

  off(event: string, handler: EventHandler<string>): void {
    const list = this.handlers.get(event);
    if (!list) return;
    const index = list.indexOf(handler);
    if (index >= 0) list.splice(index, 1);
  }

  get(event: string): EventHandler<string>[] | undefined {
    return this.handlers.get(event);
  }

  async emit(event: string, payload: Parameters<EventHandler<string>>[0]): Promise<void> {
    const list = this.handlers.get(event);
    if (!list || list.length === 0) return;
    if (list.length === 1) return this.invoke(event, list[0], payload);
    await Promise.all(list.slice().map((handler) => this.invoke(event, handler, payload)));
  }

  private async invoke(event: string, handler: EventHandler<string>, payload: Parameters<EventHandler<string>>[0]): Promise<void> {
    try {
      await handler(payload);
    } catch (error) {
      const owner = this.owners.get(handler) ?? 'unknown plugin';
      this.logger.error({ err: error, event, plugin: owner }, `Event handler of plugin "${owner}" for ${event} threw`);
    }
  }
}
