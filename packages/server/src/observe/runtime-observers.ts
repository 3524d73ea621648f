import type { EventPayloadMap, IAgentRuntime } from '@kith/core';

/** The runtime events the server's run timelines and metrics are built from. */
export const OBSERVED_EVENTS = [
  'RUN_STARTED',
  'RUN_ENDED',
  'RUN_TIMEOUT',
  'ACTION_STARTED',
  'ACTION_COMPLETED',
  'EVALUATOR_STARTED',
  'EVALUATOR_COMPLETED',
  'MODEL_USED',
  'PROVIDER_COMPLETED',
  'DATABASE_OPERATION',
] as const;

export type ObservedEventName = (typeof OBSERVED_EVENTS)[number];

/** One observed event with its typed payload. */
export type ObservedEvent = { [E in ObservedEventName]: { name: E; payload: EventPayloadMap[E] } }[ObservedEventName];

export type RuntimeObserver = (event: ObservedEvent) => void;

const observers = new WeakMap<IAgentRuntime, Set<RuntimeObserver>>();

function dispatch(set: Set<RuntimeObserver>, event: ObservedEvent): void {
  for (const observer of set) observer(event);
}

/**
 * Calls `observer` with the runtime's run, action, evaluator, model, provider
 * and database events until the returned function is called. The runtime has
 * no way to unregister an event handler, so handlers are registered once per
 * runtime and forward to whoever observes it now.
 */
export function observeRuntime(runtime: IAgentRuntime, observer: RuntimeObserver): () => void {
  let set = observers.get(runtime);
  if (!set) {
    const created = new Set<RuntimeObserver>();
    set = created;
    observers.set(runtime, created);
    for (const name of OBSERVED_EVENTS) {
      runtime.registerEvent(name, (payload) => dispatch(created, { name, payload } as ObservedEvent));
    }
  }
  set.add(observer);
  return () => void set.delete(observer);
}
